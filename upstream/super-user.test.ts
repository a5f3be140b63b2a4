import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errorCodeOf } from "./testing/codes";
import { startHarness, type Harness, type Reply } from "./testing/harness";

/**
 * Super users (docs/agency-contract.md "Super users"): RCCL and RCCLADMIN find an agency by
 * phone or ABTA number and act for it as its administrator; the upstream enforces the roles itself,
 * records every change made while acting with both names, and ends acting with the real user's sign-in.
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

async function tokenOf(username: string): Promise<string> {
  const login = await h.login(username);
  expect(login.status, `${username} signs in`).toBe(200);
  return login.body.data.access_token as string;
}
const withToken = (token: string, method: string, path: string, body?: unknown): Promise<Reply> =>
  h.call(method, path, body, h.bearer(token));

// admin.can (1000002) administers AG100102, phone +14165550102; AG100101 has no administrator.
const ADMIN_CAN = "1000002";
const PENDING_ONE = "0999997";

describe("who may use the super-user calls (RCCL and RCCLADMIN are super users)", () => {
  it.each([
    ["rccl.staff", 200],
    ["rccl.admin", 200],
    ["admin.can", 403],
    ["agent.usa", 403],
  ])("%s searching agencies answers %i", async (username, status) => {
    const reply = await withToken(await tokenOf(username), "GET", "/super-user/agencies?phone=%2B14165550102");
    expect(reply.status).toBe(status);
    if (status === 403) expect(errorCodeOf(reply)).toBe("FORBIDDEN");
  });

  it("refuses without a token", async () => {
    expect((await h.call("GET", "/super-user/agencies?phone=%2B14165550102")).status).toBe(401);
  });
});

describe("finding an agency", () => {
  it("finds it by phone, whatever the punctuation, and by ABTA number in any case", async () => {
    const token = await tokenOf("rccl.staff");
    const byPhone = await withToken(token, "GET", "/super-user/agencies?phone=%2B1%20(416)%20555-0102");
    expect(byPhone.status).toBe(200);
    expect(byPhone.body.data.map((a: { agencyId: string }) => a.agencyId)).toEqual(["AG100102"]);
    const byAbta = await withToken(token, "GET", "/super-user/agencies?abta=p7104");
    expect(byAbta.body.data.map((a: { agencyId: string }) => a.agencyId)).toEqual(["AG100104"]);
  });

  it("answers an empty list when nothing matches, and 400 for no criterion or a malformed one", async () => {
    const token = await tokenOf("rccl.staff");
    expect((await withToken(token, "GET", "/super-user/agencies?phone=%2B15555550199")).body.data).toEqual([]);
    expect((await withToken(token, "GET", "/super-user/agencies")).status).toBe(400);
    expect((await withToken(token, "GET", "/super-user/agencies?abta=12345")).status).toBe(400);
  });

  it("reads one agency with its agents and its administrator; an unknown agency is 404 AGENCY_NOT_FOUND", async () => {
    const token = await tokenOf("rccl.staff");
    const found = await withToken(token, "GET", "/super-user/agencies/AG100102");
    expect(found.status).toBe(200);
    expect(found.body.data.agency.agencyId).toBe("AG100102");
    expect(found.body.data.administrator).toMatchObject({ agentId: ADMIN_CAN, username: "admin.can" });
    expect(found.body.data.agents.map((a: { username: string }) => a.username)).toContain("pending.one");
    const missing = await withToken(token, "GET", "/super-user/agencies/AG999999");
    expect(missing.status).toBe(404);
    expect(errorCodeOf(missing)).toBe("AGENCY_NOT_FOUND");
    const act = await withToken(token, "POST", "/super-user/agencies/AG999999/act-for");
    expect(act.status).toBe(404);
  });

  it("refuses to act for an agency without an active administrator (409 NO_ADMINISTRATOR)", async () => {
    const token = await tokenOf("rccl.staff");
    const agency = await withToken(token, "GET", "/super-user/agencies/AG100101");
    expect(agency.body.data.administrator).toBeNull();
    const act = await withToken(token, "POST", "/super-user/agencies/AG100101/act-for");
    expect(act.status).toBe(409);
    expect(errorCodeOf(act)).toBe("NO_ADMINISTRATOR");
  });
});

describe("acting for an agency", () => {
  async function actFor(agencyId = "AG100102") {
    const staff = await tokenOf("rccl.staff");
    const reply = await withToken(staff, "POST", `/super-user/agencies/${agencyId}/act-for`);
    expect(reply.status).toBe(200);
    return { staff, acting: reply.body.data.access_token as string, answer: reply.body.data };
  }

  it("answers tokens of the agency's administrator, naming them and the agency", async () => {
    const { acting, answer } = await actFor();
    expect(answer.actingAs).toMatchObject({ agentId: ADMIN_CAN, username: "admin.can" });
    expect(answer.agency).toEqual({ agencyId: "AG100102", name: expect.any(String) });
    expect(answer.refresh_token).toEqual(expect.any(String));
    const profile = await withToken(acting, "GET", "/userProfile");
    expect(profile.body.data).toMatchObject({ loginUserName: "admin.can", roleCode: "ADMIN", agencyId: "AG100102" });
  });

  it("records a change made while acting with both names, in the agent's activity and the agency's record", async () => {
    const { staff, acting } = await actFor();
    const approve = await withToken(acting, "POST", `/agencies/AG100102/agents/${PENDING_ONE}/approve`);
    expect(approve.status).toBe(200);
    const entry = approve.body.data.activity[0];
    expect(entry).toMatchObject({ actorUsername: "admin.can", action: "approve" });
    expect(entry.onBehalfOf).toMatch(/\S+ \S+/);

    const staffName = entry.onBehalfOf as string;
    const agency = await withToken(staff, "GET", "/super-user/agencies/AG100102");
    expect(agency.body.data.actingChanges[0]).toMatchObject({
      actorName: staffName,
      method: "POST",
      path: `/agencies/AG100102/agents/${PENDING_ONE}/approve`,
      status: 200,
    });
    expect(agency.body.data.actingChanges[0].agentName).not.toBe(staffName);
  });

  it("does not record reads, and records a refused change with its status", async () => {
    const { staff, acting } = await actFor();
    await withToken(acting, "GET", "/agencies/AG100102/agents");
    await withToken(acting, "POST", `/agencies/AG100102/agents/${ADMIN_CAN}/deactivate`);
    const changes = (await withToken(staff, "GET", "/super-user/agencies/AG100102")).body.data.actingChanges;
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ method: "POST", status: 409 });
  });

  it("an acting sign-in cannot act again or search (no nesting)", async () => {
    const { acting } = await actFor();
    expect((await withToken(acting, "GET", "/super-user/agencies?abta=P7104")).status).toBe(403);
  });

  it("ends when the real user's own sign-in ends; logging out of it ends acting alone", async () => {
    const first = await actFor();
    expect((await withToken(first.acting, "DELETE", "/auth/logout")).status).toBeLessThan(300);
    expect((await withToken(first.acting, "GET", "/userProfile")).status).toBe(401);
    expect((await withToken(first.staff, "GET", "/userProfile")).status).toBe(200);

    const second = await actFor();
    expect((await withToken(second.staff, "DELETE", "/auth/logout")).status).toBeLessThan(300);
    expect((await withToken(second.acting, "GET", "/userProfile")).status).toBe(401);
    const refresh = await h.call("POST", "/auth/refresh-token", { refresh_token: second.answer.refresh_token });
    expect(refresh.status).toBe(401);
  });

  it("shows among the administrator's sign-ins as act-for", async () => {
    const { acting } = await actFor();
    const signIns = await withToken(acting, "GET", `/agents/${ADMIN_CAN}/sign-ins`);
    expect(signIns.body.data.map((s: { method: string }) => s.method)).toContain("act-for");
  });
});
