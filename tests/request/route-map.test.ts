import { describe, expect, it } from "vitest";
import { headings, textOf, titleOf, servePortal, type Client } from "./harness";

/**
 * The route map by request (from tests/e2e/route-map.spec.ts and legal-language.spec.ts): who is
 * sent where, every page's title, the areas' Page not found, the legal pages' shells and text. What
 * a person does on these pages (the back and close buttons, focus after navigation) and axe on the
 * pages these walks end on stay in tests/e2e/route-map.spec.ts.
 */

const portal = servePortal();

const AGENT_PAGES: Array<[string, string]> = [
  ["/home", "Home page"],
  ["/welcome", "Welcome to Professional Portal"],
  ["/super-user", "Super User Log in"],
  ["/explore-our-fleet", "Explore our fleet"],
  ["/explore-our-fleet/symphony-of-the-seas", "Symphony of the Seas"],
  ["/promotion/home", "Promotions"],
  ["/promotion/featured-offers", "Promotions"],
  ["/insights/overview", "Insights"],
  ["/insights/coupon-application-details", "Insights"],
  ["/user-management", "User Management"],
  ["/group-travel-hub", "Group Travel Hub"],
  ["/profile/info", "Profile"],
  ["/profile/communications", "Communications - Profile"],
  ["/profile/agency", "Agency Information - Profile"],
  ["/profile/security", "Security Settings - Profile"],
  ["/certificate-redemption", "Certificate redemption"],
  ["/travel-docs", "Travel Documents"],
  ["/alerts", "Alerts"],
  ["/reduced-rates", "Reduced rates"],
  ["/itinerary/search", "Itineraries"],
  ["/itineraries/compare", "Itineraries"],
];

/**
 * Each public page, its title, and its status (a link without its token says so: 400 or 404); a page
 * that cannot be shown yet names where it sends the visitor (the stepper without an agency found).
 */
const PUBLIC_PAGES: Array<[string, string, number | `→ ${string}`]> = [
  ["/login", "Login", 200],
  ["/register", "Agent Registration", 200],
  ["/register/stepper", "Agent Registration", "→ /register"],
  ["/register-agency", "Agency registration", 200],
  ["/register-agency/verify", "Verify your agency", 200],
  ["/account/forgot", "Forgot your username or password?", 200],
  ["/account/forgot/password", "Forgot your password?", 200],
  ["/account/forgot/password/email-verified", "E-mail verified", 200],
  ["/account/forgot/password/reset-success", "Your password has been reset", 200],
  ["/account/forgot/username", "Forgot your username?", 200],
  ["/terms-of-use", "Terms of use", 200],
  ["/privacy-policy", "Privacy policy", 200],
  ["/travel-agent-guidelines", "Travel agent guidelines", 200],
  // A preview link without its token: not found, said on the page.
  ["/travel-docs/html/preview", "Travel Documents", 404],
  // The booking-alert digest e-mail's link; without a token it says the link is not valid.
  ["/unsubscribe", "Unsubscribe", 400],
];

/** Pages of a role (ADMIN, RCCLADMIN, RCCL) rather than a tool: agent.usa (AGENT) is sent to /home from them. */
const ROLE_PAGES = new Set(["/user-management", "/super-user"]);

/** The signed-in shell's log-out button (the header's form). */
const LOG_OUT_BUTTON = /<form method="post" action="\/logout"[^>]*><button type="submit"[^>]*>Log out<\/button>/;

async function expectRedirect(client: Client, path: string, to: string) {
  const answer = await client.get(path);
  expect(answer.status, path).toBe(302);
  expect(answer.location, path).toBe(to);
}

describe("signed out", () => {
  it("every protected route goes to /login with the origin remembered", async () => {
    const visitor = portal.client();
    for (const [path] of AGENT_PAGES) {
      const to = `/login?redirectTo=${encodeURIComponent(path)}`;
      await expectRedirect(visitor, path, to);
      const login = await visitor.get(to);
      expect(login.status, to).toBe(200);
      expect(titleOf(login.body), to).toBe("Login | Professional Portal");
    }
  });

  it("every public route answers with its title and a heading", async () => {
    const visitor = portal.client();
    for (const [path, name, status] of PUBLIC_PAGES) {
      let page = await visitor.get(path);
      if (typeof status === "string") {
        expect(page.status, path).toBe(302);
        expect(`→ ${page.location}`, path).toBe(status);
        page = await visitor.get(page.location!);
      }
      expect(page.status, path).toBe(typeof status === "string" ? 200 : status);
      expect(titleOf(page.body), path).toBe(`${name} | Professional Portal`);
      expect(headings(page.body).filter(Boolean).length, path).toBeGreaterThan(0);
    }
  });

  it("a language cookie with an unknown value reads as English", async () => {
    const visitor = portal.client();
    visitor.jar.set("pp_lang", "klingon");
    const page = await visitor.get("/register");
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/^<!DOCTYPE html><html lang="en-US"/i);
  });
});

describe("signed in", () => {
  it("agent.usa opens every protected route with its title", async () => {
    const agent = await portal.signIn("agent.usa");
    for (const [path, name] of AGENT_PAGES.filter(([p]) => !ROLE_PAGES.has(p))) {
      const page = await agent.get(path);
      expect(page.status, path).toBe(200);
      expect(titleOf(page.body), path).toBe(`${name} | Professional Portal`);
    }
  });

  it("user management is for agency administrators: admin.can opens it, agent.usa is sent to /home", async () => {
    await expectRedirect(await portal.signIn("agent.usa"), "/user-management", "/home");
    const admin = await (await portal.signIn("admin.can")).get("/user-management");
    expect(admin.status).toBe(200);
    expect(titleOf(admin.body)).toBe("User Management | Professional Portal");
  });

  it("a path under an area (its wildcard route) that is none of its pages is Page not found in the shell", async () => {
    const notFound = async (agent: Client, path: string) => {
      const page = await agent.get(path);
      expect(page.status, path).toBe(404);
      expect(titleOf(page.body), path).toBe("Page not found | Professional Portal");
      expect(headings(page.body), path).toContain("Page not found");
      // The signed-in shell around it: the main navigation and the log-out button.
      expect(page.body, path).toMatch(/<nav [^>]*aria-label="Main"/);
      expect(page.body, path).toMatch(LOG_OUT_BUTTON);
    };
    const usa = await portal.signIn("agent.usa");
    for (const path of ["/travel-docs/nope", "/group-travel-hub/a/b", "/reduced-rates/nope"]) await notFound(usa, path);
    await notFound(await portal.signIn("admin.can"), "/user-management/nope");
    // The area's guard comes first: without GUEST-DOCS, home.
    await expectRedirect(await portal.signIn("agent.basic"), "/travel-docs/nope", "/home");
  });

  it("the super-user pages are for RCCL and RCCLADMIN: rccl.staff opens them, admin.can is sent to /home", async () => {
    await expectRedirect(await portal.signIn("admin.can"), "/super-user", "/home");
    const staff = await portal.signIn("rccl.staff");
    const search = await staff.get("/super-user");
    expect(search.status).toBe(200);
    expect(titleOf(search.body)).toBe("Super User Log in | Professional Portal");
    await expectRedirect(staff, "/super-user/agency-found", "/super-user");
  });

  it("a signed-in agent is kept out of the registration and recovery layouts", async () => {
    const agent = await portal.signIn("agent.usa");
    for (const path of ["/register", "/register-agency/stepper", "/account/forgot/password", "/otp-verify"]) {
      await expectRedirect(agent, path, "/home");
    }
  });

  it("a user lacking a route's tool is sent to /home", async () => {
    const agent = await portal.signIn("agent.basic");
    for (const path of [
      "/explore-our-fleet",
      "/promotion/home",
      "/travel-docs",
      "/insights/overview",
      "/insights/coupon-application-details",
    ]) {
      await expectRedirect(agent, path, "/home");
    }
    const profile = await agent.get("/profile/info");
    expect(profile.status).toBe(200);
    expect(titleOf(profile.body)).toBe("Profile | Professional Portal");
  });

  it("/insights and /profile open their first page", async () => {
    const agent = await portal.signIn("agent.usa");
    await expectRedirect(agent, "/insights", "/insights/overview");
    await expectRedirect(agent, "/profile", "/profile/info");
  });
});

describe("the legal pages", () => {
  it("draw the signed-in shell for a signed-in agent, the minimal one otherwise", async () => {
    const signedOut = await portal.get("/terms-of-use");
    expect(signedOut.status).toBe(200);
    expect(signedOut.body).not.toMatch(/>Log out</);
    const signedIn = await (await portal.signIn("agent.usa")).get("/terms-of-use");
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatch(LOG_OUT_BUTTON);
  });

  it("render the content service's text, sanitised", async () => {
    for (const [path, title] of [
      ["/terms-of-use", "Terms of Use"],
      ["/privacy-policy", "Privacy Policy"],
      ["/travel-agent-guidelines", "Travel Agent Guidelines"],
    ] as const) {
      const page = await portal.get(path);
      expect(page.status, path).toBe(200);
      expect(headings(page.body), path).toEqual([title]);
      const articles = [...page.body.matchAll(/<article\b[^>]*>([\s\S]*?)<\/article>/g)].map(([, inner]) => inner!);
      expect(articles, path).toHaveLength(1);
      const article = articles[0]!;
      expect(headings(article, 2).length, path).toBeGreaterThan(2);
      expect(textOf(article).length, path).toBeGreaterThan(1000);
      // Sanitised: no script, no handler, no javascript: link in what the content service sent.
      expect(article, path).not.toMatch(/<script|<iframe|<style|\son\w+=|javascript:/i);
    }
  });
});
