import type { ReactNode } from "react";
import { Logo } from "./logo";

/** The minimal header: the skip link, then the logo or what a layout puts in its place. */
export function MinimalHeader({ children = <Logo /> }: { children?: ReactNode }) {
  return (
    <header className="header header--minimal">
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      {children}
    </header>
  );
}
