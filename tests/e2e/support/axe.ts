import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * Every page the suite visits passes axe-core's WCAG 2.2 AA rules. Axe is JavaScript: in the
 * JavaScript-off project the page's exact DOM (scripts removed) is checked in a scripted page of the
 * same origin, so both projects check what the agent actually got.
 */
export async function expectAccessible(page: Page) {
  // A form post's redirect can leave the next document still streaming when the URL has changed:
  // check the whole page, not the part that has arrived.
  await page.waitForLoadState("load");
  let target = page;
  let scratch: Page | null = null;
  if (test.info().project.use.javaScriptEnabled === false) {
    const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
    const browser = page.context().browser()!;
    const context = await browser.newContext({ javaScriptEnabled: true, baseURL: new URL(page.url()).origin });
    scratch = await context.newPage();
    await scratch.goto(new URL("/error", page.url()).href);
    await scratch.setContent(html, { waitUntil: "load" });
    target = scratch;
  }
  try {
    const results = await new AxeBuilder({ page: target }).withTags(TAGS).analyze();
    const violations = results.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    );
    expect(violations).toEqual([]);
  } finally {
    await scratch?.context().close();
  }
}
