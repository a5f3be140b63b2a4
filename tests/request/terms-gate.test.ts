import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@remix-run/route-config";
import { expect, it } from "vitest";
import routes from "../../app/routes";
import { textOf, servePortal } from "./harness";

/**
 * The terms gate on every request (from tests/e2e/terms-gate.spec.ts): until agent.terms accepts the
 * current terms of use, only the legal pages, the acceptance itself and logout are reachable. This
 * walks every route of app/routes.ts, so a route added later cannot forget the gate: a page shows
 * the terms dialog (403), a data request (`.data`) or a resource route is refused (403), and a post
 * is refused before the route's own code runs, so it writes nothing. Accepting, in a browser, is
 * tests/e2e/legal-language.spec.ts's.
 */

const portal = servePortal();

/** Routes anyone may open signed out, so the gate has nothing to hold back there (with the reason). */
const OPEN_TO_EVERYONE: Record<string, string> = {
  "routes/auth/login.tsx": "sign-in (a signed-in agent is sent home)",
  "routes/auth/otp-verify.tsx": "sign-in's second step",
  "routes/travel-docs/preview.tsx": "a public preview link, opened by its signed token",
  "routes/unsubscribe.tsx": "a digest's unsubscribe link, opened by its signed token",
  "routes/legal/legal-page.tsx": "the legal pages the dialog links to",
  "routes/error.tsx": "the error page",
  "routes/resources/healthz.ts": "the health check",
  "routes/resources/language.ts": "the language cookie of the public pages",
  "routes/resources/icon-sprite.ts": "the icon sprite",
  "routes/resources/currency-flag.ts": "a flag image",
  "routes/resources/ship-image.ts": "a ship's catalogue image",
  "routes/resources/offer-image.ts": "an offer's catalogue image",
  "routes/index.tsx": "a redirect",
  "routes/catch-all.tsx": "a redirect",
};

/** What must stay reachable before accepting: the acceptance itself and logout. */
const REACHABLE_BEFORE_ACCEPTING = new Set(["routes/legal/accept.ts", "routes/auth/logout.tsx"]);

/** Sample values for the routes' parameters: the gate must refuse before any of them is looked at. */
const PARAMS: Record<string, string> = { toolCode: "EQUOTE", list: "alerts", app: "espresso", document: "invoice" };

type Walked = { path: string; file: string; underAppLayout: boolean };

function walk(entries: RouteConfigEntry[], parent = "", underAppLayout = false): Walked[] {
  return entries.flatMap((entry) => {
    const full = entry.path === undefined ? parent : `${parent}/${entry.path}`.replace(/\/+/g, "/");
    const inApp = underAppLayout || entry.file === "routes/layouts/app.tsx";
    const own = entry.children ? [] : [{ path: full || "/", file: entry.file, underAppLayout: inApp }];
    return [...own, ...walk(entry.children ?? [], full, inApp)];
  });
}

const concrete = (routePath: string) =>
  routePath.replace(/:(\w+)/g, (_, name: string) => PARAMS[name] ?? "X1000001").replace("*", "anything");

const APP = path.resolve(import.meta.dirname, "../../app");
const moduleSource = (file: string) => readFileSync(path.join(APP, file), "utf8");
const hasAction = (file: string) => /export (async )?function action\b|export const action\b/.test(moduleSource(file));
const hasLoader = (file: string) => /export (async )?function loader\b|export const loader\b/.test(moduleSource(file));
const isPage = (file: string) => /export default function/.test(moduleSource(file));

const walked = walk(routes);

/** The terms dialog in a page's place (layouts/app.tsx's gate). */
const TERMS_DIALOG = /<dialog open="" class="dialog dialog--terms" aria-labelledby="terms-title"/;

it("every route but the legal pages, the acceptance and logout refuses an agent who has not accepted the terms", async () => {
  expect(walked.length).toBeGreaterThan(100);
  const agent = await portal.signIn("agent.terms");
  expect(agent.signedInTo).toBe("/home");
  const home = await agent.get("/home");
  expect(home.status).toBe(403);
  expect(home.body).toMatch(TERMS_DIALOG);
  expect(textOf(home.body)).toContain("We've updated our Terms of Use");
  expect(home.body).not.toContain("Welcome,");

  const failures: string[] = [];
  const refused = (status: number) => status === 403;
  // A redirect may only lead somewhere on this site, never out with a token (a tool's single sign-on).
  const harmlessRedirect = (status: number, location: string | null) =>
    status >= 300 && status < 400 && !!location && location.startsWith("/") && !location.startsWith("//");

  for (const route of walked) {
    if (route.file in OPEN_TO_EVERYONE) continue;
    const url = concrete(route.path);
    const exempt = REACHABLE_BEFORE_ACCEPTING.has(route.file);
    if (isPage(route.file) && route.underAppLayout) {
      // A page: the terms dialog in its place, with none of its data.
      const get = await agent.get(url);
      if (!exempt && !(refused(get.status) || harmlessRedirect(get.status, get.location))) {
        failures.push(`GET ${url} answered ${get.status}`);
      } else if (get.status === 403 && !(TERMS_DIALOG.test(get.body) && get.body.includes('id="terms-title"'))) {
        failures.push(`GET ${url} did not show the terms dialog`);
      }
      const data = await agent.get(`${url}.data`);
      if (!exempt && !refused(data.status) && data.status !== 202 && data.status !== 204) {
        failures.push(`GET ${url}.data answered ${data.status}`);
      }
    } else if (hasLoader(route.file) || isPage(route.file)) {
      // A resource route or a public page (an action-only resource has no GET to refuse).
      const get = await agent.get(url);
      if (!exempt && !(refused(get.status) || get.status === 405 || harmlessRedirect(get.status, get.location))) {
        failures.push(`GET ${url} answered ${get.status}${get.location ? ` → ${get.location}` : ""}`);
      }
    }
    if (hasAction(route.file) && !exempt) {
      const post = await agent.post(url, { form: { intent: "save", redirectTo: "/home", value: "gate" } });
      // A public form's post (registration, recovery) sends a signed-in agent home, untouched.
      const sentHome = !route.underAppLayout && post.location === "/home";
      if (!refused(post.status) && post.status !== 405 && !sentHome) {
        failures.push(`POST ${url} answered ${post.status}`);
      }
    }
  }
  expect(failures).toEqual([]);

  // Still not accepted, still signed in: the dialog offers the way out, and logout is always reachable.
  const after = await agent.get("/home");
  expect(after.status).toBe(403);
  expect(after.body).toMatch(
    /<form method="post" action="\/logout"[^>]*><button type="submit"[^>]*>Log out<\/button><\/form><\/div><\/dialog>/,
  );
  const logout = await agent.post("/logout");
  expect(logout.status).toBe(302);
  expect(logout.location).toMatch(/^\/login/);
  const signedOut = await agent.get("/home");
  expect(signedOut.status).toBe(302);
  expect(signedOut.location).toBe("/login?redirectTo=%2Fhome");
}, 240_000);
