import type { Page } from "@playwright/test";
import { SERVER_IDLE_LIMIT_MS } from "../../app/domain/session-rules";
import { expect, expectAccessible, hydrated, resetUpstream, signIn, test } from "./support/fixtures";
import { lastActiveOnServer } from "./support/sessions";

/**
 * Work that survives a sign-out: a form posted after the session ended is kept, the agent
 * signs in again and finds the same form with every field as they left it and a line that says so;
 * nothing is submitted without their click. JavaScript on and off.
 */
test.afterEach(async () => {
  await resetUpstream();
});
// Each test signs in twice and walks several pages (axe too) on a busy machine.
test.describe.configure({ timeout: 90_000 });

const KEPT_LINE = /You were signed out, so we kept what you entered here/;

/** The agent's sessions end on the server as if the idle limit had passed a minute ago. */
const idleOnServer = () => lastActiveOnServer(SERVER_IDLE_LIMIT_MS + 60_000);

async function signInAgain(page: Page, javaScriptEnabled: boolean) {
  await expect(page).toHaveURL(/\/login\?redirectTo=.*reason=idle/);
  await signIn(page, "agent.usa");
  await page.waitForLoadState("load");
  if (javaScriptEnabled) await hydrated(page);
}

test(
  "a reduced-rate request sent after an idle sign-out comes back filled in after sign-in, and is sent only on the agent's click",
  { tag: "@js-off" },
  async ({ page, login, javaScriptEnabled }) => {
    await login("agent.usa", "/reduced-rates");
    await page
      .getByRole("link", { name: /^Request a reduced rate on / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/reduced-rates\/request\?sailing=/);
    const formUrl = page.url();
    const classes = page.getByRole("group", { name: /Cabin class/ }).getByRole("radio");
    const chosen = classes.last();
    await chosen.check();
    const chosenValue = await chosen.getAttribute("value");
    await page.getByLabel("Yes, one companion").check();
    await page.getByLabel("Companion's full name").fill("Marguerite O'Hara-Lindqvist");
    await page.getByLabel("Companion's relation to you").selectOption("PARTNER");

    idleOnServer();
    await page.getByRole("button", { name: "Send the request" }).click();
    await signInAgain(page, javaScriptEnabled);

    await expect(page).toHaveURL(formUrl);
    await expect(page.getByRole("status").filter({ hasText: KEPT_LINE })).toBeVisible();
    await expect(page.locator(`input[name=cabinClass][value="${chosenValue}"]`)).toBeChecked();
    await expect(page.getByLabel("Yes, one companion")).toBeChecked();
    await expect(page.getByLabel("Companion's full name")).toHaveValue("Marguerite O'Hara-Lindqvist");
    await expect(page.getByLabel("Companion's relation to you")).toHaveValue("PARTNER");
    await expectAccessible(page);

    // Nothing was sent: the agent's requests list has none yet.
    await page.goto("/reduced-rates/requests");
    await expect(page.getByText("Marguerite O'Hara-Lindqvist")).toHaveCount(0);
    // Taken once: the form opens empty again.
    await page.goto(formUrl);
    await expect(page.getByText(KEPT_LINE)).toHaveCount(0);
    await expect(page.getByLabel("Companion's full name")).toHaveValue("");
  },
);

test(
  "a profile item edited when the session ended opens again with what was typed",
  { tag: "@js-off" },
  async ({ page, login, javaScriptEnabled }) => {
    await login("agent.usa", "/profile/info");
    const work = page.getByRole("region", { name: "Your work" });
    await work
      .getByRole("link", { name: "Edit your work" })
      .or(work.getByRole("button", { name: "Edit your work" }))
      .click();
    await work.getByLabel("Job title").fill("Senior river and ocean specialist");
    await work.getByLabel("Years in the industry").selectOption({ index: 2 });
    const years = await work.getByLabel("Years in the industry").inputValue();
    await work.getByLabel("I work from home").check();

    idleOnServer();
    await work.getByRole("button", { name: "Save your work" }).click();
    await signInAgain(page, javaScriptEnabled);

    await expect(page).toHaveURL(/\/profile\/info(\?edit=work)?$/);
    await expect(page.getByRole("status").filter({ hasText: KEPT_LINE })).toBeVisible();
    const again = page.getByRole("region", { name: "Your work" });
    await expect(again.getByLabel("Job title")).toHaveValue("Senior river and ocean specialist");
    await expect(again.getByLabel("Years in the industry")).toHaveValue(years);
    await expect(again.getByLabel("I work from home")).toBeChecked();
    // Not saved until the agent says so.
    await expect(again.getByText("Senior river and ocean specialist", { exact: true })).toHaveCount(0);
    await again.getByRole("button", { name: "Save your work" }).click();
    await expect(again.getByText("Saved.")).toBeVisible();
    await expect(again.getByText("Senior river and ocean specialist", { exact: true })).toBeVisible();
  },
);

/** The group-space request form filled in as the agent left it. */
async function fillGroupRequest(page: Page) {
  await page.getByLabel("Sailing id *").fill("AD20990101");
  await page.getByLabel("Staterooms wanted *").fill("14");
  await page.getByLabel("Cabin class *").selectOption("BALCONY");
  await page.getByLabel("Group name *").fill("Harbourside Choir");
  await page.getByLabel("Notes").fill("Two guests use wheelchairs.");
}

test(
  "a form sent after the session ended is offered at the next sign-in from /login typed directly",
  { tag: "@js-off" },
  async ({ page, login, javaScriptEnabled }) => {
    await login("agent.usa", "/group-travel-hub/request");
    await fillGroupRequest(page);
    idleOnServer();
    await page.getByRole("button", { name: "Send the request" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=.*reason=idle/);

    // Not the link the post was sent to: the sign-in page as a bookmark or a typed address opens it.
    await page.goto("/login");
    await signIn(page, "agent.usa");
    await page.waitForLoadState("load");
    if (javaScriptEnabled) await hydrated(page);
    await expect(page).toHaveURL(/\/group-travel-hub\/request$/);
    await expect(page.getByRole("status").filter({ hasText: KEPT_LINE })).toBeVisible();
    await expect(page.getByLabel("Group name *")).toHaveValue("Harbourside Choir");
    await expect(page.getByLabel("Notes")).toHaveValue("Two guests use wheelchairs.");
    await expectAccessible(page);
  },
);

test(
  "a form posted from another browser with a copied signed-out marker is not offered to the agent's sign-in",
  { tag: "@js-off" },
  async ({ page, login, browser, baseURL }) => {
    await login("agent.usa", "/group-travel-hub/request");
    // The agent's session ends (idle): their browser now carries the signed-out marker.
    idleOnServer();
    await page.reload();
    await expect(page).toHaveURL(/\/login\?redirectTo=.*reason=idle/);
    const marker = (await page.context().cookies()).find((c) => /pp_signed_out$/.test(c.name));
    expect(marker).toBeTruthy();

    // Someone copies the marker into another browser and posts a form of their own with it.
    const other = await browser.newContext({ baseURL });
    try {
      await other.addCookies([marker!]);
      const planted = await other.request.post("/group-travel-hub/request", {
        form: { sailingId: "AD20990101", staterooms: "14", cabinClass: "BALCONY", groupName: "Planted", notes: "x" },
        headers: { Origin: new URL(baseURL!).origin },
        maxRedirects: 0,
      });
      expect(planted.status()).toBe(302);
    } finally {
      await other.close();
    }

    // The agent signs in in their own browser: nothing is offered, and the form opens empty.
    await page.goto("/login");
    await signIn(page, "agent.usa");
    await expect(page).toHaveURL(/\/home$/);
    await page.goto("/group-travel-hub/request");
    await expect(page.getByText(KEPT_LINE)).toHaveCount(0);
    await expect(page.getByLabel("Group name *")).toHaveValue("");
  },
);

test(
  "a group-space request typed when the idle countdown signed out is kept (JavaScript)",
  { tag: "@once" },
  async ({ page, login }) => {
    // The countdown is JavaScript (@once); without it the post itself is kept (tests above).
    await page.clock.install();
    await login("agent.usa", "/group-travel-hub/request");
    await fillGroupRequest(page);

    await expect(page.locator("dialog[data-watching]")).toBeAttached();
    await page.clock.fastForward("30:01");
    await expect(page.getByRole("dialog", { name: "Are you still there?" })).toBeVisible();
    await page.clock.runFor(6000);
    await expect(page).toHaveURL(/\/login\?.*reason=idle/);

    // The countdown's sign-out remembered the page: signing in again lands on it, with the form.
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fgroup-travel-hub%2Frequest&reason=idle$/);
    await signIn(page, "agent.usa");
    await expect(page).toHaveURL(/\/group-travel-hub\/request$/);
    await expect(page.getByRole("status").filter({ hasText: KEPT_LINE })).toBeVisible();
    await expect(page.getByLabel("Sailing id *")).toHaveValue("AD20990101");
    await expect(page.getByLabel("Staterooms wanted *")).toHaveValue("14");
    await expect(page.getByLabel("Cabin class *")).toHaveValue("BALCONY");
    await expect(page.getByLabel("Group name *")).toHaveValue("Harbourside Choir");
    await expect(page.getByLabel("Notes")).toHaveValue("Two guests use wheelchairs.");
  },
);

test(
  "an itinerary search sent after the session ended runs after sign-in with the same fields (GET: the address keeps them)",
  { tag: "@js-off" },
  async ({ page, login, javaScriptEnabled }) => {
    await login("agent.usa", "/itinerary/search");
    await page.getByLabel("Destination").selectOption({ label: "Caribbean" });
    await page.getByLabel("Length of cruise").selectOption({ label: "6 to 9 nights" });
    await page.getByLabel("Stateroom").selectOption({ label: "Balcony" });
    await page.getByLabel("Children").selectOption("1");

    idleOnServer();
    await page.getByRole("button", { name: "Search sailings" }).click();
    await signInAgain(page, javaScriptEnabled);

    await expect(page).toHaveURL(/\/itinerary\/results\?/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({
      destination: "CARIBBEAN",
      nights: "6-9",
      cabinClass: "BALCONY",
      children: "1",
    });
    await expect(page.getByRole("status").filter({ hasText: /sailings? found/ })).toBeVisible();
    await expect(page.getByLabel("Destination")).toHaveValue("CARIBBEAN");
    await expect(page.getByLabel("Children")).toHaveValue("1");
  },
);

test(
  "a promotion search sent after the session ended runs after sign-in with the same fields (GET: the address keeps them)",
  { tag: "@js-off" },
  async ({ page, login, javaScriptEnabled }) => {
    await login("agent.usa", "/promotion/home");
    await page.getByLabel("Cruise line", { exact: true }).selectOption({ label: "Celebrity Cruises" });
    await page.getByLabel("Destination").selectOption({ label: "Mediterranean" });
    await page.getByLabel("Country or region of residence").selectOption("USA");
    await page.getByLabel("A guest is 55 or over").check();

    idleOnServer();
    await page.getByRole("button", { name: "Search offers" }).click();
    await signInAgain(page, javaScriptEnabled);

    await expect(page).toHaveURL(/\/promotion\/results\?/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({
      brand: "C",
      destination: "MEDITERRANEAN",
      residency: "USA",
      age55Plus: "true",
    });
    await expect(page.getByRole("status").filter({ hasText: /current offers? found/ })).toBeVisible();
    await expect(page.getByLabel("Destination")).toHaveValue("MEDITERRANEAN");
    await expect(page.getByLabel("A guest is 55 or over")).toBeChecked();
  },
);
