/**
 * Kept forms (decision 031): the pure rules, shared by the server and the browser.
 * A form posted after the session ended is kept for the account, and its page gives it back filled
 * in after the same account signs in again.
 */

import { NOT_PART_OF_THE_PAGE } from "~/domain/redirect";

/** How long a kept form lives (minutes): as long as the idle limit that most often ends a session. */
export const KEPT_FORM_MINUTES = 30;

/** A form as posted: its fields in order (a checkbox group repeats its name). */
export type KeptFields = Array<[string, string]>;

/** The line on a page that gives a kept form back. */
export const KEPT_FORM_NOTICE =
  "You were signed out, so we kept what you entered here. Check it and submit it when you are ready: nothing has been sent.";

/**
 * The pages whose forms are kept and given back: the profile's edit items and the agency's details,
 * the reduced-rate and group-space requests, and user management. Only pages: a post to a resource
 * route (a dismissal, the keepalive, a preference) is not a form to come back to.
 */
const KEPT_PAGES: readonly RegExp[] = [
  /^\/profile\/(info|communications|agency)$/,
  /^\/reduced-rates\/request$/,
  /^\/group-travel-hub\/request$/,
  /^\/user-management\/invite$/,
  /^\/user-management\/agents\/\d{1,12}$/,
];

/** Parameters that say where the request came from, not which page it is. */
const NOT_THE_PAGE = new Set([...NOT_PART_OF_THE_PAGE, "index", "redirectTo", "reason"]);

/** The page a form belongs to: its path and its query (sorted; the framework's own parameters dropped). */
export function keptFormPath(url: URL): string {
  const params = [...new URLSearchParams(url.search)].filter(([name]) => !NOT_THE_PAGE.has(name));
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  const pathname = url.pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  return pathname + (query ? `?${query}` : "");
}

/** Whether forms posted on this page (path and query) are kept. */
export function isKeptFormPage(page: string): boolean {
  const pathname = page.split("?")[0] ?? "";
  return KEPT_PAGES.some((pattern) => pattern.test(pathname));
}
