import { useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "./error-boundary";
import { MinimalFooter } from "./shell/footer";
import { MinimalHeader } from "./shell/minimal-header";

/**
 * The frame of the layouts outside the signed-in shell: a header (the minimal one unless the layout
 * gives its own), the main region the skip link points at, the footer.
 */
export function LayoutFrame({ header = <MinimalHeader />, children }: { header?: ReactNode; children: ReactNode }) {
  return (
    <>
      {header}
      <main id="main" className="page page--narrow">
        {children}
      </main>
      <MinimalFooter />
    </>
  );
}

/** An error in the frame: the message where the page would be, the header and footer kept. */
export function FramedError({ error, header }: { error: unknown; header?: ReactNode }) {
  return (
    <LayoutFrame header={header}>
      <GeneralErrorBoundary error={error} />
    </LayoutFrame>
  );
}

/** A layout's error boundary: the page's error in the layout's own frame. */
export function LayoutErrorBoundary({ header }: { header?: ReactNode }) {
  return <FramedError error={useRouteError()} header={header} />;
}
