import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./support/fixtures";

test(
  "a partner tool opens with single sign-on, its provider and token parameters",
  { tag: "@once" },
  async ({ page, login }) => {
    // The tool opens away from the portal's pages: opened here, not by the login fixture.
    await login("agent.usa", null);
    await page.goto("/tools/HOTELS?brand=C");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("partner tool stand-in");
    const url = new URL(page.url());
    expect(url.searchParams.get("p")).toBe("professional-portal");
    expect(url.searchParams.get("brand")).toBe("C");
    expect(url.searchParams.get("z")).toBeTruthy();
    await expect(page.locator("#token-status")).toHaveAttribute("data-valid", "true");
  },
);

test("a tool for several brands asks which brand first", { tag: "@once" }, async ({ page, login }) => {
  await login("agent.usa", "/tools/IMAGE-LIBRARY");
  await expect(page.getByRole("group", { name: "Which brand would you like to continue with?" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("radio")).toHaveCount(2); // Image Library: R or C
  // The choice is a plain GET form: its answer is the same address with the brand.
  await page.goto("/tools/IMAGE-LIBRARY?brand=R");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("partner tool stand-in");
  expect(new URL(page.url()).searchParams.get("brand")).toBe("R");
});

test.describe("the quote tool: hasEquoteAccess and the quote terms (decision 015)", { tag: "@once" }, () => {
  const quoteEntry = (page: Page) => page.getByRole("navigation", { name: "Main" }).locator('a[href="/tools/EQUOTE"]');

  test("opens with single sign-on for an agent with hasEquoteAccess and the quote terms (agent.usa: office MIA)", async ({
    page,
    login,
  }) => {
    await login("agent.usa");
    await expect(quoteEntry(page)).toHaveCount(1);
    await page.goto("/tools/EQUOTE");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("partner tool stand-in");
    const url = new URL(page.url());
    expect(url.searchParams.get("p")).toBe("professional-portal");
    expect(url.searchParams.get("sso")).toBeTruthy();
    await expect(page.locator("#token-status")).toHaveAttribute("data-valid", "true");
  });

  test("shows the internal quote page to an agent with hasEquoteAccess but without the quote terms (agent.sgp)", async ({
    page,
    login,
  }) => {
    await login("agent.sgp");
    await expect(quoteEntry(page)).toHaveCount(1);
    await page.goto("/tools/EQUOTE");
    await expect(page).toHaveURL(/\/tools\/EQUOTE$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quote");
    await expect(page.getByText("Quotes open once your agency has accepted the quote terms")).toBeVisible();
    await expectAccessible(page);
  });

  test("is neither offered nor opened without hasEquoteAccess (admin.can: CAN, office TOR; every tool)", async ({
    page,
    login,
  }) => {
    await login("admin.can");
    // The sidebar is there, with the other partner tools; the quote entry is not.
    await expect(page.getByRole("navigation", { name: "Main" }).getByText("Partner Tools")).toBeAttached();
    await expect(quoteEntry(page)).toHaveCount(0);
    await page.goto("/tools/EQUOTE");
    await expect(page).toHaveURL(/\/home$/);
  });
});

// The chat widget is JavaScript: JavaScript on only (@once).
test.describe("the chat launcher", { tag: "@once" }, () => {
  test("shows only when the profile allows it, opens the chat and is removed on logout", async ({ page, login }) => {
    await login("admin.can");
    await expect(page.getByRole("button", { name: "Chat assistant" })).toHaveCount(0);
    await page.context().clearCookies();

    await login("agent.usa");
    await page.getByRole("button", { name: "Chat assistant" }).click();
    const chat = page.getByRole("region", { name: "Chat assistant" });
    await expect(chat).toBeVisible();
    await page.getByRole("banner").getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(chat).toHaveCount(0);
  });
});
