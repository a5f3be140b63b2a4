import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { agentDetails } from "./db/agent-details";
import { findAgentById } from "./db/agents";
import { AGENTS } from "./db/demo-data";
import { DATABASE_FILE, openDatabase } from "./db/index";
import { migrations } from "./db/migrations";
import { errorCodeOf, outbox, validate, verifiedCode } from "./testing/codes";
import { DEMO_PASSWORD, TEST_START, startHarness, type Harness, type Reply } from "./testing/harness";
import { USER_MANAGEMENT_DEMO_IDS, undoManagementMigration } from "./testing/schema";

let h: Harness;
beforeAll(() => {
  h = startHarness();
});
afterAll(() => h.close());

/** Access tokens by username, for the current test only (a test may end sign-ins). */
const tokens = new Map<string, string>();
beforeEach(async () => {
  tokens.clear();
  await h.reset();
  // The demo accounts' sign-ins outlive a reset; each test here starts with none.
  h.db.prepare("DELETE FROM sign_ins").run();
});

async function tokenOf(username: string, password = DEMO_PASSWORD): Promise<string> {
  const cached = tokens.get(username);
  if (cached && password === DEMO_PASSWORD) return cached;
  const login = await h.login(username, password);
  expect(login.status, `${username} signs in`).toBe(200);
  const token = login.body.data.access_token as string;
  if (password === DEMO_PASSWORD) tokens.set(username, token);
  return token;
}

/** A fresh sign-in (not cached): its access token. */
async function newSignIn(username: string, password = DEMO_PASSWORD): Promise<string> {
  const login = await h.login(username, password);
  expect(login.status).toBe(200);
  return login.body.data.access_token as string;
}

async function as(username: string, method: string, path: string, body?: unknown): Promise<Reply> {
  return h.call(method, path, body, h.bearer(await tokenOf(username)));
}

const withToken = (token: string, method: string, path: string, body?: unknown) =>
  h.call(method, path, body, h.bearer(token));

const agentRow = (agentId: string) =>
  h.db.prepare("SELECT * FROM agents WHERE agent_id = ?").get(agentId) as Record<string, unknown>;

// The demo: admin.can (1000002) administers Maple Leaf Cruise Centre (AG100102), with two pending agents and a
// deactivated one. AG100101 (agent.usa, agent.fll) has no administrator.
const PENDING_ONE = "0999997";
const PENDING_TWO = "0999998";
const DEACTIVATED = "0999999";
const ADMIN_CAN = "1000002";

describe("the user-management demo data", () => {
  it("gives AG100102 two pending agents and a deactivated one, below the registration numbering", async () => {
    const reply = await as("admin.can", "GET", "/agencies/AG100102/agents");
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({
      items: [
        {
          agentId: PENDING_TWO,
          username: "pending.two",
          firstName: "Liam",
          lastName: "Fraser",
          email: "pending.two@example.com",
          roleCode: "AGENT",
          status: "PENDING",
          createdAt: "2026-02-27T18:05:00.000Z",
          lastSignInAt: null,
        },
        expect.objectContaining({ agentId: PENDING_ONE, firstName: "Chloé", lastName: "Gagnon", status: "PENDING" }),
        expect.objectContaining({ agentId: DEACTIVATED, lastName: "Siddiqui", status: "DEACTIVATED" }),
        expect.objectContaining({
          agentId: ADMIN_CAN,
          lastName: "Tremblay",
          roleCode: "ADMIN",
          status: "ACTIVE",
          lastSignInAt: new Date(TEST_START).toISOString(),
        }),
      ],
      total: 4,
      page: 1,
      pageSize: 20,
      pageCount: 1,
    });
    expect(AGENTS.filter((a) => a.agencyId === "AG100102").map((a) => a.agentId)).toEqual([
      ADMIN_CAN,
      PENDING_ONE,
      PENDING_TWO,
      DEACTIVATED,
    ]);
  });

  it("refuses the pending and deactivated accounts at sign-in once the password is right (decision 033)", async () => {
    for (const [username, code] of [
      ["pending.one", "ACCOUNT_PENDING"],
      ["pending.two", "ACCOUNT_PENDING"],
      ["deactivated.one", "ACCOUNT_DEACTIVATED"],
    ] as const) {
      const right = await h.login(username, DEMO_PASSWORD);
      expect(right.status, username).toBe(403);
      expect(right.body.message).toEqual({ message: expect.any(String), errorCode: code });
      // A wrong password answers as it would for an unknown username, and counts like one.
      const wrong = await h.login(username, "wrong-password");
      expect(wrong.status, username).toBe(401);
      expect(wrong.body.message).toMatchObject({ errorCode: "attemptsRemaining", remainingAttempts: 4 });
    }
    expect(agentRow(PENDING_ONE)).toMatchObject({ failed_attempts: 1, locked_at: null });
  });
});

describe("who may manage which agency", () => {
  // [caller, agency, allowed]: ADMIN for its own agency, RCCLADMIN for any; AGENT and RCCL never.
  const cases: Array<[string, string, boolean]> = [
    ["admin.can", "AG100102", true],
    ["admin.can", "AG100101", false],
    ["rccl.admin", "AG100102", true],
    ["rccl.admin", "AG100101", true],
    ["rccl.staff", "AG100102", false],
    ["rccl.staff", "AG100103", false],
    ["agent.usa", "AG100101", false],
    ["agent.usa", "AG100102", false],
  ];
  const targets: Record<string, string> = { AG100101: "1000000", AG100102: PENDING_TWO, AG100103: "1000003" };

  it.each(cases)("%s on %s: allowed %s", async (caller, agencyId, allowed) => {
    const target = targets[agencyId]!;
    const calls: Array<[string, string, unknown, number]> = [
      ["GET", `/agencies/${agencyId}/agents`, undefined, 200],
      ["GET", `/agencies/${agencyId}/agents/${target}`, undefined, 200],
      // unlock fits neither target's status: a caller who may act gets 409, not 403.
      ["POST", `/agencies/${agencyId}/agents/${target}/unlock`, undefined, 409],
      ["POST", `/agencies/${agencyId}/invitations`, { email: `invitee.${caller}@agency.example` }, 201],
    ];
    for (const [method, path, body, status] of calls) {
      const reply = await as(caller, method, path, body);
      expect(reply.status, `${method} ${path}`).toBe(allowed ? status : 403);
      if (!allowed) expect(errorCodeOf(reply)).toBe("FORBIDDEN");
    }
  });

  it("answers 401 without a token and 404 NOT_FOUND for an unknown agency, agent or action", async () => {
    expect((await h.call("GET", "/agencies/AG100102/agents")).status).toBe(401);
    expect((await as("rccl.admin", "GET", "/agencies/AG999999/agents")).status).toBe(404);
    const otherAgencys = await as("admin.can", "GET", "/agencies/AG100102/agents/1000001");
    expect(otherAgencys.status).toBe(404);
    expect(errorCodeOf(otherAgencys)).toBe("NOT_FOUND");
    expect((await as("admin.can", "POST", "/agencies/AG100102/agents/1000001/approve")).status).toBe(404);
    expect((await as("admin.can", "POST", `/agencies/AG100102/agents/${PENDING_ONE}/promote`)).status).toBe(404);
    expect(agentRow(PENDING_ONE).status).toBe("PENDING");
  });
});

describe("GET /agencies/{agencyId}/agents", () => {
  const list = async (query: string) => {
    const reply = await as("admin.can", "GET", `/agencies/AG100102/agents${query}`);
    expect(reply.status, query).toBe(200);
    return reply.body.data;
  };
  const ids = (data: { items: Array<{ agentId: string }> }) => data.items.map((item) => item.agentId);

  it("filters by q, role and status, sorts by name, created or status, and pages", async () => {
    expect(ids(await list("?q=FRASER"))).toEqual([PENDING_TWO]);
    expect(ids(await list("?q=chlo%C3%A9%20gag"))).toEqual([PENDING_ONE]);
    expect(ids(await list("?q=pending.one%40example"))).toEqual([PENDING_ONE]);
    expect(ids(await list("?q=%25"))).toEqual([]);
    expect(ids(await list("?role=admin"))).toEqual([ADMIN_CAN]);
    expect(ids(await list("?status=pending"))).toEqual([PENDING_TWO, PENDING_ONE]);
    expect(ids(await list("?status=DEACTIVATED"))).toEqual([DEACTIVATED]);
    expect(ids(await list("?sort=name&order=desc"))).toEqual([ADMIN_CAN, DEACTIVATED, PENDING_ONE, PENDING_TWO]);
    expect(ids(await list("?sort=created"))).toEqual([ADMIN_CAN, DEACTIVATED, PENDING_ONE, PENDING_TWO]);
    expect(ids(await list("?sort=created&order=desc"))).toEqual([PENDING_TWO, PENDING_ONE, DEACTIVATED, ADMIN_CAN]);
    expect(ids(await list("?sort=status"))).toEqual([PENDING_TWO, PENDING_ONE, ADMIN_CAN, DEACTIVATED]);
    const second = await list("?pageSize=3&page=2");
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3, pageCount: 2 });
    expect(ids(second)).toEqual([ADMIN_CAN]);
    expect(ids(await list("?page=3&pageSize=3"))).toEqual([]);
  });

  it("shows LOCKED for an account locked by wrong passwords", async () => {
    await as("admin.can", "POST", `/agencies/AG100102/agents/${PENDING_ONE}/approve`);
    for (let i = 0; i < 5; i++) await h.login("pending.one", "wrong-password");
    expect(ids(await list("?status=locked"))).toEqual([PENDING_ONE]);
  });

  it("answers 400 INVALID_REQUEST for an unknown or bad parameter", async () => {
    for (const query of [
      "?status=GONE",
      "?role=OWNER",
      "?sort=email",
      "?order=up",
      "?page=0",
      "?pageSize=101",
      "?x=1",
    ]) {
      const reply = await as("admin.can", "GET", `/agencies/AG100102/agents${query}`);
      expect(reply.status, query).toBe(400);
      expect(errorCodeOf(reply)).toBe("INVALID_REQUEST");
    }
  });
});

describe("user-management actions", () => {
  const act = (caller: string, agentId: string, action: string, body?: unknown) =>
    as(caller, "POST", `/agencies/AG100102/agents/${agentId}/${action}`, body);

  it("approves a pending agent, who can then sign in; each action is one activity entry, newest first", async () => {
    const approved = await act("admin.can", PENDING_ONE, "approve");
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ agentId: PENDING_ONE, status: "ACTIVE" });
    expect(approved.body.data.activity).toEqual([
      {
        at: new Date(TEST_START).toISOString(),
        actorName: "Marc Tremblay",
        actorUsername: "admin.can",
        onBehalfOf: null,
        action: "approve",
        detail: "Approved the registration.",
      },
    ]);
    expect((await h.login("pending.one")).status).toBe(200);

    h.clock.advance(60_000);
    const role = await act("rccl.admin", PENDING_ONE, "role", { roleCode: "ADMIN" });
    expect(role.body.data).toMatchObject({ roleCode: "ADMIN" });
    expect(role.body.data.activity.map((a: { action: string; actorUsername: string }) => a.actorUsername)).toEqual([
      "rccl.admin",
      "admin.can",
    ]);
    expect(role.body.data.activity[0]).toMatchObject({
      actorName: "Priya Raman",
      action: "role",
      detail: "Changed the role from AGENT to ADMIN.",
    });
    const detail = await as("admin.can", "GET", `/agencies/AG100102/agents/${PENDING_ONE}`);
    expect(detail.body.data.activity).toEqual(role.body.data.activity);
  });

  it("deactivates an agent, who cannot sign in and whose sign-ins end; reactivating lets them in again", async () => {
    await act("admin.can", PENDING_ONE, "approve");
    const theirToken = await newSignIn("pending.one");
    const deactivated = await act("admin.can", PENDING_ONE, "deactivate");
    expect(deactivated.body.data.status).toBe("DEACTIVATED");
    expect((await withToken(theirToken, "GET", "/userProfile")).status).toBe(401);
    const login = await h.login("pending.one");
    expect(login.status).toBe(403);
    expect(errorCodeOf(login)).toBe("ACCOUNT_DEACTIVATED");

    const reactivated = await act("admin.can", PENDING_ONE, "reactivate");
    expect(reactivated.body.data.status).toBe("ACTIVE");
    expect((await h.login("pending.one")).status).toBe(200);
    expect(reactivated.body.data.activity.map((a: { action: string }) => a.action)).toEqual([
      "reactivate",
      "deactivate",
      "approve",
    ]);
  });

  it("unlocks a locked agent and sends a password reset link like forgot-password", async () => {
    await act("admin.can", PENDING_ONE, "approve");
    for (let i = 0; i < 5; i++) await h.login("pending.one", "wrong-password");
    expect((await h.login("pending.one")).status).toBe(423);

    const reset = await act("admin.can", PENDING_ONE, "password-reset");
    expect(reset.status).toBe(200);
    const [message] = await outbox(h, "pending.one@example.com");
    expect(message).toMatchObject({ channel: "email_magic_link", purpose: "forgot_password" });
    expect(message!.link).toMatch(/\/account\/forgot\/password\/email-verified\?token=/);

    const unlocked = await act("admin.can", PENDING_ONE, "unlock");
    expect(unlocked.body.data.status).toBe("ACTIVE");
    expect((await h.login("pending.one")).status).toBe(200);
    expect(unlocked.body.data.activity.map((a: { action: string; detail: string }) => a.detail)).toEqual([
      "Unlocked the account.",
      "Sent a password reset link to pending.one@example.com.",
      "Approved the registration.",
    ]);
  });

  it("answers 409 INVALID_STATUS for an action that does not fit the status, and records nothing", async () => {
    const cases: Array<[string, string, unknown?]> = [
      [ADMIN_CAN, "approve"],
      [ADMIN_CAN, "reactivate"],
      [ADMIN_CAN, "unlock"],
      [PENDING_ONE, "unlock"],
      [PENDING_ONE, "reactivate"],
      [PENDING_ONE, "password-reset"],
      [PENDING_ONE, "role", { roleCode: "AGENT" }],
      [DEACTIVATED, "deactivate"],
      [DEACTIVATED, "approve"],
      [DEACTIVATED, "role", { roleCode: "ADMIN" }],
      [DEACTIVATED, "password-reset"],
    ];
    for (const [agentId, action, body] of cases) {
      const reply = await act("rccl.admin", agentId, action, body);
      expect(reply.status, `${action} ${agentId}`).toBe(409);
      expect(errorCodeOf(reply)).toBe("INVALID_STATUS");
    }
    // Only the demo activity of the deactivated agent.
    expect(h.db.prepare("SELECT count(*) AS n FROM agent_activity").get()).toEqual({ n: 2 });
  });

  it("does not let an administrator deactivate or demote themself (409 SELF_CHANGE)", async () => {
    for (const [action, body] of [
      ["deactivate", undefined],
      ["role", { roleCode: "AGENT" }],
    ] as const) {
      const reply = await act("admin.can", ADMIN_CAN, action, body);
      expect(reply.status, action).toBe(409);
      expect(errorCodeOf(reply)).toBe("SELF_CHANGE");
    }
    const rcclSelf = await as("rccl.admin", "POST", "/agencies/AG100103/agents/1000004/deactivate");
    expect(errorCodeOf(rcclSelf)).toBe("SELF_CHANGE");
    expect(agentRow(ADMIN_CAN)).toMatchObject({ status: "ACTIVE", role_code: "ADMIN" });
    // Another administrator may.
    const demoted = await act("rccl.admin", ADMIN_CAN, "role", { roleCode: "AGENT" });
    expect(demoted.body.data.roleCode).toBe("AGENT");
  });

  it("checks the role body and leaves the roles of Royal Caribbean staff alone", async () => {
    for (const body of [undefined, {}, { roleCode: "RCCLADMIN" }, { roleCode: "admin" }]) {
      const reply = await act("admin.can", PENDING_ONE, "role", body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(errorCodeOf(reply)).toBe("INVALID_REQUEST");
    }
    const staff = await as("rccl.admin", "POST", "/agencies/AG100103/agents/1000003/role", { roleCode: "ADMIN" });
    expect(staff.status).toBe(403);
    expect(agentRow("1000003").role_code).toBe("RCCL");
  });
});

describe("registration into an agency with an administrator", () => {
  const EMAIL = "sofia.martin@agency.example";
  const MOBILE = "+14165550199";

  async function registration(agencyId: string, overrides: Record<string, unknown> = {}) {
    return {
      agencyId,
      firstName: "Sofia",
      lastName: "Martin",
      emailAddress: EMAIL,
      encryptedPassword: await h.encryptPassword("Harbour!Lights42"),
      mobilePhone: MOBILE,
      telephoneCountryCode: "CA",
      countryCode: "CA",
      zipCode: "M5V 2T6",
      jobTitle: "Travel advisor",
      yearsIndustry: "3-5",
      specialization1: "family",
      regions: ["caribbean"],
      homeBasedAgent: false,
      espressoLanguage: "en_us",
      emailPreference: true,
      mobilePreference: false,
      acceptTermsConditions: true,
      acceptTravelAgentGuideliness: true,
      primaryMFA: "EMAIL",
      identificationType: "phone",
      mailValidationToken: await verifiedCode(h, EMAIL, "email_otp", "register_agent_verification"),
      telephoneValidationToken: await verifiedCode(h, MOBILE, "sms", "phone_verification"),
      ...overrides,
    };
  }

  it("starts PENDING where the agency has an ADMIN, and ACTIVE where it has none", async () => {
    const pending = await h.call("POST", "/agents/register", await registration("AG100102"));
    expect(pending.status).toBe(201);
    expect(pending.body.data.agentId).toBe("1000011");
    expect(agentRow("1000011").status).toBe("PENDING");
    expect(errorCodeOf(await h.login(EMAIL, "Harbour!Lights42"))).toBe("ACCOUNT_PENDING");
    expect((await as("admin.can", "POST", "/agencies/AG100102/agents/1000011/approve")).status).toBe(200);
    expect((await h.login(EMAIL, "Harbour!Lights42")).status).toBe(200);

    await h.reset();
    expect((await h.call("POST", "/agents/register", await registration("AG100101"))).status).toBe(201);
    expect(agentRow("1000011").status).toBe("ACTIVE");
    expect((await h.login(EMAIL, "Harbour!Lights42")).status).toBe(200);
  });

  it("sends an invitation link; the lookup answers the agency, and registering with it starts ACTIVE", async () => {
    const invited = await as("admin.can", "POST", "/agencies/AG100102/invitations", {
      email: " Sofia.Martin@Agency.Example ",
      firstName: "Sofia",
    });
    expect(invited.status).toBe(201);
    expect(invited.body.data).toEqual({ email: EMAIL, expiresAt: "2026-03-09T10:00:00.000Z" });
    const [message] = await outbox(h, EMAIL);
    expect(message).toMatchObject({ purpose: "agent_invitation", channel: "email_magic_link", code: null });
    const link = new URL(message!.link!);
    expect(`${link.origin}${link.pathname}`).toBe(`${h.config.portalUrl}/register`);
    const token = link.searchParams.get("invitation")!;
    expect(message!.body).toContain(message!.link);

    const lookup = await h.call("POST", "/agents/invitation-lookup", { token });
    expect(lookup.status).toBe(200);
    expect(lookup.body.data).toMatchObject({
      agencyId: "AG100102",
      agencyName: "Maple Leaf Cruise Centre",
      city: "Toronto",
      countryCode: "CAN",
    });
    expect(lookup.body.data.invitation).toEqual({
      email: EMAIL,
      firstName: "Sofia",
      lastName: null,
      expiresAt: "2026-03-09T10:00:00.000Z",
    });

    const registered = await h.call(
      "POST",
      "/agents/register",
      await registration("AG100102", { invitationToken: token }),
    );
    expect(registered.status).toBe(201);
    expect(agentRow("1000011").status).toBe("ACTIVE");
    // Used: the link no longer answers.
    const used = await h.call("POST", "/agents/invitation-lookup", { token });
    expect(used.status).toBe(404);
    expect(errorCodeOf(used)).toBe("AGENCY_NOT_FOUND");
  });

  it("answers 404 AGENCY_NOT_FOUND for an unknown or expired invitation, and 409 for a registered address", async () => {
    await as("admin.can", "POST", "/agencies/AG100102/invitations", { email: EMAIL });
    const token = new URL((await outbox(h, EMAIL))[0]!.link!).searchParams.get("invitation")!;
    expect((await h.call("POST", "/agents/invitation-lookup", { token: "nope" })).status).toBe(404);
    expect((await h.call("POST", "/agents/invitation-lookup", {})).status).toBe(400);
    const taken = await as("admin.can", "POST", "/agencies/AG100102/invitations", { email: "AGENT.USA@example.com" });
    expect(taken.status).toBe(409);
    expect(errorCodeOf(taken)).toBe("EMAIL_ALREADY_EXISTS");
    const bad = await as("admin.can", "POST", "/agencies/AG100102/invitations", { email: "not an address" });
    expect(errorCodeOf(bad)).toBe("INVALID_REQUEST");

    h.clock.advance(7 * 24 * 60 * 60_000 - 1);
    expect((await h.call("POST", "/agents/invitation-lookup", { token })).status).toBe(200);
    h.clock.advance(1);
    expect(errorCodeOf(await h.call("POST", "/agents/invitation-lookup", { token }))).toBe("AGENCY_NOT_FOUND");
  });
});

describe("the agent's own details", () => {
  it("answers the details to the agent only (403 FORBIDDEN for another id)", async () => {
    const own = await as("agent.usa", "GET", "/agents/1000001/details");
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual({
      agentId: "1000001",
      firstName: "Olivia",
      lastName: "Bennett",
      email: "agent.usa@example.com",
      mobilePhone: "+13055550142",
      jobTitle: null,
      yearsIndustry: null,
      specializations: [],
      regions: [],
      cliaAgentId: null,
      homeBasedAgent: false,
      espressoLanguage: null,
      emailPreference: false,
      mobilePreference: false,
      primaryMFA: "NONE",
      secondaryMFA: "NONE",
      photoUrl: "/images/agents/agent-usa.jpg",
      version: 1,
    });
    for (const [caller, path] of [
      ["agent.usa", "/agents/1000002/details"],
      ["admin.can", "/agents/0999997/details"],
      ["rccl.admin", "/agents/1000001/details"],
    ] as const) {
      const reply = await as(caller, "GET", path);
      expect(reply.status, `${caller} ${path}`).toBe(403);
      expect(errorCodeOf(reply)).toBe("FORBIDDEN");
    }
  });

  it("saves the new fields with the version, answers 409 STALE_PROFILE for an old one and saves nothing", async () => {
    const saved = await as("agent.usa", "PUT", "/agents/1000001", {
      yearsIndustry: "6-10",
      specializations: ["luxury", "family", "luxury"],
      regions: ["alaska", "europe"],
      cliaAgentId: "00012345",
      homeBasedAgent: true,
      jobTitle: "Owner",
      version: 1,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      yearsIndustry: "6-10",
      specializations: ["luxury", "family"],
      regions: ["alaska", "europe"],
      cliaAgentId: "00012345",
      homeBasedAgent: true,
      jobTitle: "Owner",
      version: 2,
    });
    const stale = await as("agent.usa", "PUT", "/agents/1000001", { firstName: "Eve", version: 1 });
    expect(stale.status).toBe(409);
    expect(errorCodeOf(stale)).toBe("STALE_PROFILE");
    expect(agentRow("1000001")).toMatchObject({ first_name: "Olivia", version: 2 });

    const cleared = await as("agent.usa", "PUT", "/agents/1000001", {
      jobTitle: "",
      yearsIndustry: null,
      cliaAgentId: null,
      specializations: [],
      version: 2,
    });
    expect(cleared.body.data).toMatchObject({
      jobTitle: null,
      yearsIndustry: null,
      cliaAgentId: null,
      specializations: [],
    });

    for (const body of [
      { firstName: "Eve" },
      { version: 3 },
      { yearsIndustry: "4-6", version: 3 },
      { specializations: ["a", "b", "c", "d"], version: 3 },
      { version: "3", firstName: "Eve" },
    ]) {
      const reply = await as("agent.usa", "PUT", "/agents/1000001", body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(errorCodeOf(reply)).toBe("INVALID_REQUEST");
    }
  });

  it("needs a verified phone_verification code for a new mobile (400 PHONE_NOT_VERIFIED), not for the same one", async () => {
    const unverified = await as("agent.usa", "PUT", "/agents/1000001", { mobilePhone: "+13055550177", version: 1 });
    expect(unverified.status).toBe(400);
    expect(errorCodeOf(unverified)).toBe("PHONE_NOT_VERIFIED");
    const forOther = await verifiedCode(h, "+13055550178", "sms", "phone_verification");
    const wrongNumber = await as("agent.usa", "PUT", "/agents/1000001", {
      mobilePhone: "+13055550177",
      telephoneValidationToken: forOther,
      version: 1,
    });
    expect(errorCodeOf(wrongNumber)).toBe("PHONE_NOT_VERIFIED");
    expect(agentRow("1000001")).toMatchObject({ mobile_phone: "+13055550142", version: 1 });

    const same = await as("agent.usa", "PUT", "/agents/1000001", { mobilePhone: "+1 305 555 0142", version: 1 });
    expect(same.status).toBe(200);

    const token = await verifiedCode(h, "+13055550177", "sms", "phone_verification");
    const changed = await as("agent.usa", "PUT", "/agents/1000001", {
      mobilePhone: "+13055550177",
      telephoneValidationToken: token,
      version: 2,
    });
    expect(changed.body.data).toMatchObject({ mobilePhone: "+13055550177", version: 3 });
    // The code has been used.
    await as("agent.usa", "PUT", "/agents/1000001", { mobilePhone: "+13055550142", version: 3 }).then((r) =>
      expect(errorCodeOf(r)).toBe("PHONE_NOT_VERIFIED"),
    );
    const again = await as("agent.usa", "PUT", "/agents/1000001", {
      mobilePhone: "+13055550177",
      telephoneValidationToken: token,
      version: 3,
    });
    expect(again.status).toBe(200); // the same number again: no code needed
  });
});

describe("the agent's password", () => {
  const change = async (token: string, current: string, next: string) =>
    withToken(token, "PUT", "/agents/1000001/password", {
      encryptedCurrentPassword: await h.encryptPassword(current),
      encryptedPassword: await h.encryptPassword(next),
    });

  it("changes it, ends the other sign-ins and keeps the caller's", async () => {
    const mine = await newSignIn("agent.usa");
    const other = await newSignIn("agent.usa");
    const reply = await change(mine, DEMO_PASSWORD, "Harbour!Lights42");
    expect(reply.status).toBe(204);
    expect((await withToken(mine, "GET", "/userProfile")).status).toBe(200);
    expect((await withToken(other, "GET", "/userProfile")).status).toBe(401);
    expect((await h.login("agent.usa")).status).toBe(401);
    expect((await h.login("agent.usa", "Harbour!Lights42")).status).toBe(200);
  });

  it("answers 400 WRONG_PASSWORD for a wrong current password, counting towards the lockout", async () => {
    const mine = await newSignIn("agent.usa");
    const first = await change(mine, "Not-the-password1", "Harbour!Lights42");
    expect(first.status).toBe(400);
    expect(first.body.message).toMatchObject({ errorCode: "WRONG_PASSWORD", remainingAttempts: 4 });
    for (let i = 0; i < 3; i++) await change(mine, "Not-the-password1", "Harbour!Lights42");
    const fifth = await change(mine, "Not-the-password1", "Harbour!Lights42");
    expect(fifth.body.message).toMatchObject({ errorCode: "WRONG_PASSWORD", remainingAttempts: 0 });
    expect((await h.login("agent.usa")).status).toBe(423);
    // Whoever was guessing is signed out.
    expect((await withToken(mine, "GET", "/userProfile")).status).toBe(401);
  });

  it("answers 400 WEAK_PASSWORD with registration's message and changes nothing", async () => {
    const mine = await newSignIn("agent.usa");
    const reply = await change(mine, DEMO_PASSWORD, "olivia!lights");
    expect(reply.status).toBe(400);
    expect(errorCodeOf(reply)).toBe("WEAK_PASSWORD");
    expect(reply.body.message.message).toBe(
      "The password is not strong enough. It needs an upper-case letter; a number; no part of your name or e-mail address.",
    );
    expect((await h.login("agent.usa")).status).toBe(200);
  });

  it("answers 403 FORBIDDEN for another agent and 400 INVALID_REQUEST for what does not decrypt", async () => {
    const other = await as("admin.can", "PUT", "/agents/1000001/password", {
      encryptedCurrentPassword: await h.encryptPassword(DEMO_PASSWORD),
      encryptedPassword: await h.encryptPassword("Harbour!Lights42"),
    });
    expect(other.status).toBe(403);
    const garbage = await as("agent.usa", "PUT", "/agents/1000001/password", {
      encryptedCurrentPassword: "bm90",
      encryptedPassword: await h.encryptPassword("Harbour!Lights42"),
    });
    expect(errorCodeOf(garbage)).toBe("INVALID_REQUEST");
  });
});

describe("the agent's second factor", () => {
  it("stores the channels; a primary other than NONE asks for a code at sign-in", async () => {
    const reply = await as("agent.usa", "PUT", "/agents/1000001/mfa", { primaryMFA: "EMAIL", secondaryMFA: "SMS" });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ primaryMFA: "EMAIL", secondaryMFA: "SMS", version: 2 });
    expect((await h.login("agent.usa")).body.data).toMatchObject({ mfaRequired: true });

    const off = await as("agent.usa", "PUT", "/agents/1000001/mfa", { primaryMFA: "NONE", secondaryMFA: "NONE" });
    expect(off.body.data).toMatchObject({ primaryMFA: "NONE", secondaryMFA: "NONE", version: 3 });
    expect((await h.login("agent.usa")).body.data.access_token).toBeDefined();
    // The demo account with a sign-in code by e-mail shows it; a registration's choice without one shows NONE.
    expect(agentDetails(findAgentById(h.db, "1000009")!)).toMatchObject({ primaryMFA: "EMAIL", secondaryMFA: "NONE" });
    expect(agentDetails(findAgentById(h.db, PENDING_ONE)!)).toMatchObject({ primaryMFA: "NONE" });
  });

  it("answers 400 INVALID_REQUEST for a secondary equal to the primary, or SMS without a mobile", async () => {
    for (const body of [
      { primaryMFA: "EMAIL", secondaryMFA: "EMAIL" },
      { primaryMFA: "SMS", secondaryMFA: "SMS" },
      { primaryMFA: "NONE", secondaryMFA: "EMAIL" },
      { primaryMFA: "VOICE", secondaryMFA: "NONE" },
    ]) {
      const reply = await as("agent.usa", "PUT", "/agents/1000001/mfa", body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(errorCodeOf(reply)).toBe("INVALID_REQUEST");
    }
    h.db.prepare("UPDATE agents SET mobile_phone = NULL WHERE agent_id = '1000001'").run();
    const sms = await as("agent.usa", "PUT", "/agents/1000001/mfa", { primaryMFA: "SMS", secondaryMFA: "NONE" });
    expect(sms.status).toBe(400);
    expect(agentRow("1000001")).toMatchObject({ mfa_required: 0, version: 1 });
  });
});

describe("the agent's sign-ins", () => {
  const sidOf = (token: string) => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).sid as string;

  it("lists the active ones newest first, ends one, and ends all but the caller's", async () => {
    const first = await newSignIn("agent.usa");
    h.clock.advance(60_000);
    const second = await newSignIn("agent.usa");
    h.clock.advance(60_000);
    const mine = await newSignIn("agent.usa");
    h.clock.advance(120_000);
    await withToken(first, "GET", "/userProfile");

    const list = await withToken(mine, "GET", "/agents/1000001/sign-ins");
    expect(list.status).toBe(200);
    const items = list.body.data as Array<{
      signInId: string;
      createdAt: string;
      lastSeenAt: string;
      current: boolean;
    }>;
    expect(items.map((s) => s.current)).toEqual([true, false, false]);
    expect(items.map((s) => s.createdAt)).toEqual([
      new Date(TEST_START + 120_000).toISOString(),
      new Date(TEST_START + 60_000).toISOString(),
      new Date(TEST_START).toISOString(),
    ]);
    expect(items[0]).toMatchObject({ method: "password", lastSeenAt: new Date(TEST_START + 240_000).toISOString() });
    expect(items[2]!.lastSeenAt).toBe(new Date(TEST_START + 240_000).toISOString());
    expect(items.map((s) => s.signInId)).not.toContain(sidOf(mine));

    const endOne = await withToken(mine, "DELETE", `/agents/1000001/sign-ins/${items[2]!.signInId}`);
    expect(endOne.status).toBe(204);
    expect((await withToken(first, "GET", "/userProfile")).status).toBe(401);
    expect((await withToken(mine, "DELETE", `/agents/1000001/sign-ins/${items[2]!.signInId}`)).status).toBe(404);

    const others = await withToken(mine, "POST", "/agents/1000001/sign-ins/end-others");
    expect(others.body).toEqual({ data: { ended: 1 } });
    expect((await withToken(second, "GET", "/userProfile")).status).toBe(401);
    expect((await withToken(mine, "GET", "/userProfile")).status).toBe(200);
    expect((await withToken(mine, "GET", "/agents/1000001/sign-ins")).body.data).toHaveLength(1);
    expect((await as("admin.can", "GET", "/agents/1000001/sign-ins")).status).toBe(403);
  });

  it("keeps each sign-in's browser and says its place: loopback, a private network, a demo city, or nothing known", async () => {
    const chrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36";
    const loginFrom = async (headers: Record<string, string>) => {
      const reply = await h.call(
        "POST",
        "/auth/login",
        { encryptedCredentials: await h.encryptCredentials("agent.usa", DEMO_PASSWORD) },
        headers,
      );
      expect(reply.status).toBe(200);
      h.clock.advance(60_000);
      return reply.body.data.access_token as string;
    };
    await loginFrom({});
    await loginFrom({ "x-client-user-agent": chrome, "x-client-address": "192.168.1.20" });
    await loginFrom({ "x-client-user-agent": chrome, "x-client-address": "203.0.113.7" });
    const mine = await loginFrom({ "x-client-user-agent": `${chrome}\tX`, "x-client-address": "::ffff:127.0.0.1" });
    const items = (await withToken(mine, "GET", "/agents/1000001/sign-ins")).body.data as Array<{
      userAgent: string | null;
      place: string | null;
    }>;
    // Newest first; the control character is dropped, not kept for a page to show.
    expect(items.map((s) => [s.userAgent, s.place])).toEqual([
      [`${chrome}X`, "This computer (local address)"],
      [chrome, expect.stringMatching(/^[A-Z].+/)],
      [chrome, "Local network"],
      [null, null],
    ]);
    // The same network is always the same demo place.
    const again = await loginFrom({ "x-client-user-agent": chrome, "x-client-address": "203.0.113.99" });
    const latest = (await withToken(again, "GET", "/agents/1000001/sign-ins")).body.data as Array<{ place: string }>;
    expect(latest[0]!.place).toBe(items[1]!.place);
  });
});

describe("the agent's photo", () => {
  const upload = async (token: string, bytes: Uint8Array, type: string, agentId = "1000001") => {
    const response = await h.app.request(`/agents/${agentId}/photo`, {
      method: "PUT",
      headers: { ...h.bearer(token), "content-type": type },
      body: new Uint8Array(bytes),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  /** Pseudo-random pixels (xorshift), so the PNG does not compress below the 64 KB of other bodies. */
  const noise = (width: number, height: number) => {
    const pixels = Buffer.alloc(width * height * 3);
    let x = 2463534242;
    for (let i = 0; i < pixels.length; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      pixels[i] = x & 0xff;
    }
    return sharp(pixels, { raw: { width, height, channels: 3 } });
  };

  it("stores it at most 400 × 400 as a JPEG, serves it publicly and puts it in the profile", async () => {
    const token = await tokenOf("agent.usa");
    const png = await noise(800, 600).png().toBuffer();
    expect(png.length).toBeGreaterThan(64 * 1024);
    const reply = await upload(token, png, "image/png");
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ photoUrl: "/agents/1000001/photo.jpg?v=2", version: 2 });

    const served = await h.app.request("/agents/1000001/photo.jpg?v=2");
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(served.headers.get("cache-control")).toContain("immutable");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 400, height: 300 });

    const profile = await withToken(token, "GET", "/userProfile");
    expect(profile.body.data.agentPhotos).toEqual([
      { type: "AGENT_HOMEPAGE_PHOTO", fullPath: "/agents/1000001/photo.jpg?v=2" },
    ]);

    const small = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#336699" } })
      .jpeg()
      .toBuffer();
    const replaced = await upload(token, small, "image/jpeg; charset=binary");
    expect(replaced.body.data.photoUrl).toBe("/agents/1000001/photo.jpg?v=3");
    const old = await h.app.request("/agents/1000001/photo.jpg?v=2");
    expect(old.headers.get("cache-control")).toBe("no-cache");
    expect(await sharp(Buffer.from(await old.arrayBuffer())).metadata()).toMatchObject({ width: 120, height: 80 });

    const removed = await withToken(token, "DELETE", "/agents/1000001/photo");
    expect(removed.body.data).toMatchObject({ photoUrl: null, version: 4 });
    expect((await h.app.request("/agents/1000001/photo.jpg")).status).toBe(404);
    expect((await withToken(token, "GET", "/userProfile")).body.data.agentPhotos).toEqual([]);
  });

  it("answers 400 INVALID_IMAGE for what is not a JPEG or PNG, and 413 PAYLOAD_TOO_LARGE over 5 MB", async () => {
    const token = await tokenOf("agent.usa");
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    for (const [bytes, type] of [
      [Buffer.from("not an image at all"), "image/png"],
      [gif, "image/png"],
      [png, "image/gif"],
      [png, "application/octet-stream"],
      [png.subarray(0, 40), "image/png"],
      [new Uint8Array(0), "image/jpeg"],
    ] as const) {
      const reply = await upload(token, bytes, type);
      expect(reply.status, type).toBe(400);
      expect(errorCodeOf(reply)).toBe("INVALID_IMAGE");
    }
    const tooLarge = await upload(token, new Uint8Array(5 * 1024 * 1024 + 1), "image/jpeg");
    expect(tooLarge.status).toBe(413);
    expect(errorCodeOf(tooLarge)).toBe("PAYLOAD_TOO_LARGE");
    expect(agentRow("1000001")).toMatchObject({ photo_path: "/images/agents/agent-usa.jpg", version: 1 });

    // Other bodies keep the 64 KB limit.
    const big = await as("agent.usa", "PUT", "/agents/1000001", { jobTitle: "x".repeat(70 * 1024), version: 1 });
    expect(big.status).toBe(413);
    // And another agent's photo is not the caller's to change.
    const other = await upload(token, png, "image/png", "1000002");
    expect(other.status).toBe(403);
  });
});

describe("the agency", () => {
  it("answers the agency to its agents and super users, 403 FORBIDDEN to others", async () => {
    const own = await as("admin.can", "GET", "/agencies/AG100102");
    expect(own.body.data).toEqual({
      agencyId: "AG100102",
      name: "Maple Leaf Cruise Centre",
      addressLine: null,
      city: "Toronto",
      zipCode: null,
      countryCode: "CAN",
      telephoneNumber: "+14165550102",
      abtaNumber: null,
      iataNumber: null,
      cliaNumber: null,
      webAddress: null,
      agencyBusinessModel: null,
      version: 1,
    });
    const cases: Array<[string, string, number]> = [
      ["agent.usa", "AG100101", 200],
      ["agent.usa", "AG100102", 403],
      ["admin.can", "AG100101", 403],
      ["rccl.staff", "AG100104", 200],
      ["rccl.admin", "AG100102", 200],
      ["rccl.admin", "AG999999", 404],
    ];
    for (const [caller, agencyId, status] of cases) {
      expect((await as(caller, "GET", `/agencies/${agencyId}`)).status, `${caller} ${agencyId}`).toBe(status);
    }
  });

  it("lets its ADMIN and RCCLADMIN change it with the version (409 STALE_AGENCY), nobody else", async () => {
    const changed = await as("admin.can", "PUT", "/agencies/AG100102", {
      name: "Maple Leaf Cruise Centre Inc.",
      addressLine: "200 Bay Street",
      zipCode: "M5J 2J1",
      iataNumber: "12345678",
      webAddress: "https://mapleleaf.example",
      agencyBusinessModel: "storefront",
      countryCode: "ca",
      version: 1,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      name: "Maple Leaf Cruise Centre Inc.",
      addressLine: "200 Bay Street",
      iataNumber: "12345678",
      agencyBusinessModel: "storefront",
      countryCode: "CAN",
      version: 2,
    });
    const stale = await as("rccl.admin", "PUT", "/agencies/AG100102", { name: "Other", version: 1 });
    expect(stale.status).toBe(409);
    expect(errorCodeOf(stale)).toBe("STALE_AGENCY");
    expect(
      (await as("rccl.admin", "PUT", "/agencies/AG100102", { webAddress: null, version: 2 })).body.data,
    ).toMatchObject({
      webAddress: null,
      version: 3,
    });

    for (const [caller, agencyId] of [
      ["agent.usa", "AG100101"],
      ["rccl.staff", "AG100102"],
      ["admin.can", "AG100101"],
    ] as const) {
      const reply = await as(caller, "PUT", `/agencies/${agencyId}`, { name: "Mine now", version: 1 });
      expect(reply.status, `${caller} ${agencyId}`).toBe(403);
      expect(errorCodeOf(reply)).toBe("FORBIDDEN");
    }
    const taken = await as("admin.can", "PUT", "/agencies/AG100102", { telephoneNumber: "+13055550101", version: 3 });
    expect(errorCodeOf(taken)).toBe("AGENCY_ALREADY_EXISTS");
    const moved = await as("admin.can", "PUT", "/agencies/AG100102", { countryCode: "US", version: 3 });
    expect(errorCodeOf(moved)).toBe("INVALID_REQUEST");
    for (const body of [
      { version: 3 },
      { name: "X" },
      { agencyId: "AG1", version: 3 },
      { iataNumber: "123", version: 3 },
    ]) {
      expect(errorCodeOf(await as("admin.can", "PUT", "/agencies/AG100102", body)), JSON.stringify(body)).toBe(
        "INVALID_REQUEST",
      );
    }
  });
});

describe("POST /dev/reset", () => {
  it("restores the statuses, the activity, the photos, the versions and the invitations", async () => {
    await as("admin.can", "POST", `/agencies/AG100102/agents/${PENDING_ONE}/approve`);
    await as("admin.can", "POST", "/agencies/AG100102/invitations", { email: "someone@agency.example" });
    await as("admin.can", "PUT", "/agencies/AG100102", { name: "Renamed", version: 1 });
    await as("agent.usa", "PUT", "/agents/1000001", { jobTitle: "Owner", version: 1 });
    await h.call("POST", "/dev/reset");
    expect(agentRow(PENDING_ONE)).toMatchObject({ status: "PENDING", version: 1 });
    expect(agentRow("1000001")).toMatchObject({ version: 1, registration: null });
    expect(h.db.prepare("SELECT agent_id, action FROM agent_activity ORDER BY at").all()).toEqual([
      { agent_id: DEACTIVATED, action: "approve" },
      { agent_id: DEACTIVATED, action: "deactivate" },
    ]);
    expect(h.db.prepare("SELECT count(*) AS n FROM agency_invitations").get()).toEqual({ n: 0 });
    expect(h.db.prepare("SELECT name, version FROM agencies WHERE agency_id = 'AG100102'").get()).toEqual({
      name: "Maple Leaf Cruise Centre",
      version: 1,
    });
  });
});

describe("the user-management migration", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "upstream-management-test-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("adds the user-management demo agents and creation times to a database seeded before it", () => {
    const fresh = openDatabase(dataDir);
    undoManagementMigration(fresh.db);
    fresh.db.close();

    const reopened = openDatabase(dataDir);
    expect(reopened.seeded).toBe(false);
    expect(reopened.db.prepare("SELECT version FROM schema_migrations ORDER BY version").all()).toEqual(
      migrations.map((m) => ({ version: m.version })),
    );
    const ids = USER_MANAGEMENT_DEMO_IDS.map(() => "?").join(", ");
    expect(
      reopened.db
        .prepare(`SELECT agent_id, status, mobile_phone FROM agents WHERE agent_id IN (${ids}) ORDER BY agent_id`)
        .all(...USER_MANAGEMENT_DEMO_IDS),
    ).toEqual([
      { agent_id: PENDING_ONE, status: "PENDING", mobile_phone: "+14165550153" },
      { agent_id: PENDING_TWO, status: "PENDING", mobile_phone: "+14165550154" },
      { agent_id: DEACTIVATED, status: "DEACTIVATED", mobile_phone: "+14165550155" },
    ]);
    expect(reopened.db.prepare("SELECT count(*) AS n FROM agents WHERE created_at IS NULL").get()).toEqual({ n: 0 });
    expect(reopened.db.prepare("SELECT count(*) AS n FROM agent_activity").get()).toEqual({ n: 2 });
    reopened.db.close();

    const again = new Database(join(dataDir, DATABASE_FILE));
    expect(again.prepare("SELECT count(*) AS n FROM agents").get()).toEqual({ n: AGENTS.length });
    again.close();
  });
});

describe("codes for the mobile change", () => {
  it("are the registration's phone_verification codes, validated with /otp/validate", async () => {
    const generated = await h.call("POST", "/otp/generate", {
      recipient: "+13055550177",
      channel: "sms",
      purpose: "phone_verification",
    });
    const [message] = await outbox(h, "+13055550177");
    await validate(h, generated.body.data.token, message!.code!);
    const reply = await as("agent.usa", "PUT", "/agents/1000001", {
      mobilePhone: "+13055550177",
      telephoneValidationToken: generated.body.data.token,
      version: 1,
    });
    expect(reply.status).toBe(200);
  });
});
