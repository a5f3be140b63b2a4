#!/usr/bin/env node
// Compares the page ratios (a page's req/s ÷ the bare route's, the bench's "ratio" part) of two or
// more builds, run interleaved so that the machine's drift hits each alike: rounds of A B … B A.
// Each checkout must be built (`npm run build`) and use the bench's ports one at a time.
//
//   node scripts/bench/ab.mjs [--rounds N] name=DIR[,NODE_OPTIONS] name=DIR …
//   e.g. node scripts/bench/ab.mjs --rounds 2 framework=/work/wt-remix-link own=.
//
// Prints, for each page, the median ratio of each build and how much each build buys over the
// first one (%). A run waits (at most two minutes) for the 1-minute load average to fall below half
// the cores first: another process's work skews a ratio. Results: bench-results/ab-<date>.json.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const args = process.argv.slice(2);
const roundsAt = args.indexOf("--rounds");
const rounds = roundsAt === -1 ? 2 : Number(args.splice(roundsAt, 2)[1]);
const builds = args.map((arg) => {
  const [name, rest] = arg.split(/=(.*)/s);
  const [dir, nodeOptions] = (rest ?? "").split(",");
  if (!name || !dir) throw new Error(`expected name=DIR[,NODE_OPTIONS], got "${arg}"`);
  return { name, dir: path.resolve(dir), nodeOptions };
});
if (builds.length < 2 || !(rounds >= 1)) {
  console.error("usage: node scripts/bench/ab.mjs [--rounds N] name=DIR[,NODE_OPTIONS] name=DIR …");
  process.exit(2);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function quietMachine() {
  const limit = os.availableParallelism() / 2;
  for (let waited = 0; os.loadavg()[0] > limit && waited < 120_000; waited += 5000) await sleep(5000);
}

/** One bench run of the ratio part in `build`'s checkout: { page: ratio }, and the bare route's req/s. */
function runOnce(build) {
  const env = { ...process.env, BENCH_ONLY: "ratio" };
  delete env.NODE_OPTIONS;
  if (build.nodeOptions) env.NODE_OPTIONS = build.nodeOptions;
  execFileSync(process.execPath, ["scripts/bench/run.mjs"], {
    cwd: build.dir,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const report = JSON.parse(readFileSync(path.join(build.dir, "bench-results/latest.json"), "utf8"));
  const ratios = {};
  for (const row of report.rows) if (row.what.includes("÷")) ratios[row.what.split(" rps ÷")[0]] = row.figure;
  const bare = report.rows.find((row) => row.what.includes("(bare route)"))?.figure;
  return { ratios, bare, loadAverage: report.settings.loadAverage };
}

const runs = [];
for (let round = 1; round <= rounds; round++) {
  const order = round % 2 === 1 ? builds : [...builds].reverse();
  for (const build of order) {
    await quietMachine();
    process.stderr.write(`[ab] round ${round}: ${build.name} (${build.dir})\n`);
    runs.push({ round, build: build.name, ...runOnce(build) });
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const pages = Object.keys(runs[0].ratios);
const table = pages.map((page) => {
  const byBuild = Object.fromEntries(
    builds.map((build) => [build.name, median(runs.filter((r) => r.build === build.name).map((r) => r.ratios[page]))]),
  );
  const first = byBuild[builds[0].name];
  const gains = builds
    .slice(1)
    .map((build) => `${build.name} ${(((byBuild[build.name] - first) / first) * 100).toFixed(0)} %`);
  return { page, ...byBuild, [`over ${builds[0].name}`]: gains.join(", ") };
});
console.table(table);
for (const run of runs)
  console.log(`round ${run.round} ${run.build}: bare ${run.bare} req/s, load ${run.loadAverage.join(" → ")}`);
mkdirSync(path.join(root, "bench-results"), { recursive: true });
const file = path.join(root, "bench-results", `ab-${new Date().toISOString().slice(0, 16).replace(/:/g, "")}.json`);
writeFileSync(file, `${JSON.stringify({ builds, rounds, runs, table }, null, 2)}\n`);
console.log(`written to ${path.relative(root, file)}`);
