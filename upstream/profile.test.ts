import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./testing/harness";

let h: Harness;
beforeAll(() => {
  h = startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

async function profileOf(username: string) {
  const login = await h.login(username);
  const reply = await h.call("GET", "/userProfile", undefined, {
    ...h.bearer(login.body.data.access_token),
    "id-token": login.body.data.id_token,
  });
  expect(reply.status).toBe(200);
  return { profile: reply.body.data, token: login.body.data.access_token as string };
}

const EVERY_TOOL = [
  "SEE-OUR-SHIPS",
  "SEARCH-PROMOTIONS",
  "GUEST-DOCS",
  "INSIGHT",
  "COUPON",
  "HOTELS",
  "CRUISE-PLANNER",
  "DIGITAL-BROCHURES",
  "IMAGE-LIBRARY",
  "EQUOTE",
  "COMMERCE",
  "GROUP-TOOL",
  "FRIENDS-AND-FAMILY",
];

describe("GET /userProfile", () => {
  it("answers 401 INVALID_TOKEN without a token, with a bad one, or with a refresh token", async () => {
    const login = await h.login("agent.usa");
    for (const headers of [
      {},
      { authorization: "Bearer nonsense" },
      { authorization: "Basic abc" },
      h.bearer(login.body.data.refresh_token),
    ]) {
      const { status, body } = await h.call("GET", "/userProfile", undefined, headers);
      expect(status).toBe(401);
      expect(body.message.errorCode).toBe("INVALID_TOKEN");
    }
  });

  it("carries every field of the specification for agent.usa", async () => {
    const { profile } = await profileOf("agent.usa");
    expect(profile).toEqual({
      loginUserName: "agent.usa",
      countryCode: "USA",
      reportingOfficeCode: "MIA",
      roleCode: "AGENT",
      currencies: [{ currencyCode: "USD", primaryCurrency: true }],
      agencyId: "AG100101",
      agentId: "1000001",
      agentFirstName: "Olivia",
      agentLastName: "Bennett",
      agentEmailAddress: "agent.usa@example.com",
      agencyName: "Bayfront Cruise Vacations",
      agentPhotos: [{ type: "AGENT_HOMEPAGE_PHOTO", fullPath: "/images/agents/agent-usa.jpg" }],
      allowedApplicationTools: EVERY_TOOL.map((toolCode) => ({ toolCode })),
      eQuoteAcceptanceTC: true,
      latteAvailable: true,
      latteKey: "latte-demo-1000001",
      locationData: [
        { key: "lat", value: "25.7617" },
        { key: "long", value: "-80.1918" },
        { key: "city", value: "Miami" },
        { key: "region", value: "Florida" },
        { key: "country", value: "United States of America" },
      ],
      dismissedNotifications: [],
      legacySiteVisited: true,
      welcomed: true,
    });
  });

  it("matches the demo account table", async () => {
    const table: Array<[string, string, string, string | null]> = [
      ["admin.can", "ADMIN", "CAN", "CAD"],
      ["rccl.staff", "RCCL", "USA", "USD"],
      ["rccl.admin", "RCCLADMIN", "USA", "USD"],
      ["agent.basic", "AGENT", "GBR", "GBP"],
      ["agent.bra", "AGENT", "BRA", "BRL"],
      ["agent.sgp", "AGENT", "SGP", "SGD"],
      ["agent.terms", "AGENT", "USA", "USD"],
    ];
    for (const [username, role, country, primary] of table) {
      const { profile } = await profileOf(username);
      expect(profile.roleCode, username).toBe(role);
      expect(profile.countryCode, username).toBe(country);
      expect(profile.agentEmailAddress).toBe(`${username}@example.com`);
      expect(
        profile.currencies.find((c: { primaryCurrency: boolean }) => c.primaryCurrency)?.currencyCode,
        username,
      ).toBe(primary);
      expect(profile.legacySiteVisited, username).toBe(username !== "agent.bra");
      expect(profile.latteAvailable, username).toBe(false);
      expect(profile.latteKey, username).toBeNull();
      const tools = profile.allowedApplicationTools.map((t: { toolCode: string }) => t.toolCode);
      if (username === "agent.basic") {
        expect(tools).toEqual(EVERY_TOOL.slice(5));
      } else {
        expect(tools, username).toEqual(EVERY_TOOL);
      }
      expect(profile.eQuoteAcceptanceTC, username).toBe(username !== "agent.sgp");
      expect(profile.locationData.map((l: { key: string }) => l.key)).toEqual(expect.arrayContaining(["lat", "long"]));
    }
  });

  it("records a dismissed notification and answers it in the profile", async () => {
    const { token } = await profileOf("agent.usa");
    const dismiss = await h.call(
      "POST",
      "/userProfile/dismissed-notification",
      { notificationId: "notif-001", startDate: "2026-03-01T00:00:00.000Z", endDate: "2026-03-31T23:59:59.000Z" },
      h.bearer(token),
    );
    expect(dismiss.status).toBe(200);
    const profile = await h.call("GET", "/userProfile", undefined, h.bearer(token));
    expect(profile.body.data.dismissedNotifications).toEqual([
      { notificationId: "notif-001", start: "2026-03-01T00:00:00.000Z", end: "2026-03-31T23:59:59.000Z" },
    ]);
    const bad = await h.call(
      "POST",
      "/userProfile/dismissed-notification",
      { notificationId: "x", startDate: "soon" },
      h.bearer(token),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message.errorCode).toBe("INVALID_REQUEST");
  });
});
