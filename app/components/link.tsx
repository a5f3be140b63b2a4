import { Link as RemixLink, useNavigate, type LinkProps } from "@remix-run/react";
import { createContext, useContext, useMemo, type MouseEvent, type ReactNode } from "react";

/**
 * The portal's links (decision 029). A link to a plain path ("/itinerary/detail?sailing=…") is an
 * `<a>` with the same HTML as Remix's Link, followed in the page by one `navigate` shared through
 * context. Remix's Link costs about 30 µs of server render each, with three path resolutions and
 * some twenty hooks, and a results page draws dozens. Anything else goes to Remix's Link: a
 * relative path, an object, or any of its options (prefetch, replace, state, scroll, reload, an
 * onClick of the caller's own).
 */
export function Link(props: LinkProps) {
  const follow = useContext(FollowContext);
  if (follow && isPlainLink(props)) {
    const { to, ...anchor } = props;
    return <a {...anchor} href={to} data-discover="true" onClick={follow} />;
  }
  return <RemixLink {...props} />;
}

/** Whether the portal draws the link itself: a plain path ("/…", not "//host") and none of the router's options. */
export function isPlainLink(props: LinkProps): props is LinkProps & { to: string } {
  const { to } = props;
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//")) return false;
  return !ROUTER_OPTIONS.some((option) => props[option] !== undefined);
}

const ROUTER_OPTIONS = [
  "onClick",
  "prefetch",
  "discover",
  "reloadDocument",
  "replace",
  "state",
  "preventScrollReset",
  "relative",
  "viewTransition",
] as const satisfies ReadonlyArray<keyof LinkProps>;

type Follow = (event: MouseEvent<HTMLAnchorElement>) => void;
const FollowContext = createContext<Follow | null>(null);

/** Around the app, once: the one handler every plain-path link shares. Without it, links are Remix's. */
export function LinkFollower({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const follow = useMemo<Follow>(
    () => (event) => {
      const link = event.currentTarget;
      if (!followsInPage(event, link)) return;
      event.preventDefault();
      const href = link.getAttribute("href")!;
      navigate(href, { replace: replacesEntry(href, window.location) });
    },
    [navigate],
  );
  return <FollowContext.Provider value={follow}>{children}</FollowContext.Provider>;
}

/**
 * As a browser does, and React Router's Link: following a link to the page you are on (path, query
 * and fragment alike) replaces its history entry instead of adding a second one.
 */
export function replacesEntry(href: string, here: Pick<Location, "pathname" | "search" | "hash">): boolean {
  return href === `${here.pathname}${here.search}${here.hash}`;
}

type Click = Pick<MouseEvent, "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey" | "defaultPrevented">;

/**
 * Whether a click on a link is the router's to follow (React Router's rule): the main button, no
 * modifier key (a new tab or window, a download), the link's own window, not a download link.
 */
export function followsInPage(click: Click, link: Pick<HTMLAnchorElement, "target" | "hasAttribute">): boolean {
  if (click.defaultPrevented || click.button !== 0) return false;
  if (click.metaKey || click.altKey || click.ctrlKey || click.shiftKey) return false;
  if (link.target && link.target !== "_self") return false;
  return !link.hasAttribute("download");
}
