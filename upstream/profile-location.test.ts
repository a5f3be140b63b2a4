import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./testing/harness";

let h: Harness;
beforeAll(() => {
  h = startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

async function tokenOf(username: string): Promise<string> {
  const login = await h.login(username);
  expect(login.status).toBe(200);
  return login.body.data.access_token;
}

const locationOf = (profile: { locationData: Array<{ key: string; value: string }> }) =>
  Object.fromEntries(profile.locationData.map((entry) => [entry.key, entry.value]));

const ORLANDO = { name: "Orlando", region: "FL", country: "USA", lat: 28.53834, long: -81.37924 };

describe("PUT /userProfile/location", () => {
  it("stores the chosen place as the agent's locationData and answers the profile", async () => {
    const token = await tokenOf("agent.usa");
    const before = await h.call("GET", "/userProfile", undefined, h.bearer(token));
    expect(locationOf(before.body.data)).toMatchObject({ city: "Miami", lat: "25.7617", long: "-80.1918" });

    const { status, body } = await h.call("PUT", "/userProfile/location", ORLANDO, h.bearer(token));
    expect(status).toBe(200);
    expect(body.data.loginUserName).toBe("agent.usa");
    expect(body.data.locationData).toEqual([
      { key: "lat", value: "28.53834" },
      { key: "long", value: "-81.37924" },
      { key: "name", value: "Orlando" },
      { key: "city", value: "Orlando" },
      { key: "region", value: "FL" },
      { key: "country", value: "USA" },
    ]);

    const after = await h.call("GET", "/userProfile", undefined, h.bearer(token));
    expect(after.body.data).toEqual(body.data);
    // Only this agent changed.
    const other = await h.call("GET", "/userProfile", undefined, h.bearer(await tokenOf("rccl.staff")));
    expect(locationOf(other.body.data)).toMatchObject({ city: "Miami" });
    // A dev reset restores the demo location.
    await h.call("POST", "/dev/reset");
    const reset = await h.call("GET", "/userProfile", undefined, h.bearer(token));
    expect(locationOf(reset.body.data)).toMatchObject({ city: "Miami", lat: "25.7617" });
  });

  it("accepts coordinates as numeric strings and trims the names", async () => {
    const token = await tokenOf("agent.basic");
    const { status, body } = await h.call(
      "PUT",
      "/userProfile/location",
      { name: "  Southampton ", region: "ENG", country: "UK", lat: "50.90395", long: "-1.40428" },
      h.bearer(token),
    );
    expect(status).toBe(200);
    expect(locationOf(body.data)).toEqual({
      lat: "50.90395",
      long: "-1.40428",
      name: "Southampton",
      city: "Southampton",
      region: "ENG",
      country: "UK",
    });
  });

  it("answers 400 INVALID_REQUEST for a bad body and changes nothing", async () => {
    const token = await tokenOf("agent.usa");
    const bad: unknown[] = [
      {},
      { ...ORLANDO, lat: 90.5 },
      { ...ORLANDO, lat: -91 },
      { ...ORLANDO, long: 180.01 },
      { ...ORLANDO, long: -181 },
      { ...ORLANDO, lat: "north" },
      { ...ORLANDO, lat: null },
      { ...ORLANDO, long: undefined },
      { ...ORLANDO, name: "" },
      { ...ORLANDO, name: "x".repeat(101) },
      { ...ORLANDO, region: "x".repeat(101) },
      { ...ORLANDO, country: 7 },
      "not json",
    ];
    for (const body of bad) {
      const reply = await h.call("PUT", "/userProfile/location", body, h.bearer(token));
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.message.errorCode).toBe("INVALID_REQUEST");
    }
    const profile = await h.call("GET", "/userProfile", undefined, h.bearer(token));
    expect(locationOf(profile.body.data)).toMatchObject({ city: "Miami", lat: "25.7617" });
    // The limits themselves are accepted.
    const edge = await h.call(
      "PUT",
      "/userProfile/location",
      { ...ORLANDO, lat: -90, long: 180, name: "x".repeat(100) },
      h.bearer(token),
    );
    expect(edge.status).toBe(200);
  });

  it("answers 401 INVALID_TOKEN without a valid access token", async () => {
    for (const headers of [{}, { authorization: "Bearer nonsense" }] as Array<Record<string, string>>) {
      const { status, body } = await h.call("PUT", "/userProfile/location", ORLANDO, headers);
      expect(status).toBe(401);
      expect(body.message.errorCode).toBe("INVALID_TOKEN");
    }
  });
});
