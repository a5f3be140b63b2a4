import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { BackLink } from "~/components/back-link";
import { LayoutErrorBoundary, LayoutFrame } from "~/components/layout-frame";
import type { BackLayoutData } from "~/components/registration-page";
import { Logo } from "~/components/shell/logo";
import { MinimalHeader } from "~/components/shell/minimal-header";
import { requireAnonymous } from "~/server/auth/auth.server";
import { translationRestricted } from "~/server/shell/preferences.server";

export const BACK_LAYOUT_ID = "routes/layouts/back";

/**
 * Layout family 3: a back button and the logo; a signed-in user is sent to /home. The translation
 * flag rides along: the registration pages' language switcher shows only where it changes the page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return { translationRestricted: await translationRestricted() } satisfies BackLayoutData;
}

function BackHeader() {
  return (
    <MinimalHeader>
      <div className="header__actions">
        <BackLink />
        <Logo />
      </div>
    </MinimalHeader>
  );
}

export default function BackLayout() {
  return (
    <LayoutFrame header={<BackHeader />}>
      <Outlet />
    </LayoutFrame>
  );
}

/** A page's error keeps the back button, the logo and the footer. */
export function ErrorBoundary() {
  return <LayoutErrorBoundary header={<BackHeader />} />;
}
