import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findNginx, renderNginxConfig } from "../../deploy/run-balanced.mjs";
import { freePort } from "../support/free-port";

/**
 * The balancer's rule for a rolling upgrade (deploy/nginx.conf.template, decision 053): a page of the
 * new build may ask an instance still on the old build for a hashed script it does not have; nginx
 * tries that 404 on the next instance. Only under /assets/: a page's 404 is the answer, and a post is
 * never sent twice. nginx, with the project's own template, in front of two stand-in instances: the
 * "old" one has no /assets/new-*.js, the "new" one has it. Each records what reached it.
 */
type Instance = { name: string; server: http.Server; port: number; seen: string[] };

function instance(name: string, hasNewAssets: boolean): Promise<Instance> {
  const seen: string[] = [];
  const server = http.createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    request.resume();
    request.on("end", () => {
      if (request.url === "/healthz") return void response.end("ok");
      const isNewAsset = request.url?.startsWith("/assets/new-");
      const found = isNewAsset ? hasNewAssets : request.url?.startsWith("/assets/");
      response.writeHead(found ? 200 : 404, { "content-type": "text/plain" });
      response.end(found ? `${name} has it` : "not found");
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ name, server, port: (server.address() as AddressInfo).port, seen })),
  );
}

let dir = "";
let nginx: ChildProcess | undefined;
let balancer = "";
let instances: Instance[] = [];

beforeAll(async () => {
  instances = [await instance("old", false), await instance("new", true)];
  dir = mkdtempSync(path.join(tmpdir(), "nginx-assets-"));
  // nginx started as root runs its workers as nobody: they reach the temp paths inside.
  chmodSync(dir, 0o711);
  for (const sub of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(dir, sub));
  const port = await freePort();
  balancer = `http://127.0.0.1:${port}`;
  writeFileSync(
    path.join(dir, "nginx.conf"),
    renderNginxConfig({
      // One worker: round-robin order is the order requests arrive.
      WORKER_PROCESSES: 1,
      LISTEN: `127.0.0.1:${port}`,
      PORTAL_SERVERS: instances.map((i) => `        server 127.0.0.1:${i.port};`).join("\n"),
      TEMP_DIR: dir,
      ACCESS_LOG: path.join(dir, "access.log"),
    }),
  );
  nginx = spawn(
    findNginx(),
    ["-e", "stderr", "-p", `${dir}/`, "-c", path.join(dir, "nginx.conf"), "-g", `daemon off; pid ${dir}/nginx.pid;`],
    { stdio: "ignore" },
  );
  // Ready when it answers, however long a busy machine takes.
  for (let tries = 0; ; tries++) {
    const up = await fetch(`${balancer}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (tries > 200) throw new Error("nginx did not answer within 20 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

afterAll(async () => {
  nginx?.kill("SIGTERM");
  await Promise.all(instances.map((i) => new Promise((resolve) => i.server.close(resolve))));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const reset = () => instances.forEach((i) => (i.seen.length = 0));
const reached = (line: string) => instances.filter((i) => i.seen.includes(line)).map((i) => i.name);

describe("nginx in front of an old and a new build (a rolling upgrade)", () => {
  it("a new build's script the old instance lacks is fetched from the next instance, whichever is tried first", async () => {
    // Round robin: two requests in a row start on each instance once.
    for (const attempt of [1, 2]) {
      reset();
      const response = await fetch(`${balancer}/assets/new-${attempt}.js`);
      expect(response.status, `attempt ${attempt}`).toBe(200);
      expect(await response.text()).toBe("new has it");
    }
  });

  it("a page's 404 is the answer: it is not tried on the next instance", async () => {
    reset();
    const response = await fetch(`${balancer}/no-such-page`);
    expect(response.status).toBe(404);
    expect(reached("GET /no-such-page")).toHaveLength(1);
  });

  it("a post under /assets/ that reached an instance is never sent twice", async () => {
    for (const attempt of [1, 2]) {
      reset();
      const response = await fetch(`${balancer}/assets/new-post-${attempt}.js`, { method: "POST", body: "x" });
      expect(reached(`POST /assets/new-post-${attempt}.js`), `attempt ${attempt}`).toHaveLength(1);
      expect([200, 404]).toContain(response.status);
    }
  });
});
