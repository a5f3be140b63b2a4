import { Link, useRouteLoaderData } from "@remix-run/react";
import type { Footer } from "~/server/shell/footer.server";

/** The footer: links from the footer navigation, the logo, subsidiary logos and copyright. */
export function MinimalFooter() {
  const root = useRouteLoaderData<{ footer: Footer }>("root");
  return <FooterView footer={root?.footer} />;
}

type FooterData = NonNullable<ReturnType<typeof useRouteLoaderData<{ footer: Footer }>>>["footer"];

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
