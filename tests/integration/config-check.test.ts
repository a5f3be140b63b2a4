import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The portal's server checks its whole configuration once, in the primary, before it starts
 * anything (decision 052): a bad variable stops it with one report of every problem, exit code 1,
 * no stack trace, no worker and no embedded upstream. Started as production starts it (the compiled
 * entry `npm run build` makes, as the e2e harness and the balanced mode do) and from the source
 * through tsx, with nothing of this test's own environment.
 */
const root = path.resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(path.join(tmpdir(), "portal-config-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const SECRET = "shortsecret";

const ENTRIES: Array<[string, string[]]> = [
  ["the compiled entry", ["build/start/server/main.js"]],
  ["the source through tsx", ["--import", "tsx", "server/main.ts"]],
];

function start(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  if (!existsSync(path.join(root, args.at(-1)!))) throw new Error(`no ${args.at(-1)}: run \`npm run build\` first`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { NODE_ENV: "production", PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? scratch, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += String(chunk)));
    child.stderr.on("data", (chunk) => (stderr += String(chunk)));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the server did not stop on a bad configuration\n${stdout}\n${stderr}`));
    }, 15_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe.each(ENTRIES)("a bad configuration stops the server before it starts anything (%s)", (_, args) => {
  it("demo mode: one report lists every problem, exit 1, no stack trace, no secret, nothing started", async () => {
    const dataDir = path.join(scratch, `demo-${args.length}`);
    const { code, stdout, stderr } = await start(args, {
      PORT: "5701",
      UPSTREAM_PORT: "5702",
      METRICS_PORT: "0",
      DATA_DIR: dataDir,
      SESSION_SECRET: SECRET,
      REDIS_URL: "cache.internal:6379",
      UPSTREAM_TIMEOUT_MS: "fast",
      WEB_CONCURRENCY: "2",
    });
    expect(code).toBe(1);
    expect(stderr.match(/the configuration has/g)).toHaveLength(1);
    expect(stderr).toContain("[server] the configuration has 3 problems; nothing was started:");
    expect(stderr).toContain(
      "  SESSION_SECRET: must be one or more secrets of at least 16 characters each, separated by commas (new,old)",
    );
    expect(stderr).toContain("  REDIS_URL: must be a redis:// or rediss:// address such as redis://cache:6379/0");
    expect(stderr).toContain("  UPSTREAM_TIMEOUT_MS: must be a whole number from 100 to 60000");
    expect(stderr).toContain("docs/configuration.md");
    // Never the value given (a secret), never a stack trace.
    expect(stderr).not.toContain(SECRET);
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stderr).not.toMatch(/Error:/);
    // Nothing started: no upstream line, no worker, and not even the data directory was made.
    expect(stdout).toBe("");
    expect(stderr).not.toMatch(/upstream|WORKER|portal at/);
    expect(existsSync(dataDir)).toBe(false);
  });

  it("with an upstream: a bad API_URL and a missing PUBLIC_ORIGIN in the same report", async () => {
    const dataDir = path.join(scratch, `api-${args.length}`);
    const { code, stdout, stderr } = await start(args, {
      PORT: "5701",
      METRICS_PORT: "0",
      DATA_DIR: dataDir,
      API_URL: "api.example.com",
      SESSION_SECRET: "a-secret-long-enough-for-cookies",
    });
    expect(code).toBe(1);
    expect(stderr).toContain("[server] the configuration has 2 problems; nothing was started:");
    expect(stderr).toContain("  API_URL: must be an http:// or https:// address such as https://api.example.com");
    expect(stderr).toContain("  PUBLIC_ORIGIN: is required with API_URL");
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stdout).toBe("");
    expect(existsSync(dataDir)).toBe(false);
  });
});
