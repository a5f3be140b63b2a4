import { Outlet } from "@remix-run/react";
import { MinimalFooter, MinimalHeader } from "~/components/shell";

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
