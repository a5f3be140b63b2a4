import { Form, Link } from "@remix-run/react";

export function Logo() {
  return (
    <Link to="/home" className="logo" aria-label="Professional Portal home">
      <span aria-hidden="true" className="logo__mark">
        PP
      </span>
      <span className="logo__text">Professional Portal</span>
    </Link>
  );
}

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

export function MinimalFooter() {
  return (
    <footer className="footer">
      <p>© {new Date().getFullYear()} Royal Caribbean Group. Royal Caribbean, Celebrity Cruises and Silversea.</p>
    </footer>
  );
}

/** Logout is a plain form post, so it works without JavaScript. */
export function LogoutForm({ className }: { className?: string }) {
  return (
    <Form method="post" action="/logout" className={className} onSubmit={announceLogout}>
      <button type="submit" className="button button--secondary">
        Log out
      </button>
    </Form>
  );
}

/**
 * Logout step 2 (section 4): before the post, widgets that live in the browser (the chat widget)
 * shut down. They listen for this event.
 */
export function announceLogout() {
  window.dispatchEvent(new Event("portal:logout"));
}

export function AppHeader({ agentName, agencyName }: { agentName: string; agencyName: string }) {
  return (
    <header className="header">
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <Logo />
      <div className="header__account">
        <span className="header__agent">
          <span className="header__name">{agentName}</span>
          <span className="header__agency">{agencyName}</span>
        </span>
        <LogoutForm />
      </div>
    </header>
  );
}
