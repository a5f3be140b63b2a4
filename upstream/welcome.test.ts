import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AGENTS } from "./db/demo-data";
import { DATABASE_FILE, openDatabase } from "./db/index";
import { errorCodeOf, verifiedCode } from "./testing/codes";
import { TEST_START, startHarness, type Harness } from "./testing/harness";
import { undoActingMigration } from "./testing/schema";

/**
 * The portal's /welcome: the first sign-in of a new account lands there, later ones skip it. The upstream
 * keeps whether the agent has been welcomed (`agents.welcomed_at`, migration 8), tells the portal in the
 * profile (`welcomed`) and records it with `POST /agents/{id}/welcome`.
 */
let h: Harness;
beforeAll(() => {
  h = startHarness();
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.reset();
  h.db.prepare("DELETE FROM sign_ins").run();
});

const NEW_EMAIL = "welcome.new@agency.example";
const NEW_MOBILE = "+13055550177";
const NEW_PASSWORD = "Harbour!Lights42";

/** Registers a new agent at agent.usa's agency (no administrator: active at once); answers its id. */
async function registerNewAgent(): Promise<string> {
  const reply = await h.call("POST", "/agents/register", {
    agencyId: "AG100101",
    firstName: "Wendy",
    lastName: "Welcome",
    emailAddress: NEW_EMAIL,
    encryptedPassword: await h.encryptPassword(NEW_PASSWORD),
    mobilePhone: NEW_MOBILE,
    telephoneCountryCode: "US",
    countryCode: "US",
    zipCode: "33131",
    cliaAgentId: null,
    colonialID: null,
    jobTitle: "Cruise specialist",
    yearsIndustry: "3-5",
    specialization1: "Luxury",
    specialization2: null,
    specialization3: null,
    regions: ["Caribbean"],
    promotionBrand: "R",
    homeBasedAgent: false,
    agencyRole: "agent",
    agencyBusinessModel: "storefront",
    espressoLanguage: "en_us",
    emailPreference: true,
    mobilePreference: false,
    acceptTermsConditions: true,
    acceptTravelAgentGuideliness: true,
    primaryMFA: "EMAIL",
    secondaryMFA: null,
    identificationType: "phone",
    mailValidationToken: await verifiedCode(h, NEW_EMAIL, "email_otp", "register_agent_verification"),
    telephoneValidationToken: await verifiedCode(h, NEW_MOBILE, "sms", "phone_verification"),
  });
  expect(reply.status).toBe(201);
  return reply.body.data.agentId as string;
}

async function tokenOf(username: string, password?: string): Promise<string> {
  const login = await h.login(username, password);
  expect(login.status, `${username} signs in`).toBe(200);
  return login.body.data.access_token as string;
}

const profileOf = async (token: string) => (await h.call("GET", "/userProfile", undefined, h.bearer(token))).body.data;

describe("whether the agent has been welcomed", () => {
  it("every demo account has been welcomed, so its sign-in goes straight on", async () => {
    expect(await profileOf(await tokenOf("agent.usa"))).toMatchObject({ welcomed: true });
    const unwelcomed = h.db.prepare("SELECT count(*) AS n FROM agents WHERE welcomed_at IS NULL").get();
    expect(unwelcomed).toEqual({ n: 0 });
  });

  it("a registered account has not: its profile says so until POST /agents/{id}/welcome records it, once", async () => {
    const agentId = await registerNewAgent();
    expect(h.db.prepare("SELECT welcomed_at FROM agents WHERE agent_id = ?").get(agentId)).toEqual({
      welcomed_at: null,
    });
    const token = await tokenOf(NEW_EMAIL, NEW_PASSWORD);
    expect(await profileOf(token)).toMatchObject({ loginUserName: NEW_EMAIL, welcomed: false });

    h.clock.set(TEST_START + 60_000);
    const first = await h.call("POST", `/agents/${agentId}/welcome`, {}, h.bearer(token));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ data: { welcomed: true, welcomedAt: new Date(TEST_START + 60_000).toISOString() } });
    expect(await profileOf(token)).toMatchObject({ welcomed: true });

    // A second call (a second tab's Continue) keeps the first time.
    h.clock.set(TEST_START + 120_000);
    const again = await h.call("POST", `/agents/${agentId}/welcome`, undefined, h.bearer(token));
    expect(again.status).toBe(200);
    expect(again.body.data.welcomedAt).toBe(new Date(TEST_START + 60_000).toISOString());
    // And a later sign-in is a welcomed one.
    expect(await profileOf(await tokenOf(NEW_EMAIL, NEW_PASSWORD))).toMatchObject({ welcomed: true });
  });

  it("only the agent marks themself: another id is 403 FORBIDDEN, no token 401", async () => {
    const agentId = await registerNewAgent();
    const usa = await tokenOf("agent.usa");
    const other = await h.call("POST", `/agents/${agentId}/welcome`, {}, h.bearer(usa));
    expect(other.status).toBe(403);
    expect(errorCodeOf(other)).toBe("FORBIDDEN");
    const anonymous = await h.call("POST", `/agents/${agentId}/welcome`, {});
    expect(anonymous.status).toBe(401);
    expect(h.db.prepare("SELECT welcomed_at FROM agents WHERE agent_id = ?").get(agentId)).toEqual({
      welcomed_at: null,
    });
  });

  it("a reset removes registered accounts and leaves every demo account welcomed", async () => {
    await registerNewAgent();
    await h.reset();
    expect(h.db.prepare("SELECT count(*) AS n FROM agents WHERE welcomed_at IS NULL").get()).toEqual({ n: 0 });
    expect(h.db.prepare("SELECT count(*) AS n FROM agents").get()).toEqual({ n: AGENTS.length });
  });
});

describe("migration 8 (welcome)", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "upstream-welcome-test-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("welcomes every account that existed before it, one without a creation time too", () => {
    const fresh = openDatabase(dataDir);
    // Back to what migration 7 left, with one account that has no creation time.
    undoActingMigration(fresh.db);
    fresh.db.prepare("UPDATE agents SET created_at = NULL WHERE agent_id = ?").run(AGENTS[0]!.agentId);
    fresh.db.close();

    openDatabase(dataDir).db.close();
    const again = new Database(join(dataDir, DATABASE_FILE));
    expect(again.prepare("SELECT count(*) AS n FROM agents WHERE welcomed_at IS NULL").get()).toEqual({ n: 0 });
    const { created_at, welcomed_at } = again
      .prepare("SELECT created_at, welcomed_at FROM agents WHERE agent_id = ?")
      .get(AGENTS[1]!.agentId) as { created_at: number; welcomed_at: number };
    expect(welcomed_at).toBe(created_at);
    again.close();
  });
});
