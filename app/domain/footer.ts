export type FooterLink = { key: string; label: string; href: string; public: boolean };

/**
 * The footer: the travel-agent-guidelines link shows only when signed in or when the link is
 * public; the register-agency link is hidden when signed in. Other links follow their public flag.
 */
export function footerLinks(links: readonly FooterLink[], signedIn: boolean): FooterLink[] {
  return links.filter((link) => {
    if (link.key === "register-agency") return !signedIn;
    return signedIn || link.public;
  });
}
