import { createHash } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** The page states this worker has already checked: the document as drawn, at its width. */
const checked = new Set<string>();

/** One JavaScript page per browser for checking JavaScript-off documents (axe is JavaScript). */
const scratchPages = new WeakMap<Browser, Promise<Page>>();

function scratchPage(browser: Browser): Promise<Page> {
  let scratch = scratchPages.get(browser);
  if (!scratch) {
    scratch = browser.newContext({ javaScriptEnabled: true }).then((context) => context.newPage());
    scratchPages.set(browser, scratch);
  }
  return scratch;
}

/**
 * Every page the suite visits passes axe-core's WCAG 2.2 AA rules, once per page state: a state
 * already checked in this worker (the same document at the same width) is not checked again. Axe is
 * JavaScript: in the JavaScript-off project the page's exact DOM (scripts removed) is drawn in one
 * scripted page kept for the purpose, against the page's own address (a <base>, so its stylesheets
 * and images load as they did), and checked there: no extra document from the portal.
 */
export async function expectAccessible(page: Page) {
  // A form post's redirect can leave the next document still streaming when the URL has changed:
  // check the whole page, not the part that has arrived.
  await page.waitForLoadState("load");
  const html = (await page.content())
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "")
    .replace(/ nonce="[^"]*"/g, "");
  const width = page.viewportSize()?.width ?? 0;
  const state = createHash("sha256").update(`${width}\n${html}`).digest("hex");
  if (checked.has(state)) return;

  let target = page;
  if (test.info().project.use.javaScriptEnabled === false) {
    target = await scratchPage(page.context().browser()!);
    await target.setViewportSize(page.viewportSize() ?? { width: 1280, height: 720 });
    const base = `<base href="${page.url().replace(/"/g, "&quot;")}">`;
    await target.setContent(html.replace(/<head([^>]*)>/i, `<head$1>${base}`), { waitUntil: "load" });
  }
  // axe.run in the page itself ("legacy mode"): the default runs each frame apart and finishes in a
  // new blank page of the context, a page and a second injection of axe for every check (about twice
  // the time). What it adds is checking cross-origin frames, and the portal draws none.
  // Only the violations' nodes are collected: passes and inapplicable rules are counted, not listed.
  const results = await new AxeBuilder({ page: target })
    .withTags(TAGS)
    .options({ resultTypes: ["violations"] })
    .setLegacyMode()
    .analyze();
  const violations = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(violations).toEqual([]);
  checked.add(state);
}
