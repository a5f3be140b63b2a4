import { expect, expectAccessible, resetUpstream, test } from "./support/fixtures";

/**
 * Super users: rccl.staff finds an agency by phone, acts for it as its administrator (a
 * banner names the agency and the real user), makes a change that is recorded with both names, and
 * stops; with JavaScript on and off. The change alters demo data, so it is restored after each test.
 */
test.afterEach(async () => {
  await resetUpstream();
});

test(
  "rccl.staff finds an agency by phone, acts for it, approves an agent recorded with both names, and stops",
  { tag: "@js-off" },
  async ({ page, login }) => {
    test.slow(); // a search, acting, a change as the administrator and back, each page checked with axe
    await login("rccl.staff", "/super-user");
    await expect(page).toHaveTitle("Super User Log in | Professional Portal");
    await expectAccessible(page);

    // Nothing matches first: said in the form, what was typed kept.
    await page.getByLabel("Country code").selectOption("CA");
    await page.getByRole("textbox", { name: "Agency phone number" }).fill("416 555 0199");
    await page.getByRole("button", { name: "Find the agency" }).click();
    await expect(page.getByText("No agency has this phone number.", { exact: false })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Agency phone number" })).toHaveValue("416 555 0199");

    await page.getByRole("textbox", { name: "Agency phone number" }).fill("416 555 0102");
    await page.getByRole("button", { name: "Find the agency" }).click();
    await expect(page).toHaveURL(/\/super-user\/agency-found\?agencyId=AG100102$/);
    await expect(page).toHaveTitle("Agency found | Professional Portal");
    await expect(page.getByRole("heading", { level: 1, name: "Maple Leaf Cruise Centre" })).toBeVisible();
    await expect(page.getByRole("table", { name: /The agents of Maple Leaf Cruise Centre/ })).toContainText("Chloé");
    await expectAccessible(page);

    // The persisted form: the search keeps the last values.
    await page.goto("/super-user");
    await expect(page.getByRole("textbox", { name: "Agency phone number" })).toHaveValue("416 555 0102");
    await page.goBack();

    await page.getByRole("button", { name: "Act for Maple Leaf Cruise Centre" }).click();
    await expect(page).toHaveURL(/\/home$/);
    const banner = page.getByRole("region", { name: "Acting for an agency" });
    await expect(banner).toContainText("You are acting for Maple Leaf Cruise Centre as Marc Tremblay.");
    await expect(banner).toContainText("Signed in as Daniel Reyes.");
    await expectAccessible(page);

    // The portal is the administrator's: user management is there, the super-user pages are not.
    await page.goto("/user-management?status=PENDING");
    await expect(banner).toBeVisible();
    await page.getByRole("link", { name: "Gagnon, Chloé" }).click();
    await page.getByRole("link", { name: "Approve" }).click();
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByText("Chloé Gagnon is approved.")).toBeVisible();
    const activity = page.getByRole("table", { name: /Changes to Chloé Gagnon's account/ });
    await expect(activity.locator("tbody tr").first()).toContainText("Daniel Reyes, acting as Marc Tremblay");
    await page.goto("/super-user");
    await expect(page).toHaveURL(/\/home$/);

    await banner.getByRole("button", { name: "Stop acting" }).click();
    await expect(page).toHaveURL(/\/super-user\/agency-found\?agencyId=AG100102$/);
    await expect(page.getByRole("region", { name: "Acting for an agency" })).toHaveCount(0);
    const changes = page.getByRole("table", { name: /Changes made while acting for this agency/ });
    // Newest first: stopping (the acting sign-in's logout), then the approval, each with both names.
    await expect(changes.locator("tbody tr").nth(0)).toContainText("Daniel Reyes, acting as Marc Tremblay");
    await expect(changes.locator("tbody tr").nth(0)).toContainText("Stopped acting");
    await expect(changes.locator("tbody tr").nth(1)).toContainText("Daniel Reyes, acting as Marc Tremblay");
    await expect(changes.locator("tbody tr").nth(1)).toContainText(/Approved the registration of agent \d+/);
    await expectAccessible(page);
  },
);

test(
  "an agent is sent home from the super-user pages; an agency that does not exist is said so",
  { tag: "@once" },
  async ({ page, login }) => {
    await login("agent.usa", "/super-user");
    await expect(page).toHaveURL(/\/home$/);
    await page.context().clearCookies();
    await login("rccl.admin", null);
    const response = await page.goto("/super-user/agency-found?agencyId=AG999999");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("There is no agency with that id.", { exact: false })).toBeVisible();
    await expectAccessible(page);
  },
);

test("acting ends at logout: signing in again is as the super user", { tag: "@js-off" }, async ({ page, login }) => {
  await login("rccl.staff", "/super-user/agency-found?agencyId=AG100102");
  await page.getByRole("button", { name: "Act for Maple Leaf Cruise Centre" }).click();
  await expect(page.getByRole("region", { name: "Acting for an agency" })).toBeVisible();
  await page.goto("/logout");
  await page.getByRole("main").getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await login("rccl.staff");
  await expect(page.getByRole("region", { name: "Acting for an agency" })).toHaveCount(0);
  await page.goto("/super-user");
  await expect(page).toHaveURL(/\/super-user$/);
});
