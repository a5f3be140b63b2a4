import { afterEach, beforeEach, vi } from "vitest";

// A console.error during a test fails it unless the test expects it (vi.spyOn and mockImplementation).
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  const spy = console.error as unknown as { mock?: unknown; mockRestore?: () => void };
  spy.mockRestore?.();
  if (errors.length > 0 && !expectedErrors) {
    const first = errors[0]!.map(String).join(" ");
    errors = [];
    throw new Error(`console.error was called during the test: ${first}`);
  }
  expectedErrors = false;
});

let expectedErrors = false;
/** Call in a test that expects console.error (a logged upstream failure, say). */
export function expectConsoleErrors() {
  expectedErrors = true;
}
