import { Form, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { Link } from "~/components/link";
import type { loader as RootLoader } from "~/root";

/**
 * The logo links to /home. Its name is its text (WCAG 2.5.3: the name contains what is seen): the
 * words "Professional Portal", then "home". The round "PP" mark is drawing, not text; on narrow
 * screens, where the words are hidden, they stay in the name.
 */
export function Logo() {
  return (
    <Link to="/home" className="logo">
      <span aria-hidden="true" className="logo__mark">
        PP
      </span>
      <span className="logo__text">Professional Portal</span>
      <span className="visually-hidden"> home</span>
    </Link>
  );
}

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

/** Section 2 footer: links from the footer navigation, the logo, subsidiary logos and copyright. */
export function MinimalFooter() {
  const root = useRouteLoaderData<typeof RootLoader>("root");
  return <FooterView footer={root?.footer} />;
}

type FooterData = NonNullable<ReturnType<typeof useRouteLoaderData<typeof RootLoader>>>["footer"];

/** The footer drawn from its content (the root loader's `footer`). */
export function FooterView({ footer }: { footer: FooterData | undefined }) {
  return (
    <footer className="footer">
      {footer?.links.length ? (
        <nav aria-label="Footer">
          <ul className="footer__links">
            {footer.links.map((link) => (
              <li key={link.key}>
                {link.href.startsWith("/") ? (
                  <Link to={link.href}>{link.label}</Link>
                ) : (
                  <a href={link.href}>{link.label}</a>
                )}
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {footer?.logo ? (
        <p className="footer__group-logo">
          <img
            src={footer.logo.path}
            alt={footer.logo.description}
            width={footer.logo.width}
            height={footer.logo.height}
            loading="lazy"
          />
        </p>
      ) : null}
      {footer?.subsidiaryLogos.length ? (
        <ul className="footer__logos">
          {footer.subsidiaryLogos.map((logo) => (
            <li key={logo.path}>
              <img src={logo.path} alt={logo.description} height={28} loading="lazy" />
            </li>
          ))}
        </ul>
      ) : null}
      <p>{footer?.copyright ?? "© Royal Caribbean Group"}</p>
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
