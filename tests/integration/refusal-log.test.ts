import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalEnv } from "./harness";

/**
 * Issue 38: the server's own refusals (403, 413, 400) are logged with their reason, and their page
 * shows the request's id as "Reference: …" so an agent can quote it and an operator find the line.
 */
portalEnv({ FORM_BODY_LIMIT_KB: "64" });
const { mountEdge } = await import("../../server/app");
const { createLogger, requestLogger } = await import("../../server/observability/logger");

const output: string[] = [];
const logger = createLogger({ level: "info", destination: { write: (line: string) => void output.push(line) } });
const app = express();
mountEdge(app, { before: [requestLogger({ logger })] });
app.all("*", (_req, res) => void res.send("remix"));

let listening: Server;
let base: string;
beforeAll(async () => {
  listening = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => listening.close(() => resolve())));

async function lineFor(requestId: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 100; i++) {
    const line = output.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.requestId === requestId);
    if (line) return line;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no log line for ${requestId}`);
}

describe("refusals say why, in the log and with a reference on the page", () => {
  it.each([
    ["a cross-site post", { origin: "https://evil.example" }, "", 403, /cross-site/],
    ["a body over the limit", { "content-length": String(70 * 1024) }, "x".repeat(70 * 1024), 413, /over the limit/],
  ])("%s", async (_name, headers, body, status, reason) => {
    const response = await fetch(`${base}/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body,
    });
    const requestId = response.headers.get("x-request-id")!;
    expect(response.status).toBe(status);
    expect(await response.text()).toContain(`Reference: ${requestId}`);
    const line = await lineFor(requestId);
    expect(line.status).toBe(status);
    expect(String(line.reason)).toMatch(reason);
  });
});
