import { expect, expectAccessible, resetUpstream, test } from "./support/fixtures";

/**
 * The chrome around the page leaves room for the work: on a phone the alert bar is one line until
 * the agent opens it (a `<details>`: JavaScript on or off), and a super user acting for an agency
 * sees a banner unlike any service alert that stays in view while the page scrolls.
 */
test.afterEach(async () => {
  await resetUpstream();
});

test(
  "on a 400-wide phone the alert bar is one line until More opens it; its whole text stays reachable",
  { tag: "@js-off" },
  async ({ page, login }) => {
    await page.setViewportSize({ width: 400, height: 800 });
    await login("agent.usa");
    const bar = page.getByRole("region", { name: "Current alerts" });
    const link = bar.getByRole("link", { name: /From/ });
    await expect(link).toBeVisible();
    const lineHeight = await link.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight) || 24);
    const closed = (await bar.boundingBox())!;
    // One line of text plus the bar's own padding: the round 32-pixel buttons set the height, not the text.
    expect(closed.height).toBeLessThanOrEqual(Math.max(32, lineHeight) + 2 * 8 + 2);
    expect((await link.boundingBox())!.height).toBeLessThanOrEqual(lineHeight + 1);
    // The text is whole in the page (the link's name), only cut on the screen.
    await expect(link).toHaveText(/^.+ - .+ - From \d{2}[A-Z]{3}\d{4} to \d{2}[A-Z]{3}\d{4}$/);

    const more = bar.locator("summary");
    await expect(more).toHaveText(/More/);
    await more.click();
    await expect(more).toHaveText(/Less/);
    await expect.poll(async () => (await link.boundingBox())!.height).toBeGreaterThan(lineHeight + 1);
    await expectAccessible(page);
    await more.click();
    await expect.poll(async () => (await link.boundingBox())!.height).toBeLessThanOrEqual(lineHeight + 1);
    await link.click();
    await expect(page).toHaveURL(/\/alerts$/);
  },
);

test("at 1440 the alert bar has no More: the alert is shown whole", { tag: "@once" }, async ({ page, login }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login("agent.usa");
  const bar = page.getByRole("region", { name: "Current alerts" });
  await expect(bar.getByRole("link", { name: /From/ })).toBeVisible();
  await expect(bar.locator("summary")).toBeHidden();
});

for (const width of [1440, 400]) {
  test(
    `at ${width} wide the acting banner is unlike an alert and stays in view while the page scrolls`,
    { tag: "@js-off" },
    async ({ page, login }) => {
      test.slow(); // acting, a long page, axe
      await page.setViewportSize({ width, height: 800 });
      await login("rccl.staff", "/super-user/agency-found?agencyId=AG100102");
      await page.getByRole("button", { name: "Act for Maple Leaf Cruise Centre" }).click();
      await expect(page).toHaveURL(/\/home$/);
      const banner = page.getByRole("region", { name: "Acting for an agency" });
      await expect(banner).toContainText("You are acting for Maple Leaf Cruise Centre as Marc Tremblay.");
      // Not the alert bar's pale yellow: a dark background with light text.
      const colours = await banner.evaluate((el) => {
        const style = getComputedStyle(el);
        return { background: style.backgroundColor, colour: style.color };
      });
      const alertBackground = await page
        .getByRole("region", { name: "Current alerts" })
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(colours.background).not.toBe(alertBackground);
      const lightness = (rgb: string) => {
        const [r, g, b] = rgb.match(/\d+/g)!.map(Number);
        return (r! + g! + b!) / 3;
      };
      expect(lightness(colours.background)).toBeLessThan(100);
      expect(lightness(colours.colour)).toBeGreaterThan(200);

      await page.goto("/explore-our-fleet");
      await page.mouse.wheel(0, 1500);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
      const box = (await banner.boundingBox())!;
      // Sticky under the header: still at the top of the window, and its way out still there.
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(200);
      await expect(banner.getByRole("button", { name: "Stop acting" })).toBeInViewport();
      await expectAccessible(page);
    },
  );
}

test(
  "at 400 wide the acting banner is one line, keeps its whole sentence for screen readers, and Stop acting works from the keyboard",
  { tag: "@js-off" },
  async ({ page, login }) => {
    test.slow(); // acting, axe, and back
    await page.setViewportSize({ width: 400, height: 800 });
    await login("rccl.staff", "/super-user/agency-found?agencyId=AG100102");
    await page.getByRole("button", { name: "Act for Maple Leaf Cruise Centre" }).click();
    await expect(page).toHaveURL(/\/home$/);
    const banner = page.getByRole("region", { name: "Acting for an agency" });
    // One line: about 44–48 px with its border, not the three lines (about 75 px) of the whole sentence.
    const box = (await banner.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(50);
    const text = banner.locator(".acting-banner__text");
    const lineHeight = await text.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight) || 22);
    expect((await text.boundingBox())!.height).toBeLessThanOrEqual(lineHeight + 1);
    // What a sighted agent reads, and what a screen reader reads: the whole sentence, also the text's title.
    await expect(banner.getByText("Maple Leaf Cruise Centre")).toBeVisible();
    // Hidden from sight only (a clipped pixel), not from screen readers.
    expect((await banner.getByText("Signed in as Daniel Reyes.").boundingBox())!.width).toBeLessThanOrEqual(1);
    await expect(banner).toContainText("You are acting for Maple Leaf Cruise Centre as Marc Tremblay.");
    await expect(banner).toContainText("Signed in as Daniel Reyes.");
    await expect(text).toHaveAttribute(
      "title",
      "You are acting for Maple Leaf Cruise Centre as Marc Tremblay. Signed in as Daniel Reyes.",
    );
    const stop = banner.getByRole("button", { name: "Stop acting" });
    await expect(stop).toBeInViewport();
    await expectAccessible(page);

    // Reached with Tab from the top of the page, and Enter stops acting.
    await page.locator("body").focus();
    let reached = false;
    for (let step = 0; step < 20 && !reached; step++) {
      await page.keyboard.press("Tab");
      reached = await stop.evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/super-user\/agency-found\?agencyId=AG100102$/);
    await expect(page.getByRole("region", { name: "Acting for an agency" })).toHaveCount(0);
  },
);
