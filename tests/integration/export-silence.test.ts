import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { portalEnv } from "./harness";

/**
 * Issue 38: an export times out on silence (no byte for a while), not on its total length. A stream
 * that keeps talking for longer than the silence allowed goes through; one that stalls is cut soon.
 */
portalEnv();
const { requestLines, UpstreamError } = await import("~/server/infra/http.server");

/** Lines every `everyMs`, `count` of them; `stallAfter` lines then nothing more. */
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://x");
  const every = Number(url.searchParams.get("every"));
  const count = Number(url.searchParams.get("count"));
  const stallAfter = Number(url.searchParams.get("stallAfter") ?? Infinity);
  res.writeHead(200, { "content-type": "application/x-ndjson" });
  let sent = 0;
  const timer = setInterval(() => {
    if (sent >= stallAfter) return;
    res.write(`${JSON.stringify({ n: sent })}\n`);
    sent += 1;
    if (sent === count) {
      clearInterval(timer);
      res.end();
    }
  }, every);
  res.on("close", () => clearInterval(timer));
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const read = async (query: string) => {
  const rows: number[] = [];
  for await (const row of requestLines({
    service: "insight",
    baseUrl: base,
    path: `/export?${query}`,
    schema: z.object({ n: z.number() }),
    silenceMs: 300,
  }))
    rows.push(row.n);
  return rows;
};

describe("an export's timeout is its silence", () => {
  it("a stream longer than the silence allowed, never silent that long, is read whole", async () => {
    const rows = await read("every=50&count=16"); // 800 ms in all, a line every 50 ms
    expect(rows).toHaveLength(16);
  });

  it("a stream that stalls is cut after the silence, not after its whole length", async () => {
    const started = Date.now();
    const failure = await read("every=20&count=100&stallAfter=3").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamError);
    expect((failure as InstanceType<typeof UpstreamError>).failure).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
