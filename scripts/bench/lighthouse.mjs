// Lighthouse with its default config (mobile, simulated slow 4G, 4x CPU slowdown) on Debian's
// chromium. Each page runs BENCH_LH_RUNS times (default 3); the figure is the median performance
// score and the lowest accessibility score.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export async function launchChrome() {
  // handleSIGINT false: chrome-launcher would otherwise exit the process on Ctrl-C before run.mjs
  // has stopped the portal.
  return chromeLauncher.launch({
    chromePath: "/usr/bin/chromium",
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
    handleSIGINT: false,
  });
}

class LighthouseRuntimeError extends Error {}

const score = (category) => Math.round((category?.score ?? 0) * 100);

async function runOnce(chrome, url, cookie) {
  const result = await lighthouse(url, {
    port: chrome.port,
    logLevel: "error",
    output: "json",
    onlyCategories: ["performance", "accessibility"],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`lighthouse returned nothing for ${url}`);
  if (lhr.runtimeError) {
    throw new LighthouseRuntimeError(`lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  const wanted = new URL(url).pathname;
  if (landed !== wanted) throw new Error(`lighthouse on ${url} ended on ${landed}`);

  const failedA11y = Object.values(lhr.audits)
    .filter((a) => lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0))
    .filter((a) => a.score !== null && a.score < 1)
    .map((a) => a.id);
  const metric = (id) => lhr.audits[id]?.numericValue;
  return {
    performance: score(lhr.categories.performance),
    accessibility: score(lhr.categories.accessibility),
    failedA11y,
    metrics: {
      fcpMs: metric("first-contentful-paint"),
      lcpMs: metric("largest-contentful-paint"),
      tbtMs: metric("total-blocking-time"),
      cls: metric("cumulative-layout-shift"),
      siMs: metric("speed-index"),
    },
    warnings: lhr.runWarnings ?? [],
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/**
 * Lighthouse's own trace hiccups (NO_NAVSTART, NO_FCP and the like on a busy 2-core machine) are
 * runtime errors of that run, not figures of the page: such a run is tried again, twice at most.
 */
async function withRetry(run, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !(error instanceof LighthouseRuntimeError)) throw error;
    }
  }
}

/** Runs Lighthouse `runs` times on url; returns { performance, accessibility, runs: [...] }. */
export async function audit(chrome, url, cookie, runs) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await withRetry(() => runOnce(chrome, url, cookie)));
  const performance = median(results.map((r) => r.performance));
  const medianRun = results.find((r) => r.performance === performance);
  return {
    performance,
    accessibility: Math.min(...results.map((r) => r.accessibility)),
    failedA11y: [...new Set(results.flatMap((r) => r.failedA11y))],
    metrics: medianRun.metrics,
    scores: results.map((r) => r.performance),
    warnings: [...new Set(results.flatMap((r) => r.warnings))],
  };
}
