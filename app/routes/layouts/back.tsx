import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useRouteError } from "@remix-run/react";
import { BackLink } from "~/components/back-link";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MinimalFooter } from "~/components/shell/footer";
import { Logo } from "~/components/shell/logo";
import { requireAnonymous } from "~/server/auth/auth.server";
import { translationRestricted } from "~/server/shell/preferences.server";

export const BACK_LAYOUT_ID = "routes/layouts/back";

/**
 * Layout family 3: a back button and the logo; a signed-in user is sent to /home. The translation
 * flag rides along: the registration pages' language switcher shows only where it changes the page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return { translationRestricted: await translationRestricted() };
}

function BackHeader() {
  return (
    <header className="header header--minimal">
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <div className="header__actions">
        <BackLink />
        <Logo />
      </div>
    </header>
  );
}

export default function BackLayout() {
  return (
    <>
      <BackHeader />
      <main id="main" className="page page--narrow">
        <Outlet />
      </main>
      <MinimalFooter />
    </>
  );
}

/** A page's error keeps the back button, the logo and the footer. */
export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <>
      <BackHeader />
      <main id="main" className="page page--narrow">
        <GeneralErrorBoundary error={error} />
      </main>
      <MinimalFooter />
    </>
  );
}
