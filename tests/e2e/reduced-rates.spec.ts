import type { Page } from "@playwright/test";
import { UPSTREAM, expect, expectAccessible, resetUpstream, test } from "./support/fixtures";

/**
 * Reduced rates: agent.usa finds a qualifying sailing, requests its reduced rate with a companion, sees
 * the request as requested and (after the demo decision endpoint) approved, and withdraws one; a bad request
 * keeps what was typed with a message for each field. JavaScript on and off (the two projects).
 */

test.afterEach(async () => {
  await resetUpstream();
});

/** The first qualifying sailing's request form, from the list. */
async function openFirstRequest(page: Page): Promise<string> {
  await page.goto("/reduced-rates");
  const first = page.getByRole("link", { name: /^Request a reduced rate on / }).first();
  const name = (await first.getAttribute("href")) ?? "";
  await first.click();
  await expect(page).toHaveURL(/\/reduced-rates\/request\?sailing=/);
  await expect(page.getByRole("heading", { level: 1, name: "Request a reduced rate" })).toBeVisible();
  return new URL(name, "http://x").searchParams.get("sailing") ?? "";
}

async function decide(outcome: "APPROVED" | "DECLINED") {
  const response = await fetch(`${UPSTREAM}/dev/reduced-rates/decide`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "agent.usa", outcome }),
  });
  expect(response.ok).toBe(true);
}

test(
  "agent.usa requests a reduced rate with a companion; it is listed as requested, then approved",
  { tag: "@js-off" },
  async ({ page, login }) => {
    // The whole flow with seven accessibility checks, the CSV and the decision: longer than one page's test.
    test.slow();
    await login("agent.usa", "/reduced-rates");
    await expect(page).toHaveTitle("Reduced rates | Professional Portal");
    await expect(page.getByRole("heading", { level: 1, name: "Reduced rates" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Who qualifies" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /qualifying sailings found/ })).toBeVisible();
    await expectAccessible(page);

    // Filters are a GET form: the URL holds them; sort is a link.
    await page.getByLabel("Cruise line").selectOption("R");
    await page.getByRole("button", { name: "Show sailings" }).click();
    await expect(page).toHaveURL(/\/reduced-rates\?brand=R&/);
    const table = page.getByRole("table", { name: /Qualifying sailings, sorted by sail date/ });
    await expect(table).toBeVisible();
    await expect(table.getByRole("rowheader").first()).toContainText("Royal Caribbean");
    await table.getByRole("link", { name: /^Nights/ }).click();
    await expect(page).toHaveURL(/\/reduced-rates\?brand=R&sort=nights$/);
    await expect(page.getByRole("table", { name: /sorted by nights/ })).toBeVisible();
    await expectAccessible(page);

    // The same filters and sort as CSV: every qualifying sailing of the line, streamed.
    const count =
      (await page
        .getByRole("status")
        .filter({ hasText: /qualifying sailings? found/ })
        .textContent()) ?? "";
    const total = Number(/([\d,]+) qualifying/.exec(count)?.[1]?.replace(/,/g, ""));
    const download = page.getByRole("link", { name: /^Download these [\d,]+ sailings as CSV$/ });
    await expect(download).toHaveAttribute("href", "/reduced-rates/sailings.csv?brand=R&sort=nights");
    const csv = await page.request.get((await download.getAttribute("href"))!);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="reduced-rates-[\d-]+\.csv"$/);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toMatch(/^Sailing,Ship,Cruise line,Sail date,.*,Request by,Your request$/);
    expect(lines).toHaveLength(1 + total);
    expect(lines.slice(1).every((line) => line.split(",")[2] === "Royal Caribbean")).toBe(true);
    const nights = lines.slice(1).map((line) => Number(line.split(",")[5]));
    expect(nights).toEqual([...nights].sort((a, b) => a - b));

    const sailingId = await openFirstRequest(page);
    await expect(page.getByRole("table", { name: "Reduced rate per guest by cabin class" })).toBeVisible();
    await expect(page.getByRole("link", { name: "See the itinerary" })).toHaveAttribute(
      "href",
      `/itinerary/detail?sailing=${sailingId}`,
    );
    await expectAccessible(page);
    await page
      .getByRole("group", { name: /Cabin class/ })
      .getByRole("radio")
      .first()
      .check();
    await page.getByLabel("Yes, one companion").check();
    await page.getByLabel("Companion's full name").fill("Sam Stone");
    await page.getByLabel("Companion's relation to you").selectOption("PARTNER");
    await page.getByRole("button", { name: "Send the request" }).click();

    await expect(page).toHaveURL(/\/reduced-rates\/requests\?requested=\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your reduced-rate requests" })).toBeVisible();
    await expect(page.getByText("Your request has been sent.", { exact: false })).toBeVisible();
    const requests = page.getByRole("table", { name: /Your reduced-rate requests/ });
    await expect(requests.getByRole("row")).toHaveCount(2);
    await expect(requests.getByText("Sam Stone (Spouse or partner)")).toBeVisible();
    await expect(requests.getByRole("cell", { name: "Requested", exact: true })).toBeVisible();
    await expectAccessible(page);

    // The list marks the sailing as requested (with the day) instead of offering the request link again.
    await page.goto("/reduced-rates");
    const mark = page.getByRole("link", { name: /^Requested \d{2}[A-Z]{3}\d{4} \(your request on / });
    await expect(mark).toHaveCount(1);
    await expect(mark).toHaveAttribute("href", "/reduced-rates/requests");
    await expect(page.locator(`a[href="/reduced-rates/request?sailing=${encodeURIComponent(sailingId)}"]`)).toHaveCount(
      0,
    );
    await expectAccessible(page);

    // The same sailing again is refused by the upstream with a clear message.
    await page.goto(`/reduced-rates/request?sailing=${sailingId}`);
    await page
      .getByRole("group", { name: /Cabin class/ })
      .getByRole("radio")
      .first()
      .check();
    await page.getByRole("button", { name: "Send the request" }).click();
    await expect(page.getByText(/You have already requested a reduced rate on this sailing/)).toBeVisible();

    await decide("APPROVED");
    await page.goto("/reduced-rates/requests");
    await expect(requests.getByRole("cell", { name: "Approved", exact: true })).toBeVisible();
    await expect(requests.getByRole("button", { name: /Withdraw/ })).toHaveCount(0);
    await expectAccessible(page);
    await page.goto("/reduced-rates");
    await expect(page.getByRole("link", { name: /^Approved \(your request on / })).toHaveCount(1);
    await page.getByRole("link", { name: /^Approved \(your request on / }).click();
    await expect(page).toHaveURL(/\/reduced-rates\/requests$/);
  },
);

test(
  "a bad request keeps what was typed with a message for each field",
  { tag: "@js-off" },
  async ({ page, login }) => {
    await login("agent.usa", null);
    await openFirstRequest(page);
    await page.getByLabel("Yes, one companion").check();
    await page.getByLabel("Companion's relation to you").selectOption("FRIEND");
    await page.getByRole("button", { name: "Send the request" }).click();

    await expect(page.getByText("Choose a cabin class.")).toBeVisible();
    await expect(page.getByText("Enter your companion's full name.")).toBeVisible();
    await expect(page.getByLabel("Yes, one companion")).toBeChecked();
    await expect(page.getByLabel("Companion's relation to you")).toHaveValue("FRIEND");
    await expect(page.getByLabel("Companion's full name")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);

    // A sailing that does not qualify says so, with the way back.
    await page.goto("/reduced-rates/request?sailing=RC-NOPE-20260101");
    await expect(page.getByText(/This sailing has no reduced rate for travel professionals/)).toBeVisible();
    await expect(page.getByRole("link", { name: "See the qualifying sailings" })).toBeVisible();
    await expectAccessible(page);
  },
);

test("agent.usa withdraws a request still waiting for a decision", { tag: "@js-off" }, async ({ page, login }) => {
  await login("agent.usa", null);
  await openFirstRequest(page);
  await page
    .getByRole("group", { name: /Cabin class/ })
    .getByRole("radio")
    .first()
    .check();
  await page.getByRole("button", { name: "Send the request" }).click();
  await expect(page).toHaveURL(/requested=\d+$/);
  await page.getByRole("button", { name: /^Withdraw the request for / }).click();
  await expect(page).toHaveURL(/withdrawn=\d+$/);
  await expect(page.getByText("Your request has been withdrawn.")).toBeVisible();
  await expect(page.getByRole("table", { name: /Your reduced-rate requests/ }).getByText("Withdrawn")).toBeVisible();
  await expectAccessible(page);
});

test(
  "a path under /reduced-rates that is not one of its pages is not found, inside the shell",
  { tag: "@once" },
  async ({ page, login }) => {
    await login("agent.usa", null);
    const response = await page.goto("/reduced-rates/nothing-here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  },
);

test(
  "agent.basic, paying in pounds, sees each rate also as an estimate in GBP, labelled so",
  { tag: "@once" },
  async ({ page, login }) => {
    await login("agent.basic", null);
    await openFirstRequest(page);
    const rates = page.getByRole("table", { name: "Reduced rate per guest by cabin class" });
    await expect(rates.getByRole("columnheader", { name: "Estimate in GBP" })).toBeVisible();
    await expect(rates.getByRole("cell", { name: /^about £[\d,]+$/ }).first()).toBeVisible();
    await expect(rates.getByRole("cell", { name: /^\$[\d,]+$/ }).first()).toBeVisible();
    await expect(
      page.getByText(
        /^Amounts in GBP are estimates at the exchange rate of \d{2}[A-Z]{3}\d{4}; the cruise line quotes and charges the rate in US dollars\.$/,
      ),
    ).toBeVisible();
    await expectAccessible(page);
  },
);
