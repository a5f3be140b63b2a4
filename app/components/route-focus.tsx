import { useLocation } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";

/** What can take focus (a `tabindex` of -1 included: focus can be put there, not tabbed to). */
const FOCUSABLE = "a[href], button, input, select, textarea, [tabindex]";

/** Screen-reader announcements clear after 3 s. */
export const ANNOUNCEMENT_CLEAR_MS = 3000;

const AnnounceContext = createContext<(message: string) => void>(() => {});
/** Say something politely to screen-reader users ("Notification dismissed"). */
export const useAnnounce = () => useContext(AnnounceContext);

/**
 * After each client-side navigation, focus moves to the first heading, else the main region, else
 * the first control, and the new page's title is announced in a polite live region that
 * clears after 3 seconds. The first page load keeps the browser's own focus.
 */
export function RouteFocus({ children }: { children: ReactNode }) {
  const location = useLocation();
  const [message, setMessage] = useState("");
  const first = useRef(true);
  const page = `${location.pathname}${location.search}`;
  const lastPage = useRef(page);

  const announce = useCallback((text: string) => {
    setMessage(text);
  }, []);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(""), ANNOUNCEMENT_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [message]);

  useEffect(() => {
    const otherPage = page !== lastPage.current;
    lastPage.current = page;
    if (first.current) {
      first.current = false;
      return;
    }
    if (location.hash) {
      // A jump inside the page keeps the browser's own focus. A link to another page's fragment
      // (the next page of results, a sailing's row) starts the keyboard there, as a new document
      // would: on the fragment when it takes focus, else on its first control.
      if (!otherPage) return;
      const fragment = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      const target = fragment?.matches(FOCUSABLE) ? fragment : fragment?.querySelector<HTMLElement>(FOCUSABLE);
      target?.focus({ preventScroll: true });
      announce(document.title);
      return;
    }
    const target =
      document.querySelector<HTMLElement>("main h1, h1") ??
      document.querySelector<HTMLElement>("main, [role=main]") ??
      document.querySelector<HTMLElement>(`${FOCUSABLE}:not([tabindex='-1'])`);
    if (target) {
      if (!target.matches(FOCUSABLE)) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: false });
    }
    announce(document.title);
  }, [page, location.hash, announce]);

  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {message}
      </div>
    </AnnounceContext.Provider>
  );
}
