import { defineConfig } from "@playwright/test";
import { WORKERS, stackOf } from "./tests/e2e/support/ports";

const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * The suite's rules (docs/testing.md): every test is tagged `@js-off` (it posts a form, follows a
 * link that differs without JavaScript, or depends on the enhancement: both projects run it) or
 * `@once` (it reads what the server rendered: JavaScript on only). Each worker has its own portal
 * (tests/e2e/support/ports.ts). One retry, and a test that passes only on it fails the run.
 */
export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/support/global-setup.ts",
  workers: WORKERS,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 1,
  failOnFlakyTests: true,
  reporter: [["list"], ["json", { outputFile: "reports/playwright.json" }]],
  // A walk through several pages, each checked with axe, takes 25–35 s on a slow 2-core machine: a
  // minute, so a slow CI machine does not fail what a fast one passes. Assertions keep their own 7 s.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    // Each worker's own portal: the `baseURL` fixture (tests/e2e/support/fixtures.ts) names it.
    trace: "on-first-retry",
    launchOptions: {
      // Debian's headless shell (package chromium-headless-shell): the same engine without the new
      // headless mode's browser UI. Its browser process costs far less: three specs took 97 s
      // against 147 s with /usr/bin/chromium, 38 s of user CPU against 67 s (decision 059).
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium-headless-shell",
      args: chromiumFlags,
    },
  },
  projects: [
    { name: "js-on", use: { javaScriptEnabled: true } },
    { name: "js-off", use: { javaScriptEnabled: false }, grep: /@js-off/ },
  ],
  // One portal per worker: the production build (npm test builds first) with its embedded upstream.
  webServer: Array.from({ length: WORKERS }, (_, index) => {
    const stack = stackOf(index);
    return {
      command: "node build/start/server/main.js",
      url: `http://127.0.0.1:${stack.portal}/login`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: "ignore" as const,
      stderr: "pipe" as const,
      env: {
        PORT: String(stack.portal),
        HOST: "127.0.0.1",
        UPSTREAM_PORT: String(stack.upstream),
        DATA_DIR: stack.dataDir,
        METRICS_PORT: String(stack.metrics),
        // Two cluster workers, as production runs one per core.
        WEB_CONCURRENCY: "2",
        AUTH_RATE_LIMIT: "1000",
        // Longer than production's 5 s: two portals, two browsers and their upstreams share two cores.
        UPSTREAM_TIMEOUT_MS: "10000",
      },
    };
  }),
});
