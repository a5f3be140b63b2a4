// vitest's two projects (vitest.config.ts), named once: eslint.config.js refuses a module mock in the
// first, whose files share one module cache per worker.

/** Files that keep no state in the modules they share: pure units, lint cases, the upstream's files. */
export const SHARED_MODULES = ["tests/unit/**/*.test.ts", "tests/lint/**/*.test.ts", "upstream/**/*.test.ts"];

/** Files that hold servers and mocks in module state: each gets fresh modules. */
export const FRESH_MODULES = ["tests/integration/**/*.test.ts", "tests/request/**/*.test.ts"];
