import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { freePort } from "../support/free-port";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";

/**
 * The embedded reference upstream as the production start runs it: the compiled bundle
 * (build/start/upstream/main.js, made by `npm run build`). A file it read by a path relative to its
 * source (GeoNames' admin1 names) was missing from the bundle, and every place search failed.
 */
const root = path.resolve(import.meta.dirname, "../..");
const entry = path.join(root, "build/start/upstream/main.js");
const dataDir = mkdtempSync(path.join(tmpdir(), "compiled-upstream-"));
let child: ChildProcess;
let base: string;

beforeAll(async () => {
  if (!existsSync(entry)) throw new Error("no build/start/upstream/main.js: run `npm run build` first");
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { NODE_ENV: "production", PATH: process.env.PATH ?? "", UPSTREAM_PORT: String(port), DATA_DIR: dataDir },
    stdio: "ignore",
  });
  // Up when its /health answers (a fixed wait would be too short on a busy machine).
  const deadline = Date.now() + 30_000;
  while (
    (await fetch(`${base}/health`).then(
      (r) => r.status,
      () => 0,
    )) !== 200
  ) {
    if (Date.now() > deadline) throw new Error("the compiled upstream did not answer /health in 30 s");
    await new Promise((r) => setTimeout(r, 200));
  }
});

afterAll(() => {
  child?.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
});

it("the compiled upstream names a place's region from the GeoNames admin1 list (Chengdu, Sichuan)", async () => {
  const answer = await fetch(`${base}/api/weather/locations?query=Chengdu`, {
    headers: { "x-api-key": "demo-widget-key" },
  });
  expect(answer.status).toBe(200);
  expect(JSON.stringify(await answer.json())).toContain("Sichuan");
});
