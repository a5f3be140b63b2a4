import { Outlet, useRouteError } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MinimalFooter } from "~/components/shell/footer";
import { MinimalHeader } from "~/components/shell/minimal-header";

/** Layout family 1: public pages with a minimal header and footer. */
export default function PublicLayout() {
  return (
    <>
      <MinimalHeader />
      <main id="main" className="page page--narrow">
        <Outlet />
      </main>
      <MinimalFooter />
    </>
  );
}

/** A page's error keeps the minimal header and footer. */
export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <>
      <MinimalHeader />
      <main id="main" className="page page--narrow">
        <GeneralErrorBoundary error={error} />
      </main>
      <MinimalFooter />
    </>
  );
}
