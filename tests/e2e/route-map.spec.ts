import type { Page } from "@playwright/test";
import { expect, expectAccessible, hydrated, test } from "./support/fixtures";

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

const PUBLIC_PAGES: Array<[string, string]> = [
  ["/login", "Login"],
  ["/register", "Agent Registration"],
  ["/register/stepper", "Agent Registration"],
  ["/register-agency", "Agency registration"],
  ["/register-agency/verify", "Verify your agency"],
  ["/account/forgot", "Forgot your username or password?"],
  ["/account/forgot/password", "Forgot your password?"],
  ["/account/forgot/password/email-verified", "E-mail verified"],
  ["/account/forgot/password/reset-success", "Your password has been reset"],
  ["/account/forgot/username", "Forgot your username?"],
  ["/terms-of-use", "Terms of use"],
  ["/privacy-policy", "Privacy policy"],
  ["/travel-agent-guidelines", "Travel agent guidelines"],
  ["/travel-docs/html/preview", "Travel Documents"],
  // The booking-alert digest e-mail's link; without a token it says the link is not valid.
  ["/unsubscribe", "Unsubscribe"],
];

test("signed out, every protected route goes to /login with the origin remembered", async ({ page }) => {
  for (const [path] of AGENT_PAGES) {
    await page.goto(path);
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
  }
});

test("signed out, every public route answers with its title", async ({ page }) => {
  for (const [path, name] of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(`${name} | Professional Portal`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  await expectAccessible(page);
});

/** Pages of a role (ADMIN, RCCLADMIN, RCCL) rather than a tool: agent.usa (AGENT) is sent to /home from them. */
const ROLE_PAGES = new Set(["/user-management", "/super-user"]);

test("agent.usa opens every protected route with its title", async ({ page, login }) => {
  await login("agent.usa");
  for (const [path, name] of AGENT_PAGES.filter(([p]) => !ROLE_PAGES.has(p))) {
    await page.goto(path);
    await expect(page, path).toHaveURL(path);
    await expect(page, path).toHaveTitle(`${name} | Professional Portal`);
  }
  await expectAccessible(page);
});

test("user management is for agency administrators: admin.can opens it, agent.usa is sent to /home", async ({
  page,
  login,
}) => {
  await login("agent.usa");
  await page.goto("/user-management");
  await expect(page).toHaveURL(/\/home$/);
  await page.context().clearCookies();
  await login("admin.can");
  await page.goto("/user-management");
  await expect(page).toHaveTitle("User Management | Professional Portal");
});

test("a path under an area (its wildcard route) that is none of its pages is Page not found in the shell", async ({
  page,
  login,
}) => {
  const notFound = async (path: string) => {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page, path).toHaveTitle("Page not found | Professional Portal");
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" }), path).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" }), path).toBeVisible();
  };
  await login("agent.usa");
  for (const path of ["/travel-docs/nope", "/group-travel-hub/a/b", "/reduced-rates/nope"]) await notFound(path);
  await expectAccessible(page);
  await page.context().clearCookies();
  await login("admin.can");
  await notFound("/user-management/nope");
  // The area's guard comes first: without GUEST-DOCS, home.
  await page.context().clearCookies();
  await login("agent.basic");
  await page.goto("/travel-docs/nope");
  await expect(page).toHaveURL(/\/home$/);
});

test("the super-user pages are for RCCL and RCCLADMIN: rccl.staff opens them, admin.can is sent to /home", async ({
  page,
  login,
}) => {
  await login("admin.can");
  await page.goto("/super-user");
  await expect(page).toHaveURL(/\/home$/);
  await page.context().clearCookies();
  await login("rccl.staff");
  await page.goto("/super-user");
  await expect(page).toHaveTitle("Super User Log in | Professional Portal");
  await page.goto("/super-user/agency-found");
  await expect(page).toHaveURL(/\/super-user$/);
});

test("a signed-in agent is kept out of the registration and recovery layouts", async ({ page, login }) => {
  await login("agent.usa");
  for (const path of ["/register", "/register-agency/stepper", "/account/forgot/password", "/otp-verify"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/home$/);
  }
});

test("a user lacking a route's tool is sent to /home", async ({ page, login }) => {
  await login("agent.basic");
  for (const path of [
    "/explore-our-fleet",
    "/promotion/home",
    "/travel-docs",
    "/insights/overview",
    "/insights/coupon-application-details",
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/home$/);
  }
  await page.goto("/profile/info");
  await expect(page).toHaveURL(/\/profile\/info$/);
});

test("the legal pages draw the signed-in shell for a signed-in agent, the minimal one otherwise", async ({
  page,
  login,
}) => {
  await page.goto("/terms-of-use");
  await expect(page.getByRole("button", { name: "Log out" })).toHaveCount(0);
  await login("agent.usa");
  await page.goto("/terms-of-use");
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
});

/** /register?agencyData=true shows the agency found, so the agent looks one up first. */
async function findAgency(page: Page) {
  await page.goto("/register");
  await page.getByRole("textbox", { name: "Agency phone number" }).fill("305 555 0101");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/register\?agencyData=true$/);
}

test("the back button follows the table and works as a plain link", async ({ page }) => {
  await findAgency(page);
  await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/register?agencyData=false");
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/register\?agencyData=false$/);
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/register-agency/welcome");
  await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/register-agency?step=4");
});

test("the close button of the recovery pages goes to /login", async ({ page }) => {
  await page.goto("/account/forgot/password");
  await page.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("/insights and /profile open their first page", async ({ page, login }) => {
  await login("agent.usa");
  await page.goto("/insights");
  await expect(page).toHaveURL(/\/insights\/overview$/);
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/profile\/info$/);
});

test.describe("focus after navigation", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "client-side navigation needs JavaScript");

  test("moves to the first heading and the title is announced", async ({ page }) => {
    await findAgency(page);
    // A click before hydration would be a plain page load, which moves no focus.
    await hydrated(page);
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/agencyData=false/);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: "Agent Registration | Professional Portal" })).toHaveCount(
      1,
    );
  });
});
