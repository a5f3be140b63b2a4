import type { Page, Route } from "@playwright/test";
import { decode, encode } from "turbo-stream";
import { runAxe } from "./support/axe";
import { UPSTREAM, expect, expectAccessible, resetUpstream, signInByRequest, stack, test } from "./support/fixtures";
import { startFaultyUpstream, startPortal, tempDataDir } from "./support/processes";

/**
 * The shell's mends. What differs without JavaScript (the weather drawer's forecast link) runs in both
 * projects (@js-off); what reads the server's page (@once) with JavaScript on only.
 */

test.afterEach(async () => {
  await resetUpstream();
});

const banner = (page: Page) => page.getByRole("banner");
const drawer = (page: Page, name: string) => page.locator(`.drawer--${name}`);

test.describe("the legal pages (layout family 4)", { tag: "@once" }, () => {
  test("a signed-in agent who accepted the terms gets the full signed-in shell", async ({ page, login }) => {
    await login("agent.usa", null);
    for (const path of ["/terms-of-use", "/privacy-policy", "/travel-agent-guidelines"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // The same shell as the protected pages: sidebar, alert bar, drawers, account menu, log out.
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Current alerts" })).toBeVisible();
      await expect(drawer(page, "notifications")).toBeVisible();
      await expect(drawer(page, "extensions")).toBeVisible();
      await expect(drawer(page, "weather")).toBeVisible();
      await expect(drawer(page, "account")).toBeVisible();
      await expect(banner(page).getByRole("button", { name: "Log out" })).toBeVisible();
    }
    await expectAccessible(page);
  });

  test("signed out, or with the terms not accepted, the minimal shell", async ({ page, login }) => {
    await page.goto("/terms-of-use");
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Use" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expect(page.locator(".drawer")).toHaveCount(0);

    await login("agent.terms");
    await expect(page).toHaveURL(/\/home$/);
    await page.goto("/privacy-policy");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expect(page.locator(".drawer")).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe("the extensions and weather drawers", () => {
  test(
    "extensions: the agent's partner tools, opened by keyboard, each at /tools/{code}",
    { tag: "@once" },
    async ({ page, login }) => {
      await login("agent.basic");
      const summary = drawer(page, "extensions").locator("summary");
      await expect(summary).toHaveAccessibleName("Extensions");
      await summary.focus();
      await page.keyboard.press("Enter");
      const panel = drawer(page, "extensions").locator(".drawer__panel");
      await expect(panel).toBeVisible();
      await expect(panel.getByRole("heading", { name: "Extensions" })).toBeVisible();
      // GBR and office LON: no hasEquoteAccess, so no quote tool (decision 015).
      await expect(panel.getByRole("link", { name: "Quote" })).toHaveCount(0);
      await expect(panel.getByRole("link", { name: "Image Library" })).toHaveAttribute("href", "/tools/IMAGE-LIBRARY");
      await expectAccessible(page);
      // A tool for several brands asks which one first.
      await panel.getByRole("link", { name: "Image Library" }).click();
      await expect(page).toHaveURL(/\/tools\/IMAGE-LIBRARY$/);
      await expect(page.getByRole("group", { name: "Which brand would you like to continue with?" })).toBeVisible();
    },
  );

  test(
    "weather: the temperature in the header (°F for USA), the conditions and the 7-day forecast",
    { tag: "@js-off" },
    async ({ page, login }) => {
      await login("agent.usa");
      const summary = drawer(page, "weather").locator("summary");
      // On a loaded machine the very first read may outlast the header's budget (the page then says
      // "unavailable"); the read goes on and fills the cache, so the next page has the temperature.
      await expect(async () => {
        await page.reload();
        await expect(summary.locator(".header__temperature")).toHaveText(/^-?\d+°F$/, { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await expect(summary).toHaveAccessibleName(/^Weather: -?\d+°F$/);
      await summary.click();
      const panel = drawer(page, "weather").locator(".drawer__panel");
      await expect(panel.getByText("Miami, Florida, United States of America")).toBeVisible();
      await expect(panel.getByText("Humidity")).toBeVisible();
      await expectAccessible(page);
      await panel.getByRole("link", { name: "7-Day Forecast" }).click();
      // Without JavaScript the server draws the forecast open (?forecast=1); with it, a modal.
      await expect(page).toHaveURL(/\/home(\?forecast=1)?$/);
      await expect(page.getByRole("heading", { name: "7-Day FORECAST" })).toBeVisible();
    },
  );

  test("weather: °C outside the USA", { tag: "@once" }, async ({ page, login }) => {
    await login("admin.can");
    await expect(async () => {
      await page.reload();
      await expect(drawer(page, "weather").locator("summary .header__temperature")).toHaveText(/^-?\d+°C$/, {
        timeout: 1_000,
      });
    }).toPass({ timeout: 20_000 });
  });
});

test.describe("a weather failure never breaks the header", { tag: "@once" }, () => {
  // This file's own portal and a faulty upstream in front of the real one, away from the shared ports.
  const PORTAL = stack.spare(40);
  const FAULTY = stack.spare(41);
  const data = tempDataDir();
  let faulty: Awaited<ReturnType<typeof startFaultyUpstream>>;
  let portal: Awaited<ReturnType<typeof startPortal>>;

  test.beforeAll(async () => {
    faulty = await startFaultyUpstream(FAULTY, UPSTREAM);
    // The weather and content services go through the faulty stand-in; the main API does not.
    portal = await startPortal({
      port: PORTAL,
      apiUrl: UPSTREAM,
      dataDir: data.dir,
      env: { WEATHER_API_URL: faulty.url, CONTENT_URL: faulty.url },
    });
  });
  test.afterAll(async () => {
    await portal?.stop();
    await faulty?.stop();
    data.remove();
  });
  test.afterEach(() => faulty.setMode("pass"));

  test("a page's error in the back, close and public families keeps that family's header and footer", async ({
    page,
  }) => {
    // The content service fails: the registration and recovery texts cannot be read (503). This runs
    // first in this portal process, so nothing of them is cached yet.
    faulty.setMode("500", /^\/api\/royal\/content\//);
    await page.goto(`${portal.url}/register`);
    await expect(page.getByRole("heading", { level: 1, name: "Service unavailable" })).toBeVisible();
    await expect(banner(page).getByRole("link", { name: "Back" })).toBeVisible();
    await expect(banner(page).getByRole("link", { name: "Professional Portal home" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expectAccessible(page);

    await page.goto(`${portal.url}/account/forgot`);
    await expect(page.getByRole("heading", { level: 1, name: "Service unavailable" })).toBeVisible();
    await expect(banner(page).getByRole("link", { name: "Close" })).toHaveAttribute("href", "/login");
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });

  test("the header shows a short unavailable state and the page renders", async ({ page }) => {
    // Only the weather service fails.
    faulty.setMode("500", /^\/api\/weather\//);
    // Sign-in is not the subject: the sign-in form's post by request, to this file's own portal (the
    // login fixture signs in to the worker's shared one).
    expect(await signInByRequest(page.request, "agent.sgp", { portal: portal.url })).toBe("/home");
    await page.goto(`${portal.url}/home`);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("heading", { level: 1, name: /Welcome,/ })).toBeVisible();
    const summary = page.locator(".drawer--weather summary");
    await expect(summary).toHaveAccessibleName("Weather: unavailable");
    await summary.click();
    await expect(page.locator(".drawer--weather .drawer__panel")).toContainText("Error fetching weather data.");
    await expectAccessible(page);
  });
});

test.describe("the language switcher shows only where it changes the page", { tag: "@once" }, () => {
  test("on the agent registration pages, not on /login or agency registration (the flag keeps those English)", async ({
    page,
  }) => {
    const switcher = page.getByRole("combobox", { name: /Language/ });
    await page.goto("/register");
    await expect(switcher).toBeVisible();
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await expect(switcher).toHaveCount(0);
    await page.goto("/register-agency");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(switcher).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe("accessible names contain the visible text", { tag: "@once" }, () => {
  /**
   * axe's label-content-name-mismatch (WCAG 2.5.3) is experimental: run it on its own, by name. The
   * names are the server's (these tests are @once: JavaScript on only).
   */
  async function expectNamesMatchLabels(page: Page) {
    const results = await runAxe(page, { runOnly: { type: "rule", values: ["label-content-name-mismatch"] } });
    expect(results.violations.map((v) => v.nodes.map((n) => n.html))).toEqual([]);
  }

  for (const width of [1440, 400]) {
    test(`the logo and the notification bell, ${width} wide`, async ({ page, login }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/login");
      const logo = banner(page).getByRole("link", { name: "Professional Portal home" });
      await expect(logo).toHaveAttribute("href", "/home");
      await expect(logo).not.toHaveAttribute("aria-label", /.*/);
      await expectNamesMatchLabels(page);

      await login("agent.usa");
      const bell = drawer(page, "notifications").locator("summary");
      const count = (await bell.locator(".badge").textContent())!.trim();
      expect(Number(count)).toBeGreaterThanOrEqual(3);
      await expect(bell).toHaveAccessibleName(`Notifications ${count}`);
      // /home is open already (the login fixture opened it); then the others.
      await expectNamesMatchLabels(page);
      for (const path of ["/terms-of-use", "/alerts"]) {
        await page.goto(path);
        await expectNamesMatchLabels(page);
      }
      // /alerts at 400 is checked by phone-layout.spec.ts (agent.usa's /alerts, 400 wide).
      if (width === 1440) await expectAccessible(page);
    });
  }
});

// The page's data is replaced in its client-side request (JavaScript on only, @once); the server-side
// cases are elsewhere.
test.describe("a page's error inside its layout family's shell", { tag: "@once" }, () => {
  /**
   * The page's answer as the server sends it when the page's loader throws a 404 (what an upstream
   * 404 becomes, withUpstreamErrors): the real single-fetch answer of every route on the page, with
   * the page's own route turned into a 404 error response. The layouts' data stays as the server sent it.
   */
  async function pageNotFound(route: Route, routeId: string) {
    const response = await route.fetch();
    const { value, done } = await decode(new Response(new Uint8Array(await response.body())).body!);
    await done;
    const results = value as Record<string, unknown>;
    expect(Object.keys(results)).toContain(routeId);
    const notFound = { notFound: true };
    results[routeId] = { error: notFound };
    const body = encode(results, {
      plugins: [
        (v) =>
          v === notFound ? ["ErrorResponse", { message: "We could not find that page." }, 404, "Not Found"] : undefined,
      ],
    });
    await route.fulfill({
      status: 404,
      headers: { "content-type": "text/x-script" },
      body: Buffer.from(await new Response(body).arrayBuffer()),
    });
  }

  test("a protected page's 404 shows 'Page not found' inside the full signed-in shell", async ({ page, login }) => {
    await login("agent.usa");
    await page.route(/\/alerts\.data/, (route) => pageNotFound(route, "screen/alerts"));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Alerts" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("We could not find that page.");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Current alerts" })).toBeVisible();
    await expect(drawer(page, "account")).toBeVisible();
    await expect(banner(page).getByRole("button", { name: "Log out" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expectAccessible(page);
  });
});
