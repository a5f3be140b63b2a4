import { expect, expectAccessible, resetUpstream, stack, test } from "./support/fixtures";

/**
 * User management made for work: the registrations waiting for approval come first on the list,
 * each answered right there (plain forms, JavaScript on or off); an agent's page at 1440 keeps each
 * fact in its own place and draws the changes as buttons in a row; and a change posted by hand by
 * an account that may not make it is refused with the reason, never a silent redirect.
 */
test.afterEach(async () => {
  await resetUpstream();
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test(
  "the waiting registrations come first on the list, and one is approved from it",
  { tag: "@js-off" },
  async ({ page, login }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await login("admin.can", "/user-management");
    const waiting = page.getByRole("region", { name: /Waiting for your approval \(2\)/ });
    await expect(waiting).toBeVisible();
    // First: above the search form and the whole list.
    const waitingBox = (await waiting.boundingBox())!;
    const listBox = (await page.getByRole("table", { name: /Agents, sorted by/ }).boundingBox())!;
    expect(waitingBox.y + waitingBox.height).toBeLessThanOrEqual(listBox.y);
    const rows = waiting.getByRole("table", { name: /waiting for approval, oldest first/ }).locator("tbody tr");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText("Gagnon, Chloé");
    await expect(rows.nth(1)).toContainText("Fraser, Liam");
    await expectAccessible(page);

    await rows.nth(0).getByRole("button", { name: "Approve Chloé Gagnon" }).click();
    await expect(page).toHaveURL(/\/user-management\?done=approve&agent=\d+$/);
    await expect(page.getByRole("status").filter({ hasText: "Chloé Gagnon is approved." })).toBeVisible();
    await expect(page.getByRole("region", { name: /Waiting for your approval \(1\)/ })).toBeVisible();
    await page.getByRole("button", { name: "Decline Liam Fraser" }).click();
    await expect(page.getByText("Liam Fraser's registration is declined: they cannot sign in.")).toBeVisible();
    await expect(page.getByRole("region", { name: /Waiting for your approval/ })).toHaveCount(0);
    const list = page.getByRole("table", { name: /Agents, sorted by/ });
    await expect(list.getByRole("row", { name: /Gagnon, Chloé/ })).toContainText("Active");
    await expect(list.getByRole("row", { name: /Fraser, Liam/ })).toContainText("Deactivated");
  },
);

for (const width of [1440, 400]) {
  test(
    `at ${width} an agent's page keeps the e-mail off the role and its changes are buttons in a row`,
    { tag: "@once" },
    async ({ page, login }) => {
      await page.setViewportSize({ width, height: 900 });
      await login("admin.can", "/user-management?status=PENDING");
      await page
        .getByRole("table", { name: /Agents, sorted by/ })
        .getByRole("link", { name: "Gagnon, Chloé" })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: "Chloé Gagnon" })).toBeVisible();
      const facts = page.locator("dl.facts > div");
      const boxes = await facts.evaluateAll((els) =>
        els.map((el) => {
          const r = el.querySelector("dd")!.getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height };
        }),
      );
      const email = await page.locator("dl.facts > div", { hasText: "E-mail" }).locator("dd");
      // The address is wholly inside its own cell: nothing runs into the next fact.
      expect(await email.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++)
          expect(overlaps(boxes[i]!, boxes[j]!), `facts ${i} and ${j}`).toBe(false);
      }
      const changes = page.getByRole("list", { name: "Changes you can make" });
      const approve = changes.getByRole("link", { name: "Approve" });
      const deactivate = changes.getByRole("link", { name: "Deactivate" });
      // Buttons, not bullets: no list marker, side by side.
      expect(await changes.evaluate((el) => getComputedStyle(el).listStyleType)).toBe("none");
      const [a, d] = [(await approve.boundingBox())!, (await deactivate.boundingBox())!];
      expect(Math.abs(a.y - d.y)).toBeLessThan(4);
      expect(a.x + a.width).toBeLessThanOrEqual(d.x);
      expect(await approve.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe("solid");
      await expectAccessible(page);
    },
  );
}

test(
  "an agent's hand-made approve is refused with what and why, not a silent redirect",
  { tag: "@once" },
  async ({ page, login }) => {
    await login("agent.usa", null);
    const origin = `http://localhost:${stack.portal}`;
    const response = await page.request.post("/user-management", {
      form: { intent: "approve", agentId: "0999997" },
      headers: { origin },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    const html = await response.text();
    expect(html).toContain("Not allowed");
    expect(html).toContain(
      "Changing your agency&#x27;s agents was refused: only an agency administrator can approve, deactivate or change agents",
    );

    // The same post made by the browser as a page (a document request, JavaScript on or off): the 403 page
    // is drawn in the signed-in shell, its sidebar and header, at 1440 and on a phone.
    await page.route("**/user-management", (route) =>
      route.continue({
        method: "POST",
        postData: "intent=approve&agentId=0999997",
        headers: { ...route.request().headers(), "content-type": "application/x-www-form-urlencoded", origin },
      }),
    );
    for (const width of [1440, 400]) {
      await page.setViewportSize({ width, height: 900 });
      const page403 = await page.goto("/user-management");
      expect(page403?.status()).toBe(403);
      await expect(page.getByRole("heading", { level: 1, name: "Not allowed" })).toBeVisible();
      await expect(
        page.getByRole("alert").filter({ hasText: "Changing your agency's agents was refused" }),
      ).toContainText("only an agency administrator can approve, deactivate or change agents");
      // The signed-in shell: the sidebar's navigation (open at 1440, behind the menu button on a phone) and
      // the header's account menu with the agent's name.
      const nav = page.getByRole("navigation", { name: "Main", includeHidden: width === 400 });
      await expect(nav.getByRole("link", { name: "Home", includeHidden: width === 400 })).toBeAttached();
      if (width === 1440) await expect(nav.getByRole("link", { name: "Group Travel Hub" })).toBeVisible();
      await expect(page.locator('header button[aria-controls="sidebar"]')).toBeVisible();
      await expect(page.getByRole("banner")).toContainText("Olivia Bennett");
      await expect(page).toHaveTitle("Not allowed | Professional Portal");
      await expectAccessible(page);
    }
    await page.unroute("**/user-management");

    // The registration is still waiting.
    await page.context().clearCookies();
    await login("admin.can", "/user-management");
    await expect(page.getByRole("region", { name: /Waiting for your approval \(2\)/ })).toBeVisible();
  },
);

/** A role's or a status's code as the upstream sends it: never on the screen (app/domain/user-management.ts). */
const RAW_CODE = /\b(AGENT|ADMIN|AGENCY_ADMIN|RCCL|RCCLADMIN|PENDING|ACTIVE|LOCKED|DEACTIVATED)\b/;

test(
  "roles and statuses read as words on the list, an agent's page and its activity log, never as codes",
  { tag: "@js-off" },
  async ({ page, login }) => {
    test.slow(); // an approval, a role change, three pages at two widths with axe
    await page.setViewportSize({ width: 1440, height: 900 });
    await login("admin.can", "/user-management/agents/0999997?confirm=approve");
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByText("Chloé Gagnon is approved.")).toBeVisible();
    await page.goto("/user-management/agents/0999997?confirm=role");
    await page.getByLabel("New role").selectOption({ label: "Agency administrator" });
    await page.getByRole("button", { name: "Change role" }).click();
    await expect(page.getByText("Chloé Gagnon's role is changed.")).toBeVisible();

    const main = page.getByRole("main");
    const facts = page.locator("dl.facts");
    await expect(facts.locator("div", { hasText: "Role" }).locator("dd")).toHaveText("Agency administrator");
    await expect(facts.locator("div", { hasText: "Status" }).locator("dd")).toHaveText("Active");
    const activity = page.getByRole("table", { name: /Changes to Chloé Gagnon's account/ });
    await expect(activity.locator("tbody tr").first()).toContainText(
      "Changed the role from Agent to Agency administrator.",
    );
    await expect(activity.locator("tbody tr").nth(1)).toContainText("Approved the registration.");
    await page.waitForLoadState("load");
    expect(await main.innerText()).not.toMatch(RAW_CODE);
    await expectAccessible(page);

    for (const width of [1440, 400]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/user-management?sort=name&order=asc");
      const list = page.getByRole("table", { name: /Agents, sorted by name/ });
      await expect(list.getByRole("row", { name: /Gagnon, Chloé/ })).toContainText("Agency administrator");
      await expect(list.getByRole("row", { name: /Fraser, Liam/ })).toContainText("Pending approval");
      await expect(list.getByRole("row", { name: /Fraser, Liam/ })).toContainText("Agent");
      await expect(list.getByRole("row", { name: /Siddiqui, Aisha/ })).toContainText("Deactivated");
      await expect(list.getByRole("row", { name: /Tremblay, Marc/ })).toContainText("Active");
      expect(await main.innerText()).not.toMatch(RAW_CODE);
      await expectAccessible(page);
    }
    await page.goto("/user-management/agents/0999997");
    expect(await main.innerText()).not.toMatch(RAW_CODE);
    await expectAccessible(page);
  },
);
