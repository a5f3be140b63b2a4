import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GIFT_LINK_CREDENTIALS } from "./routes/gift";
import { startHarness, type Harness } from "./testing/harness";

let h: Harness;
beforeAll(() => {
  h = startHarness();
});
afterAll(() => h.close());

const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString("base64")}`;
const post = (headers: Record<string, string>, body?: string) =>
  h.app.request("/gift-link", { method: "POST", headers, body });

describe("the public gift link: a POST with fixed basic headers", () => {
  it("answers the gift page (HTML) to the fixed Basic credentials, naming the payload's agency", async () => {
    const response = await post(
      { authorization: basic(GIFT_LINK_CREDENTIALS), "content-type": "application/json" },
      JSON.stringify({ agencyId: "1001", agentId: "2001", language: "en_us" }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain("<h1>Gift a cruise</h1>");
    expect(html).toContain("For agency 1001, agent 2001.");
  });

  it.each([
    ["no authorisation", {}],
    ["other credentials", { authorization: basic("portal:wrong") }],
    ["a bearer token", { authorization: "Bearer abc" }],
  ])("refuses %s (401)", async (_name, headers) => {
    expect((await post(headers as Record<string, string>, "{}")).status).toBe(401);
  });

  it("escapes what the payload names and refuses a body that is not JSON", async () => {
    const auth = { authorization: basic(GIFT_LINK_CREDENTIALS) };
    const html = await (await post(auth, JSON.stringify({ agencyId: "<b>x</b>" }))).text();
    expect(html).toContain("&lt;b&gt;x&lt;/b&gt;");
    expect((await post(auth, "not json")).status).toBe(400);
  });

  it("the sidebar navigation has the gift link", async () => {
    const response = await h.app.request("/api/royal/content/cruising-power/sidebar-navigation?locale=en_us");
    const items = ((await response.json()) as { data: { items: Array<{ id: string; type: string }> } }).data.items;
    expect(items).toContainEqual(expect.objectContaining({ id: "gift-link", type: "gift", icon: "gift" }));
  });
});
