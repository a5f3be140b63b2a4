import { defineConfig } from "@playwright/test";

/** Ports of the end-to-end portal and its upstream: away from the 3000/3001 of `npm start`. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_UPSTREAM_PORT = Number(process.env.E2E_UPSTREAM_PORT ?? 3101);

const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "tests/e2e",
  // The demo upstream is shared state (lockouts, the outbox); one worker keeps tests independent.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // A walk through several pages, each checked with axe, takes 25–35 s on a slow 2-core machine
  // (more without JavaScript, where axe runs in a second page): a minute, so a slow CI machine does not
  // fail what a fast one passes. Assertions keep their own 7 s limit.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: chromiumFlags,
    },
  },
  projects: [
    { name: "js-on", use: { javaScriptEnabled: true } },
    { name: "js-off", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    // The production build (npm run test:e2e builds first) with its embedded upstream.
    command: "node --import tsx server/main.ts",
    // Two workers, as production runs one per core.
    url: `http://127.0.0.1:${E2E_PORT}/login`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      UPSTREAM_PORT: String(E2E_UPSTREAM_PORT),
      DATA_DIR: `data/e2e-${E2E_PORT}`,
      METRICS_PORT: String(E2E_PORT + 2),
      WEB_CONCURRENCY: "2",
      AUTH_RATE_LIMIT: "1000",
      UPSTREAM_TIMEOUT_MS: "3000",
    },
  },
});
