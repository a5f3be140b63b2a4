import { Outlet } from "@remix-run/react";
import { LayoutErrorBoundary, LayoutFrame } from "~/components/layout-frame";

/** Layout family 1: public pages with a minimal header and footer. */
export default function PublicLayout() {
  return (
    <LayoutFrame>
      <Outlet />
    </LayoutFrame>
  );
}

/** A page's error keeps the minimal header and footer. */
export function ErrorBoundary() {
  return <LayoutErrorBoundary />;
}
