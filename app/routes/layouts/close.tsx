import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useMatches, useRouteError } from "@remix-run/react";
import { Link } from "~/components/link";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MinimalFooter } from "~/components/shell/footer";
import { Logo } from "~/components/shell/logo";
import { requireAnonymous } from "~/server/auth/auth.server";

/** A route of this layout may name where its close button goes; /login otherwise. */
export type CloseHandle = { closeTo?: string };

/** Layout family 2: a top-right close button that goes to /login by default. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

function CloseHeader() {
  const matches = useMatches();
  const closeTo =
    [...matches]
      .reverse()
      .map((m) => (m.handle as CloseHandle | undefined)?.closeTo)
      .find(Boolean) ?? "/login";
  return (
    <header className="header header--minimal">
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <Logo />
      <Link to={closeTo} className="icon-link" aria-label="Close">
        <span aria-hidden="true">✕</span>
      </Link>
    </header>
  );
}

export default function CloseLayout() {
  return (
    <>
      <CloseHeader />
      <main id="main" className="page page--narrow">
        <Outlet />
      </main>
      <MinimalFooter />
    </>
  );
}

/** A page's error keeps the close button, the logo and the footer. */
export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <>
      <CloseHeader />
      <main id="main" className="page page--narrow">
        <GeneralErrorBoundary error={error} />
      </main>
      <MinimalFooter />
    </>
  );
}
