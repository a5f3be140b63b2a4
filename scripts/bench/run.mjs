#!/usr/bin/env node
// `npm run bench`: the budgets of DESIGN.md ("Budgets") measured in one run on the production build
// with the embedded upstream. Prints one table and writes it to bench-results/latest.json.
// A benchmark, not a test: a figure over its budget is a FAIL row, and the exit code stays 0;
// only a figure that could not be measured makes it exit 1.
//
// Environment: BENCH_SECONDS (load duration per route, default 10), BENCH_LH_RUNS (Lighthouse runs
// per page, default 3; the median performance score counts).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildCss, documentHtml, firstLoadJavaScript, launchBrowser } from "./bytes.mjs";
import { measureItinerarySearch } from "./itinerary.mjs";
import { audit, launchChrome } from "./lighthouse.mjs";
import { compare, measure } from "./load.mjs";
import { BROWSER_BASE, killPortalsNow, signIn, signInMany, startPortal } from "./portal.mjs";
import { printTable } from "./table.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SECONDS = positive(process.env.BENCH_SECONDS, 10);
/** The bare route of the same build that /login is compared with (see part 5). */
const BARE = "/error";
const LH_RUNS = positive(process.env.BENCH_LH_RUNS, 3);
const AGENTS = 10;
const KB = 1000; // kilobytes as Chrome DevTools and Lighthouse count them

function positive(value, fallback) {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

const rows = [];
const notes = [];
let failedToMeasure = false;

/** The table prints the figure with its decimals (100.0 KB, not 100 KB); the JSON keeps the number. */
function shown(row, decimals) {
  return Object.defineProperty(row, "text", { value: `${row.figure.toFixed(decimals)}${row.unit ? ` ${row.unit}` : ""}` });
}

/** A row with a budget: `atMost` or `atLeast` the limit. */
function budgetRow(what, figure, unit, { atMost, atLeast }, decimals = 1) {
  const value = Number(figure.toFixed(decimals));
  const pass = atMost !== undefined ? value <= atMost : value >= atLeast;
  const limit = atMost ?? atLeast;
  const budget = `${atMost !== undefined ? "≤" : "≥"} ${limit}${unit ? ` ${unit}` : ""}`;
  rows.push(shown({ what, figure: value, unit, budget, status: pass ? "PASS" : "FAIL" }, decimals));
}
function infoRow(what, figure, unit, decimals = 1) {
  rows.push(shown({ what, figure: Number(figure.toFixed(decimals)), unit, budget: "—", status: "INFO" }, decimals));
}
function errorRow(what, error) {
  failedToMeasure = true;
  rows.push({ what, figure: "not measured", unit: "", budget: "—", status: "ERROR" });
  notes.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
}
/** Runs one part; a throw becomes an ERROR row instead of ending the run. */
async function part(what, fn) {
  if (interrupted) throw new Error("interrupted");
  try {
    await fn();
  } catch (error) {
    if (interrupted) throw error;
    errorRow(what, error);
  }
}

// ---- cleanup on every way out --------------------------------------------------------------------
let interrupted = false;
let portal;
let browser;
let chrome;
async function cleanup() {
  await browser?.close().catch(() => {});
  browser = undefined;
  try {
    chrome?.kill();
  } catch {
    // already gone
  }
  chrome = undefined;
  await portal?.stop();
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n[bench] ${signal}: stopping the portal`);
    cleanup()
      .catch((error) => console.error(`[bench] cleanup failed: ${error.message}`))
      .finally(() => process.exit(130));
  });
}
process.on("exit", killPortalsNow);

function gitCommit() {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}
function gitDirty() {
  try {
    return execFileSync("git", ["status", "--porcelain"], { cwd: root, encoding: "utf8" }).trim() !== "";
  } catch {
    return null;
  }
}

// ---- the run ---------------------------------------------------------------------------------------
async function main() {
  if (!existsSync(path.join(root, "build/server/index.js"))) {
    throw new Error("no production build: run `npm run bench` (it builds first)");
  }
  const log = (message) => process.stderr.write(`[bench] ${message}\n`);

  // 1. CSS of the whole build (no server needed).
  await part("CSS, whole portal, gzip", () => {
    const css = buildCss(root);
    budgetRow("CSS, whole portal, gzip", css.bytes / KB, "KB", { atMost: 25 });
  });

  log(`starting the portal on ${BROWSER_BASE} (fresh data directory)`);
  portal = await startPortal(root);
  if (interrupted) await cleanup();
  const cookie = await signIn("agent.usa");

  // 2. JavaScript of a first load, in Chromium.
  log("JavaScript on first load (Chromium)");
  browser = await launchBrowser();
  if (interrupted) await cleanup(); // a signal that came while the browser started
  for (const [pathname, limit, withCookie] of [
    ["/login", 110, false],
    ["/home", 160, true],
  ]) {
    const what = `JavaScript, first load of ${pathname}, gzip`;
    await part(what, async () => {
      const js = await firstLoadJavaScript(browser, pathname, withCookie ? cookie : undefined);
      budgetRow(what, js.bytes / KB, "KB", { atMost: limit });
      notes.push(`${pathname}: ${js.files.length} scripts, ${(js.bytes / KB).toFixed(1)} KB gzip`);
    });
  }
  await browser?.close();
  browser = undefined;

  // 3. HTML of /home.
  await part("HTML of /home, gzip", async () => {
    const html = await documentHtml("/home", cookie);
    budgetRow("HTML of /home, gzip", html.bytes / KB, "KB", { atMost: 30 });
  });

  // 4. Lighthouse, mobile defaults.
  log(`Lighthouse, ${LH_RUNS} run(s) per page`);
  chrome = await launchChrome();
  if (interrupted) await cleanup();
  for (const [pathname, withCookie] of [
    ["/login", false],
    ["/home", true],
  ]) {
    await part(`Lighthouse ${pathname}`, async () => {
      const result = await audit(chrome, `${BROWSER_BASE}${pathname}`, withCookie ? cookie : undefined, LH_RUNS);
      budgetRow(`Lighthouse mobile ${pathname}: performance`, result.performance, "", { atLeast: 95 }, 0);
      budgetRow(`Lighthouse mobile ${pathname}: accessibility`, result.accessibility, "", { atLeast: 100 }, 0);
      const m = result.metrics;
      notes.push(
        `Lighthouse ${pathname}: performance runs ${result.scores.join(", ")}; median run FCP ${Math.round(m.fcpMs)} ms, ` +
          `LCP ${Math.round(m.lcpMs)} ms, TBT ${Math.round(m.tbtMs)} ms, CLS ${m.cls.toFixed(3)}, SI ${Math.round(m.siMs)} ms`,
      );
      if (result.failedA11y.length) notes.push(`Lighthouse ${pathname}: failed accessibility audits ${result.failedA11y.join(", ")}`);
      for (const warning of result.warnings) notes.push(`Lighthouse ${pathname}: warning: ${warning}`);
    });
  }
  chrome?.kill();
  chrome = undefined;

  // 5. /login against a bare route of the same build, same tool, same run. The bare route is /error:
  // a document with no loader of its own and static content, so the ratio is what /login's own
  // work (guard, QA-mode flag, language, form) costs over the framework's render.
  log(`load: ${BARE} and /login, 10 connections, ${SECONDS} s each`);
  await part(`/login vs ${BARE}`, async () => {
    const { a: bare, b: login } = await compare(BARE, "/login", { connections: 10, seconds: SECONDS });
    infoRow(`${BARE} (bare route), 10 connections: rps`, bare.rps, "req/s", 0);
    infoRow(`${BARE} latency p50`, bare.p50, "ms", 2);
    infoRow(`${BARE} latency p95`, bare.p95, "ms", 2);
    infoRow("/login, 10 connections: rps", login.rps, "req/s", 0);
    infoRow("/login latency p50", login.p50, "ms", 2);
    infoRow("/login latency p95", login.p95, "ms", 2);
    budgetRow(`/login rps ÷ ${BARE} rps`, login.rps / bare.rps, "×", { atLeast: 0.6 }, 2);
  });

  // 6. /home, warm, 10 signed-in agents: one session cookie per connection.
  log(`load: /home, ${AGENTS} signed-in agents, ${SECONDS} s`);
  let cookies = [];
  await part(`/home, ${AGENTS} concurrent agents, p95`, async () => {
    cookies = await signInMany(AGENTS);
    const home = await measure("/home", { connections: AGENTS, seconds: SECONDS, cookies });
    budgetRow(`/home, warm, ${AGENTS} concurrent agents: p95`, home.p95, "ms", { atMost: 50 }, 1);
    notes.push(`/home load: ${Math.round(home.rps)} req/s, p50 ${home.p50.toFixed(1)} ms, ${home.requests} requests`);
  });

  // 7. Itinerary search (not built yet).
  await part("Itinerary search, full demo catalogue, p95", async () => {
    const search = await measureItinerarySearch({ cookies, seconds: SECONDS });
    if (search === null) {
      rows.push({
        what: "Itinerary search, full demo catalogue: p95",
        figure: "not built yet",
        unit: "",
        budget: "≤ 100 ms",
        status: "N/A",
      });
    } else {
      budgetRow("Itinerary search, full demo catalogue: p95", search.p95, "ms", { atMost: 100 }, 1);
    }
  });
}

let fatal;
const loadBefore = os.loadavg()[0];
try {
  await main();
} catch (error) {
  fatal = error;
}
if ((fatal || failedToMeasure) && !interrupted) {
  // Its last lines other than successful requests (errors, stack traces, restarts).
  const tail = portal
    ?.tail(400)
    .split("\n")
    .filter((line) => line.trim() && !/^(GET|POST|HEAD) \S+ [23]\d\d /.test(line))
    .slice(-30)
    .join("\n");
  if (tail) console.error(`[bench] the portal's log ends with:\n${tail}`);
}
await cleanup();
if (interrupted) await new Promise(() => {}); // the signal handler reports and exits

if (fatal) {
  failedToMeasure = true;
  notes.push(`stopped early: ${fatal instanceof Error ? fatal.message : String(fatal)}`);
}

const report = {
  date: new Date().toISOString(),
  commit: gitCommit(),
  dirty: gitDirty(),
  settings: {
    loadSeconds: SECONDS,
    lighthouseRuns: LH_RUNS,
    connections: 10,
    kilobyte: KB,
    webConcurrency: process.env.WEB_CONCURRENCY ?? "default",
    cpus: os.availableParallelism(),
    // The machine's 1-minute load average before and after: a busy machine skews the load and
    // Lighthouse figures (the run does not wait for a quiet machine).
    loadAverage: [Number(loadBefore.toFixed(2)), Number(os.loadavg()[0].toFixed(2))],
  },
  rows,
  notes,
};
printTable(rows);
notes.push(`machine: ${report.settings.cpus} CPUs, 1-min load average ${report.settings.loadAverage.join(" → ")}`);
if (notes.length) console.log(`\n${notes.map((n) => `  · ${n}`).join("\n")}`);
const outDir = path.join(root, "bench-results");
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
console.log(`\nwritten to bench-results/latest.json (commit ${report.commit}${report.dirty ? ", uncommitted changes" : ""})`);
process.exit(failedToMeasure ? 1 : 0);
