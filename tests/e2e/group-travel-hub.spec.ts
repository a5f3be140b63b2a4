import Database from "better-sqlite3";
import { readFileSync } from "node:fs";
import path from "node:path";
import { UPSTREAM, expect, expectAccessible, resetUpstream, stack, test } from "./support/fixtures";

/**
 * The group travel hub: agent.usa opens the group travel hub, a group with its deadlines and bookings, requests
 * new group space (refused below the minimum, then sent), and opens the group tool with single sign-on; with
 * JavaScript on and off (the two projects), over the reference upstream's generated groups.
 */

test.afterEach(async () => {
  await resetUpstream();
});

/** A group of another agency (AG100102, admin.can's), from the upstream's data. */
function otherAgencysGroup(): string {
  const file = path.resolve(stack.dataDir, "upstream.sqlite");
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const id = db
      .prepare("SELECT group_id FROM travel_groups WHERE agency_id = 'AG100102' ORDER BY group_id LIMIT 1")
      .pluck()
      .get() as string | undefined;
    if (!id) throw new Error("no group of AG100102");
    return id;
  } finally {
    db.close();
  }
}

/** A catalogue sailing a month or more away whose balcony staterooms are open (the line gives a group 40). */
function sailingWithOpenBalconies(): string {
  const file = path.resolve(stack.dataDir, "upstream.sqlite");
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const id = db
      .prepare(
        `SELECT sailing_id FROM catalogue_sailings WHERE sail_date > date('now', '+30 days') AND avail_balcony = 'OPEN'
         ORDER BY sail_date, sailing_id LIMIT 1`,
      )
      .pluck()
      .get() as string | undefined;
    if (!id) throw new Error("no sailing with open balconies");
    return id;
  } finally {
    db.close();
  }
}

test(
  "agent.usa opens a group, sees its deadlines and bookings, and requests new group space",
  { tag: "@js-off" },
  async ({ page, login }) => {
    test.slow(); // a long flow over many pages: under load it needs more than the default 30 s
    await login("agent.usa", "/group-travel-hub");
    await expect(page).toHaveTitle("Group Travel Hub | Professional Portal");
    await expect(page.getByRole("heading", { level: 1, name: "Group Travel Hub" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /\d+ groups? found/ })).toBeVisible();
    const table = page.getByRole("table", {
      name: /Your agency's groups .*, final payments overdue or due today first, then by sail date/,
    });
    await expect(table).toBeVisible();
    await expect(table.getByRole("columnheader", { name: /Sail date/ })).toHaveAttribute("aria-sort", "ascending");
    await expectAccessible(page);

    // Sorting is a link: the URL holds it, the header says it.
    await table.getByRole("link", { name: /Staterooms booked/ }).click();
    await expect(page).toHaveURL(/\/group-travel-hub\?sort=booked&order=asc$/);
    await expect(
      page
        .getByRole("table", { name: /sorted by staterooms booked/ })
        .getByRole("columnheader", { name: /Staterooms booked/ }),
    ).toHaveAttribute("aria-sort", "ascending");

    // A filter that matches nothing says what to widen.
    await page.goto("/group-travel-hub?from=2099-01-01");
    await expect(page.getByText("No groups found.")).toBeVisible();
    await page.getByRole("link", { name: "Any sail date" }).click();
    await expect(page).toHaveURL(/\/group-travel-hub$/);

    // A group's page: its facts, deadlines and bookings.
    const first = page
      .getByRole("table", { name: /Your agency's groups/ })
      .getByRole("rowheader")
      .first()
      .getByRole("link");
    const groupId = (await first.textContent())!.trim();
    await first.click();
    await expect(page).toHaveURL(`/group-travel-hub/${groupId}`);
    await expect(page.getByRole("heading", { level: 1, name: new RegExp(`^Group ${groupId}:`) })).toBeVisible();
    await expect(page.locator("dl.space-terms").getByText(/^\d+ staterooms? held$/)).toBeVisible();
    await expect(page.locator("dl.facts").getByText(/more paying guests? earns? the next/)).toBeVisible();
    const deadlines = page.getByRole("list", { name: "Deadlines" });
    await expect(deadlines.getByText("Deposit", { exact: true })).toBeVisible();
    await expect(deadlines.getByText("Final payment", { exact: true })).toBeVisible();
    const bookings = page.getByRole("table", { name: `Bookings in group ${groupId}` });
    const bookingLink = bookings.getByRole("rowheader").first().getByRole("link");
    await expect(bookingLink).toHaveAttribute("href", /^\/insights\/booking\/[A-Z0-9-]+$/);
    await expectAccessible(page);

    // The booking opens on the existing insights booking page.
    const bookingId = (await bookingLink.textContent())!.trim();
    await bookingLink.click();
    await expect(page.getByRole("heading", { level: 1, name: `Booking ${bookingId}` })).toBeVisible();
    await expect(page.getByText(`Group ${groupId}`)).toBeVisible();
    await page.goBack();

    // Request more space on the group's sailing: the sailing id comes with the link.
    await page.getByRole("link", { name: "Request more space on this sailing" }).click();
    await expect(page).toHaveURL(/\/group-travel-hub\/request\?sailingId=[A-Z0-9]+$/);
    const sailingId = new URL(page.url()).searchParams.get("sailingId")!;
    await expect(page.getByLabel(/Sailing id/)).toHaveValue(sailingId);
    await expect(page.getByText("Your agency has not requested any group space yet.")).toBeVisible();
    await expectAccessible(page);

    // Below the minimum: the message, and everything typed kept.
    await page.getByLabel(/Staterooms wanted/).fill("5");
    await page.getByLabel(/Cabin class/).selectOption("BALCONY");
    await page.getByLabel(/Group name/).fill("Rotary club of Coral Gables");
    await page.getByLabel("Notes").fill("Adjoining staterooms where possible.");
    await page.getByRole("button", { name: "Send the request" }).click();
    await expect(page.getByText(/A group needs at least 8 staterooms/)).toBeVisible();
    await expect(page.getByLabel(/Staterooms wanted/)).toHaveValue("5");
    await expect(page.getByLabel(/Staterooms wanted/)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel(/Sailing id/)).toHaveValue(sailingId);
    await expect(page.getByLabel(/Cabin class/)).toHaveValue("BALCONY");
    await expect(page.getByLabel(/Group name/)).toHaveValue("Rotary club of Coral Gables");
    await expect(page.getByLabel("Notes")).toHaveValue("Adjoining staterooms where possible.");
    await expectAccessible(page);

    // A valid request is sent and listed.
    await page.getByLabel(/Staterooms wanted/).fill("12");
    await page.getByRole("button", { name: "Send the request" }).click();
    await expect(page).toHaveURL(/\/group-travel-hub\/request\?sent=GSR-\d{6}$/);
    await expect(page.getByText(/Request GSR-\d{6} for 12 staterooms .* has been sent/)).toBeVisible();
    const requests = page.getByRole("table", { name: /Group space requested by your agency/ });
    await expect(requests.getByRole("cell", { name: "Rotary club of Coral Gables" })).toBeVisible();
    await expect(requests.getByRole("cell", { name: "Requested" })).toBeVisible();
    await expectAccessible(page);
  },
);

test("a sailing that does not exist is refused with a clear message", { tag: "@js-off" }, async ({ page, login }) => {
  await login("agent.usa", "/group-travel-hub/request");
  await page.getByLabel(/Sailing id/).fill("ZZ20990101");
  await page.getByLabel(/Staterooms wanted/).fill("10");
  await page.getByLabel(/Cabin class/).selectOption("INTERIOR");
  await page.getByLabel(/Group name/).fill("Book club");
  await page.getByRole("button", { name: "Send the request" }).click();
  await expect(page.getByText(/There is no sailing with this id in the catalogue/)).toBeVisible();
  await expect(page.getByLabel(/Sailing id/)).toHaveValue("ZZ20990101");
  await expectAccessible(page);
});

/** agent.usa's agency's groups whose final payment is overdue or due today (unpaid, not sailed), from the upstream's data. */
function overdueGroups(): string[] {
  const file = path.resolve(stack.dataDir, "upstream.sqlite");
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        `SELECT g.group_id FROM travel_groups g JOIN travel_group_deadlines d ON d.group_id = g.group_id
           AND d.kind = 'FINAL_PAYMENT'
         WHERE g.agency_id = 'AG100101' AND d.due_date <= date('now') AND g.sail_date >= date('now')
           AND EXISTS (SELECT 1 FROM insight_bookings b WHERE b.group_id = g.group_id AND b.status != 'CANCELLED'
             AND b.due_cents > 0)`,
      )
      .pluck()
      .all() as string[];
  } finally {
    db.close();
  }
}

test(
  "a group whose final payment is overdue is flagged in words and listed first; its page charts its space",
  { tag: "@once" },
  async ({ page, login }) => {
    test.slow(); // two screens at two widths: under load it needs more than 30 s
    const overdue = overdueGroups();
    expect(overdue.length, "the demo data has a group late with its final payment, or due today").toBeGreaterThan(0);
    await login("agent.usa", "/group-travel-hub");
    const table = page.getByRole("table", { name: /Your agency's groups/ });
    const first = table.getByRole("row").nth(1);
    await expect(first.getByText(/^Final payment (overdue|due today)$/)).toBeVisible();
    const groupId = (await first.getByRole("rowheader").getByRole("link").textContent())!.trim();
    expect(overdue).toContain(groupId);
    // The counts say what they count, above the table and in each column's header.
    const terms = page.locator("dl.space-terms");
    await expect(terms.getByText("Staterooms held", { exact: true })).toBeVisible();
    await expect(terms.getByText(/given back to the cruise line/)).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Staterooms released" })).toBeVisible();
    // (The hub as it opens, at this width, is checked with axe by the first test of this file.)

    // Sorted by the agent's choice, the flag stays on its row but the order is the chosen one.
    await page.goto("/group-travel-hub?sort=sailDate&order=desc");
    await expect(page.getByRole("table", { name: /sorted by sail date, descending/ })).toBeVisible();

    await page.goto(`/group-travel-hub/${groupId}`);
    await expect(page.getByText(/^Final payment (overdue|due today)$/)).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Group space" })).toBeVisible();
    const held = page.locator("dl.space-terms dt").first();
    await expect(held).toHaveText(/^\d+ staterooms? held$/);
    await expect(page.locator("figure.space-chart svg path")).toHaveCount(3);
    await expect(page.locator("figure.space-chart figcaption")).toContainText(
      `Staterooms held, booked and released for group ${groupId} over time`,
    );
    // The chart's figures as a table: the first day the space held, the last today's figures.
    const history = page.getByRole("table", { name: `Group ${groupId}'s space, day by day` });
    await expect(history.getByRole("row").nth(1)).toContainText("held for the group");
    const last = history.getByRole("row").last();
    const heldNow = (await held.textContent())!.match(/^(\d+)/)![1]!;
    await expect(last.getByRole("cell").nth(1)).toHaveText(heldNow);
    // (This group's page at this width, the first of the hub's list, is checked with axe by the first test.)
    await page.setViewportSize({ width: 400, height: 900 });
    await expect(page.locator("figure.space-chart svg")).toBeVisible();
    await expectAccessible(page);
    await page.goto("/group-travel-hub");
    await expect(page.getByRole("table", { name: /Your agency's groups/ })).toBeVisible();
    // (The hub at 400 is checked with axe by the last test of this file.)
  },
);

test(
  "another agency's group, and one that does not exist, are not found",
  { tag: "@once" },
  async ({ page, login }) => {
    await login("agent.usa", null);
    for (const groupId of [otherAgencysGroup(), "G000001"]) {
      const response = await page.goto(`/group-travel-hub/${groupId}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(/not found/i);
      await expect(page.getByText(groupId)).toHaveCount(0);
    }
  },
);

test(
  "the group tool opens in a new tab with single sign-on: the token as tokenId",
  { tag: "@once" },
  async ({ page, login }) => {
    await login("agent.usa", "/group-travel-hub");
    const [tool] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByRole("link", { name: /Open the group tool/ }).click(),
    ]);
    await tool.waitForLoadState();
    await expect(tool.getByRole("heading", { level: 1 })).toContainText("partner tool stand-in");
    const url = new URL(tool.url());
    expect(url.pathname).toBe("/partners/group-tool");
    expect(url.searchParams.get("p")).toBe("professional-portal");
    expect(url.searchParams.get("tokenId")).toBeTruthy();
    await expect(tool.locator("#token-status")).toHaveAttribute("data-valid", "true");
    await tool.close();
  },
);

test("the hub's list downloads as CSV with the filters of the page", { tag: "@js-off" }, async ({ page, login }) => {
  await login("agent.usa", "/group-travel-hub");
  const ship = page.getByLabel("Ship");
  const shipCode = await ship.locator("option").nth(1).getAttribute("value");
  const shipName = (await ship.locator("option").nth(1).textContent())!.trim();
  await ship.selectOption(shipCode!);
  await page.getByRole("button", { name: "Show groups" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]ship=${shipCode}(&|$)`));
  // With JavaScript the address changes a moment before the new list is drawn: wait until every row
  // shown is of the chosen ship before counting them.
  const rows = page.getByRole("table", { name: /Your agency's groups/ }).locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasNotText: shipName })).toHaveCount(0);
  const shown = await rows.count();

  const link = page.getByRole("link", { name: /^Download (this group|these \d+ groups) as CSV$/ });
  await expect(link).toHaveAttribute("href", new RegExp(`^/group-travel-hub/groups\\.csv\\?.*ship=${shipCode}`));
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^groups-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync((await download.path())!, "utf8")
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toMatch(/^Group,Name,Cruise line,Ship,Sailing,Sail date,/);
  expect(lines.length - 1).toBeGreaterThanOrEqual(shown);
  for (const line of lines.slice(1)) expect(line).toContain(`,${shipName},`);
});

test(
  "a sailing's page asks for group space on it; the line confirms one request and declines another with its reason",
  { tag: "@js-off" },
  async ({ page, login }) => {
    const sailingId = sailingWithOpenBalconies();
    test.slow(); // a long flow over many pages: under load it needs more than the default 30 s
    await login("agent.usa", `/itinerary/detail?sailing=${sailingId}`);
    await page.getByRole("link", { name: "Request group space on this sailing" }).click();
    await expect(page).toHaveURL(`/group-travel-hub/request?sailingId=${sailingId}`);
    await expect(page.getByLabel(/Sailing id/)).toHaveValue(sailingId);

    for (const [staterooms, name] of [
      ["12", "Garden club"],
      ["41", "Marathon club"],
    ] as const) {
      await page.getByLabel(/Sailing id/).fill(sailingId);
      await page.getByLabel(/Staterooms wanted/).fill(staterooms);
      await page.getByLabel(/Cabin class/).selectOption("BALCONY");
      await page.getByLabel(/Group name/).fill(name);
      await page.getByRole("button", { name: "Send the request" }).click();
      await expect(page).toHaveURL(/\/group-travel-hub\/request\?sent=GSR-\d{6}$/);
    }
    const requests = page.getByRole("table", { name: /Group space requested by your agency/ });
    await expect(requests.getByRole("cell", { name: "Requested", exact: true })).toHaveCount(2);

    // The line decides 48 hours on; the demo endpoint decides now, as the line would.
    const decided = await fetch(`${UPSTREAM}/dev/groups/decide`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "agent.usa" }),
    });
    expect(decided.ok).toBe(true);
    await page.reload();
    const row = (name: string) => requests.getByRole("row").filter({ hasText: name });
    await expect(row("Garden club").getByRole("cell", { name: "Confirmed", exact: true })).toBeVisible();
    await expect(row("Marathon club")).toContainText(
      "Declined: Only 40 balcony staterooms can be held for one group on this sailing; 41 were asked for.",
    );
    await expectAccessible(page);
  },
);

test(
  "at 1440 wide beside the open sidebar each group's row is at most two lines; a long name is whole in its title",
  { tag: "@once" },
  async ({ page, login }) => {
    test.slow(); // two widths, each checked with axe
    await page.setViewportSize({ width: 1440, height: 900 });
    await login("agent.usa", null);
    // Sorted by ship, descending: the longest ship names of the demo data come first.
    for (const query of ["", "?sort=ship&order=desc"]) {
      await page.goto(`/group-travel-hub${query}`);
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      const table = page.getByRole("table", { name: /Your agency's groups/ });
      await expect(table).toBeVisible();
      const rows = table.locator("tbody tr");
      expect(await rows.count()).toBeGreaterThan(10);
      // Two lines' worth: two of the cells' lines, their padding, the row's border and a pixel or two.
      const limit = await table
        .locator("tbody td")
        .first()
        .evaluate((td) => {
          const style = getComputedStyle(td);
          const line = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.5;
          return 2 * line + Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom) + 4;
        });
      const heights = await rows.evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height));
      for (const height of heights) expect(height).toBeLessThanOrEqual(limit);
      // The table fits beside the sidebar: no sideways scrolling.
      const region = page.getByRole("region", { name: /Your agency's groups/ });
      expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
      // A name cut by an ellipsis is whole in the page and in its title.
      const names = table.locator("tbody th .cell-clip");
      for (const name of await names.all()) {
        const text = (await name.textContent())!.replace(/^ · /, "");
        await expect(name).toHaveAttribute("title", text);
      }
      // The final payment flag sits under its date, in words.
      if (!query) {
        await expect(rows.first().getByRole("cell").last()).toContainText(/Final payment (overdue|due today)/);
      }
    }
    await expectAccessible(page);
    await page.setViewportSize({ width: 400, height: 900 });
    await page.goto("/group-travel-hub");
    // On a phone's cards the guests named are there again (they make way only beside the sidebar).
    await expect(page.locator('td[data-label="Guests"]').first()).toBeVisible();
    await expectAccessible(page);
  },
);
