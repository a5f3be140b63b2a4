import { useEffect } from "react";
import { linkEvent, tagManagerScript } from "~/domain/analytics";

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * The tag manager (analytics link events), only when GTM_ID is set: the data layer started by a tiny inline
 * script and the container's script, both under this response's CSP nonce; the container loads async,
 * so it never holds up the page. Browsers hide nonces after parsing, so the client renders the same
 * elements without one and React keeps the server's.
 */
export function TagManager({ gtmId, nonce }: { gtmId: string; nonce: string }) {
  return (
    <>
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{
          __html:
            'window.dataLayer=window.dataLayer||[];window.dataLayer.push({"gtm.start":Date.now(),event:"gtm.js"});',
        }}
      />
      <script async src={tagManagerScript(gtmId)} nonce={nonce} suppressHydrationWarning />
    </>
  );
}

/** The address a tracked element leads to: a link's, or its form's for a submit button. */
function destinationOf(element: HTMLElement): string {
  if (element instanceof HTMLAnchorElement) return element.href;
  if (element instanceof HTMLButtonElement || element instanceof HTMLInputElement) return element.form?.action ?? "";
  return element.getAttribute("href") ?? "";
}

/**
 * One delegated click listener for the whole document, installed once by the root (browser only): a
 * click on an element with `data-analytics-event` (links made with `analyticsAttributes`) pushes its
 * link event onto `window.dataLayer`. Without JavaScript links work as ever and nothing is recorded.
 */
export function useLinkAnalytics() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      const element = target.closest<HTMLElement>("[data-analytics-event]");
      if (!element) return;
      const pushed = linkEvent(element.dataset, {
        pageUrl: window.location.href,
        href: destinationOf(element),
        text: element.textContent || element.getAttribute("aria-label") || element.title || "",
      });
      if (!pushed) return;
      window.dataLayer = window.dataLayer ?? [];
      window.dataLayer.push(pushed);
    };
    // Capture: recorded before a router or a handler can stop the click.
    document.addEventListener("click", onClick, { capture: true });
    return () => document.removeEventListener("click", onClick, { capture: true });
  }, []);
}
