import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the request layer's first file leaves the upstream's seeded data for the others (tests/request/harness.ts). */
    requestTemplateDir: string;
  }
}

/**
 * A folder of this run's own for the request layer's template of the upstream's data (seeded, the
 * catalogue generated): made by the first request-level file that needs it, copied into each
 * file's fresh DATA_DIR, removed at the run's end. Nothing is made when no request-level file runs.
 */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), "portal-request-template-"));
  project.provide("requestTemplateDir", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
