import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";
import { FRESH_MODULES, SHARED_MODULES } from "./tests/vitest-projects.mjs";

/**
 * Test files that keep no state in the modules they share (pure units, lint cases, and the reference
 * upstream's files, each with its own database) run with the module cache shared across the files of
 * a worker: about 40 % of their time is importing the same modules again (97 files: 86 s alone, 49 s
 * shared; they pass in any file order, `--sequence.shuffle.files`). The app's integration and
 * request-level files hold per-file servers and mocks in module state, so each gets fresh modules.
 * A module mock (vi.mock) in a shared file would reach the files after it: eslint.config.js refuses it.
 */

// Kept apart from vite.config.ts so vitest never loads the Remix plugin.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    environment: "node",
    setupFiles: ["tests/setup.ts"],
    // The upstream's demo data seeded once for the run, copied by each harness (tests/global-setup.ts);
    // a folder of the run's own where the request layer keeps its template (tests/request).
    globalSetup: ["tests/global-setup.ts", "tests/request/global-setup.ts"],
    pool: "forks",
    // Both cores (vitest's default leaves one to itself, so a 2-core machine ran one file at a time).
    maxWorkers: 2,
    testTimeout: 20_000,
    // A hook that starts a server or fills a database gets the time a test gets: on a busy machine
    // the default 10 s failed set-ups that pass alone.
    hookTimeout: 20_000,
    // Tests that measure time (tests/timing) run on their own, after the rest, so that no other test
    // file shares the machine's cores with them: `VITEST_TIMING=1 vitest run`.
    ...(process.env.VITEST_TIMING
      ? { include: ["tests/timing/**/*.test.ts"] }
      : {
          projects: [
            { extends: true, test: { name: "shared-modules", include: SHARED_MODULES, isolate: false } },
            { extends: true, test: { name: "fresh-modules", include: FRESH_MODULES } },
          ],
        }),
  },
});
