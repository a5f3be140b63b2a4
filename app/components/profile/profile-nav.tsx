import { NavLink } from "@remix-run/react";
import type { ReactNode } from "react";

const PAGES = [
  { to: "/profile/info", label: "Your profile" },
  { to: "/profile/communications", label: "Communications" },
  { to: "/profile/agency", label: "Agency information" },
  { to: "/profile/security", label: "Security settings" },
] as const;

/** The four profile pages' shared sub-navigation. */
export function ProfileNav() {
  return (
    <nav aria-label="Profile" className="tabs">
      <ul>
        {PAGES.map((page) => (
          <li key={page.to}>
            <NavLink to={page.to} end>
              {page.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A profile page: its heading, the profile's sub-navigation, then the page's own content. */
export function ProfileScreen({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby="screen-heading" className="profile">
      <h1 id="screen-heading">{heading}</h1>
      <ProfileNav />
      {children}
    </section>
  );
}
