import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, test, type Browser, type Page } from "@playwright/test";
import type { AxeResults, RunOptions, run } from "axe-core";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** axe-core's minified build: what every check evaluates in the page once. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe.run in the page itself, axe evaluated once per check. (@axe-core/playwright evaluated the
 * unminified 1.3 MB build twice per check, about 0.1–0.2 s each, and adds only cross-origin frames,
 * of which the portal draws none.)
 */
export async function runAxe(page: Page, options: RunOptions): Promise<AxeResults> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    (runOptions) => (window as unknown as { axe: { run: typeof run } }).axe.run(document, runOptions),
    options,
  );
}

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
  // Only the violations' nodes are collected (passes and inapplicable rules are counted, not listed),
  // and their selectors only when there is one to name: a unique selector for every node checked
  // costs about a tenth of a check.
  const runOptions: RunOptions = { runOnly: { type: "tag", values: TAGS }, resultTypes: ["violations"] };
  let results = await runAxe(target, { ...runOptions, selectors: false, ancestry: false, xpath: false });
  if (results.violations.length > 0) results = await runAxe(target, runOptions);
  const violations = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(violations).toEqual([]);
  checked.add(state);
}
