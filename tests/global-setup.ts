import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { prepareDataDir } from "../upstream/testing/harness";

declare module "vitest" {
  export interface ProvidedContext {
    /** A DATA_DIR holding a freshly seeded upstream database and keys, copied by each test's harness. */
    upstreamTemplate: string;
  }
}

/**
 * Prepares the reference upstream's data once for the whole run: seeding and generating it took 2 s
 * a harness on a quiet 2-core machine and over 20 s on a busy one, and some 40 harnesses ask for it.
 * Each harness copies the folder into its own fresh DATA_DIR, so no test sees another's writes.
 */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "upstream-template-"));
  prepareDataDir(dir);
  project.provide("upstreamTemplate", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
