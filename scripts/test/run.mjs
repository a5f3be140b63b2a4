// `npm test`: every check, one stage after another, stopping at the first that fails; then each
// stage's time and the 20 slowest tests of vitest and of Playwright (from their JSON reports in
// reports/). CI's limit is 90 minutes for the whole run (docs/testing.md keeps the figures).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";

const stages = [
  ["typecheck", "tsc", ["--noEmit"]],
  ["lint", "eslint", ["."]],
  ["format", "prettier", ["--check", "."]],
  // Once, before the tests that serve it (tests/request, the compiled start's process tests) and
  // Playwright: the whole of `npm run build` (the app, the kept assets, the compiled server start).
  ["build", "npm", ["run", "build"]],
  ["vitest", "vitest", ["run", "--reporter=default", "--reporter=json", "--outputFile.json=reports/vitest.json"]],
  // Tests that measure time run alone, after the rest, so that no other test shares the cores.
  ["timing", "vitest", ["run"], { VITEST_TIMING: "1" }],
  ["playwright", "playwright", ["test"]],
];

const only = process.argv.slice(2);
rmSync("reports", { recursive: true, force: true });
mkdirSync("reports", { recursive: true });

const times = [];
if (process.env.CI_INSTALL_SECONDS) times.push(["install", Number(process.env.CI_INSTALL_SECONDS), "ok"]);
let failed = null;
for (const [name, bin, args, env = {}] of stages) {
  if (only.length > 0 && !only.includes(name)) continue;
  console.log(`\n== ${name}: ${bin} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(bin === "npm" ? "npm" : `node_modules/.bin/${bin}`, args, {
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  const seconds = (Date.now() - started) / 1000;
  const ok = result.status === 0;
  times.push([name, seconds, ok ? "ok" : `failed (${result.status ?? result.signal})`]);
  if (!ok) {
    failed = name;
    break;
  }
}

console.log("\n== stage times");
for (const [name, seconds, outcome] of times)
  console.log(`${name.padEnd(12)} ${clock(seconds).padStart(8)}  ${outcome}`);
const total = times.reduce((sum, [, seconds]) => sum + seconds, 0);
console.log(`${"total".padEnd(12)} ${clock(total).padStart(8)}`);
writeFileSync(
  "reports/stages.json",
  JSON.stringify(times.map(([stage, seconds, outcome]) => ({ stage, seconds, outcome }))),
);

slowest("vitest (per file)", vitestFiles());
slowest("Playwright", playwrightTests());

process.exit(failed ? 1 : 0);

function clock(seconds) {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}m${String(whole % 60).padStart(2, "0")}s`;
}

function slowest(title, rows) {
  if (rows.length === 0) return;
  console.log(`\n== the 20 slowest: ${title}`);
  for (const { seconds, name } of rows.sort((a, b) => b.seconds - a.seconds).slice(0, 20))
    console.log(`${seconds.toFixed(1).padStart(7)}s  ${name}`);
}

function readJson(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

function vitestFiles() {
  const report = readJson("reports/vitest.json");
  if (!report) return [];
  return report.testResults.map((file) => ({
    seconds: (file.endTime - file.startTime) / 1000,
    name: file.name.replace(`${process.cwd()}/`, ""),
  }));
}

function playwrightTests() {
  const report = readJson("reports/playwright.json");
  if (!report) return [];
  const rows = [];
  const visit = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results)
          rows.push({
            seconds: result.duration / 1000,
            name: `[${test.projectName}] ${spec.file ?? file}:${spec.line} › ${spec.title}${result.retry ? ` (retry ${result.retry})` : ""}`,
          });
    for (const child of suite.suites ?? []) visit(child, suite.file ?? file);
  };
  for (const suite of report.suites) visit(suite, suite.file);
  return rows;
}
