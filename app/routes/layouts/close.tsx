import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useMatches } from "@remix-run/react";
import { LayoutErrorBoundary, LayoutFrame } from "~/components/layout-frame";
import { Logo } from "~/components/shell/logo";
import { MinimalHeader } from "~/components/shell/minimal-header";
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
    <MinimalHeader>
      <Logo />
      <Link to={closeTo} className="icon-link" aria-label="Close">
        <span aria-hidden="true">✕</span>
      </Link>
    </MinimalHeader>
  );
}

export default function CloseLayout() {
  return (
    <LayoutFrame header={<CloseHeader />}>
      <Outlet />
    </LayoutFrame>
  );
}

/** A page's error keeps the close button, the logo and the footer. */
export function ErrorBoundary() {
  return <LayoutErrorBoundary header={<CloseHeader />} />;
}
