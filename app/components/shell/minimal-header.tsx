import { Logo } from "./logo";

export function MinimalHeader() {
  return (
    <header className="header header--minimal">
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <Logo />
    </header>
  );
}
