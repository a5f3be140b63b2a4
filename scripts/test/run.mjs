// `npm test`: every check, stopping at the first step that fails; then each stage's time and the 20
// slowest tests of vitest and of Playwright (from their JSON reports in reports/). CI's limit is 90
// minutes for the whole run (docs/testing.md keeps the figures).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";

/**
 * Steps run one after another; the stages of one step run side by side. The static checks and the
 * build each keep one core busy at most, so two share the machine's two cores (about 45 s less on
 * CI's machine); vitest and Playwright use both cores and run alone.
 */
const steps = [
  [
    ["typecheck", "tsc", ["--noEmit"]],
    ["lint", "eslint", ["."]],
  ],
  [
    ["format", "prettier", ["--check", "."]],
    // Once, before the tests that serve it (tests/request, the compiled start's process tests) and
    // Playwright: the whole of `npm run build` (the app, the kept assets, the compiled server start).
    ["build", "npm", ["run", "build"]],
  ],
  [["vitest", "vitest", ["run", "--reporter=default", "--reporter=json", "--outputFile.json=reports/vitest.json"]]],
  // Tests that measure time run alone, after the rest, so that no other test shares the cores.
  [["timing", "vitest", ["run"], { VITEST_TIMING: "1" }]],
  [["playwright", "playwright", ["test"]]],
];

const only = process.argv.slice(2);
rmSync("reports", { recursive: true, force: true });
mkdirSync("reports", { recursive: true });

const times = [];
if (process.env.CI_INSTALL_SECONDS)
  times.push({ name: "install", seconds: Number(process.env.CI_INSTALL_SECONDS), outcome: "ok", counted: true });
let failed = null;
for (const step of steps) {
  const stages = step.filter(([name]) => only.length === 0 || only.includes(name));
  if (stages.length === 0) continue;
  const started = Date.now();
  // A stage alone shows its output as it comes; side by side, each stage's output is shown whole
  // when it ends, so the two never interleave.
  const outcomes = await Promise.all(stages.map((stage) => run(stage, stages.length === 1)));
  const alone = stages.length === 1;
  for (const [i, [name]] of stages.entries()) {
    const outcome = outcomes[i].ok ? "ok" : `failed (${outcomes[i].code})`;
    times.push({ name, seconds: outcomes[i].seconds, outcome, counted: alone });
    if (!outcomes[i].ok) failed ??= name;
  }
  // Side by side, the step's own time is what the run spent.
  if (!alone) times.push({ name: "  together", seconds: (Date.now() - started) / 1000, outcome: "", counted: true });
  if (failed) break;
}

function run([name, bin, args, env = {}], live) {
  const started = Date.now();
  if (live) console.log(`\n== ${name}: ${bin} ${args.join(" ")}`);
  return new Promise((resolve) => {
    const child = spawn(bin === "npm" ? "npm" : `node_modules/.bin/${bin}`, args, {
      stdio: live ? "inherit" : ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...env },
    });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("close", (code, signal) => {
      if (!live) process.stdout.write(`\n== ${name}: ${bin} ${args.join(" ")}\n${output}`);
      resolve({ ok: code === 0, code: code ?? signal, seconds: (Date.now() - started) / 1000 });
    });
  });
}

console.log("\n== stage times");
for (const { name, seconds, outcome } of times)
  console.log(`${name.padEnd(12)} ${clock(seconds).padStart(8)}  ${outcome}`);
const total = times.reduce((sum, { seconds, counted }) => sum + (counted ? seconds : 0), 0);
console.log(`${"total".padEnd(12)} ${clock(total).padStart(8)}`);
writeFileSync(
  "reports/stages.json",
  JSON.stringify(times.map(({ name, seconds, outcome }) => ({ stage: name.trim(), seconds, outcome }))),
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
