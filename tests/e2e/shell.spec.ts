import { expect, expectAccessible, resetUpstream, test } from "./support/fixtures";

test.afterEach(async () => {
  await resetUpstream();
});

test("the header, sidebar, alert bar and footer of the signed-in shell", { tag: "@once" }, async ({ page, login }) => {
  await login("agent.usa");
  await expect(page.getByRole("link", { name: "Professional Portal home" })).toHaveAttribute("href", "/home");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Home" })).toBeVisible();
  // Alerts: each reads 'brand - title - From start to end' and leads to /alerts.
  const alerts = page.getByRole("region", { name: "Current alerts" });
  const first = alerts.getByRole("link", { name: /From/ });
  await expect(first).toHaveText(/^.+ - .+ - From \d{2}[A-Z]{3}\d{4} to \d{2}[A-Z]{3}\d{4}$/);
  await first.click();
  await expect(page).toHaveURL(/\/alerts$/);
  // Footer for a signed-in agent: guidelines shown, agency registration hidden.
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: /guidelines/i })).toBeVisible();
  await expect(footer.getByRole("link", { name: /register/i })).toHaveCount(0);
  await expectAccessible(page);
});

test(
  "the alert carousel shows 'n of m' and steps, with JavaScript or without",
  { tag: "@js-off" },
  async ({ page, login }) => {
    await login("agent.usa");
    const alerts = page.getByRole("region", { name: "Current alerts" });
    await expect(alerts.getByText(/^1 of \d+$/)).toBeVisible();
    const before = await alerts.getByRole("link", { name: /From/ }).textContent();
    await alerts.getByRole("link", { name: "Next alert" }).click();
    await expect(alerts.getByText(/^2 of \d+$/)).toBeVisible();
    await expect(alerts.getByRole("link", { name: /From/ })).not.toHaveText(before!);
  },
);

test("the account menu shows each role its links", { tag: "@once" }, async ({ page, login }) => {
  const cases: Array<[string, boolean, boolean]> = [
    ["agent.usa", false, false],
    ["admin.can", true, false],
    ["rccl.staff", false, true],
    ["rccl.admin", true, true],
  ];
  for (const [username, management, superUser] of cases) {
    await page.context().clearCookies();
    await login(username);
    await page.locator(".drawer--account summary").click();
    const menu = page.getByRole("group", { name: "Account" });
    await expect(menu.getByRole("link", { name: "Your Profile" })).toHaveAttribute("href", "/profile/info");
    await expect(menu.getByRole("link", { name: "Agent Management" })).toHaveCount(management ? 1 : 0);
    await expect(menu.getByRole("link", { name: "Super User Log in" })).toHaveCount(superUser ? 1 : 0);
    await expect(menu.getByRole("button", { name: "Log out" })).toBeVisible();
  }
});

test("the sidebar shows only the entries of the agent's tools", { tag: "@once" }, async ({ page, login }) => {
  await login("agent.basic");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByText("Home")).toBeVisible();
  await expect(nav.getByText("Explore Our Fleet")).toHaveCount(0);
  await expect(nav.getByText("Insights")).toHaveCount(0);
});

test(
  "a link to the page you are on adds no second history entry, with JavaScript or without",
  { tag: "@js-off" },
  async ({ page, login, javaScriptEnabled }) => {
    await login("agent.usa");
    await expect(page).toHaveURL(/\/home$/);
    // The login fixture has waited for hydration (JavaScript on).
    if (javaScriptEnabled) {
      await page.evaluate(() => ((window as unknown as { marker?: string }).marker = "first load"));
    }
    const entries = await page.evaluate(() => history.length);
    // The page loads again: its data with JavaScript, the whole document without.
    const loaded = page.waitForResponse(
      (r) => new URL(r.url()).pathname === (javaScriptEnabled ? "/home.data" : "/home"),
    );
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
    await loaded;
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The router writes history as it finishes the navigation (Remix keeps it on window.__remixRouter).
    if (javaScriptEnabled) {
      await page.waitForFunction(
        () =>
          (window as unknown as { __remixRouter: { state: { navigation: { state: string } } } }).__remixRouter.state
            .navigation.state === "idle",
      );
    } else await page.waitForLoadState();
    await expect(page).toHaveURL(/\/home$/);
    // As a browser does without JavaScript, the router replaces the entry (decision 029).
    expect(await page.evaluate(() => history.length)).toBe(entries);
    if (javaScriptEnabled) {
      expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("first load");
    }
  },
);

test(
  "the sidebar collapses and stays collapsed across pages",
  { tag: "@js-off" },
  async ({ page, login, javaScriptEnabled }) => {
    await login("agent.usa");
    const toggle = page.getByRole("button", { name: "Menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    // With JavaScript the choice is saved in the background: wait for it before leaving the page.
    const saved = javaScriptEnabled
      ? page.waitForResponse((r) => r.url().includes("/preferences/sidebar") && r.request().method() === "POST")
      : null;
    await toggle.click();
    await saved;
    await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
    await page.goto("/alerts");
    await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
  },
);

test(
  "a dismissed notification stays dismissed after a reload",
  { tag: "@js-off" },
  async ({ page, login, javaScriptEnabled }) => {
    await login("agent.usa");
    await page.locator(".drawer--notifications summary").click();
    const items = page.locator("[data-notification]");
    const count = await items.count();
    expect(count).toBeGreaterThanOrEqual(3);
    const message = await items.first().locator("p").first().textContent();
    // With JavaScript the dismissal is saved in the background: wait for it before reloading.
    const saved = javaScriptEnabled
      ? page.waitForResponse((r) => r.url().includes("/notifications/dismiss") && r.request().method() === "POST")
      : null;
    await items
      .first()
      .getByRole("button", { name: /Dismiss/ })
      .click();
    await saved;
    await expect(page.locator("[data-notification] p").filter({ hasText: message! })).toHaveCount(0);
    await page.reload();
    await page.locator(".drawer--notifications summary").click();
    await expect(page.locator("[data-notification]")).toHaveCount(count - 1);
    await expect(page.locator("[data-notification] p").filter({ hasText: message! })).toHaveCount(0);
  },
);

// The disabled state is a JavaScript nicety (JavaScript on only); the form requires a brand either way.
test("the brand choice for a partner tool waits for a brand", { tag: "@once" }, async ({ page, login }) => {
  await login("agent.usa");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByText("Partner Tools").click();
  await nav.getByText("Hotels").click();
  const form = nav.locator("form.brand-choice").first();
  await expect(form.getByRole("button", { name: "Continue" })).toBeDisabled();
  await form.getByLabel("Celebrity Cruises").check();
  await expect(form.getByRole("button", { name: "Continue" })).toBeEnabled();
});

test(
  "on a phone the account menu keeps the agent's name in its own, with only the photo showing",
  { tag: "@once" },
  async ({ page, login }) => {
    await page.setViewportSize({ width: 400, height: 800 });
    await login("agent.usa");
    const summary = page.locator(".drawer--account summary");
    // The name is not drawn at 400 wide (the header has no room), but a screen reader still hears it.
    await expect(summary.locator(".header__name")).toHaveText("Olivia Bennett");
    expect((await summary.locator(".header__name").boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
    await expect(summary).toHaveAccessibleName(/Olivia Bennett\s*: account menu$/);
    await summary.click();
    await expect(
      page.getByRole("group", { name: "Account" }).getByRole("link", { name: "Your Profile" }),
    ).toBeVisible();
  },
);
