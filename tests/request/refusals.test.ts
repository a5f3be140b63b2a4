import { describe, expect, it } from "vitest";
import { servePortal, textOf } from "./harness";

/**
 * Issue 38: an upstream's expected refusal reaches the agent as what it means, never as a 502 or
 * "Service unavailable": too many one-time codes says how long to wait (the upstream's Retry-After).
 */
const portal = servePortal();

describe("too many codes asked for", () => {
  it("the sixth code for one address in ten minutes says to try again in 10 minutes", async () => {
    const client = portal.client();
    const ask = () =>
      client.post("/account/forgot/username", { form: { channel: "EMAIL", emailAddress: "agent.basic@example.com" } });
    for (let i = 0; i < 5; i++) expect((await ask()).status, `code ${i + 1}`).toBeLessThan(400);
    const refused = await ask();
    // The page's own 429, with the upstream's wait (its window: ten minutes) as Retry-After.
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(540);
    expect(textOf(refused.body)).toContain("Too many codes asked for; try again in 10 minutes");
  });
});
