import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getWithCookie, portalEnv, profile, rsa, signedInSession, thrown, upstreamMock } from "./harness";

const env = portalEnv();
const info = await import("~/routes/profile/info");
const communications = await import("~/routes/profile/communications");
const { sessionStore } = await import("~/server/infra/session.server");
const { UPDATE_FAILED, STALE_ITEM } = await import("~/domain/profile-items");

const API = "http://upstream.test";
const calls: string[] = [];
const bodies: unknown[] = [];
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
  bodies.length = 0;
});
afterAll(async () => {
  server.close();
  await sessionStore().close();
  env.cleanup();
});

const details = (overrides: Record<string, unknown> = {}) => ({
  agentId: "200001",
  firstName: "Olivia",
  lastName: "Bennett",
  email: "agent.usa@example.com",
  mobilePhone: "+13055550142",
  jobTitle: "Senior agent",
  yearsIndustry: "6-10",
  specializations: ["luxury", "family"],
  regions: ["caribbean", "alaska"],
  cliaAgentId: "12345",
  homeBasedAgent: false,
  espressoLanguage: "en_us",
  emailPreference: true,
  mobilePreference: false,
  primaryMFA: "EMAIL",
  secondaryMFA: "NONE",
  photoUrl: null,
  version: 7,
  ...overrides,
});

const upstream = upstreamMock(server, calls, () => [
  http.get(`${API}/agents/200001/details`, () => HttpResponse.json({ data: details() })),
  http.get(`${API}/api/royal/content/*`, () => HttpResponse.json({}, { status: 404 })),
]);
const args = (request: Request) => ({ request, params: {}, context: {} });
const post = (cookie: string, path: string, fields: Array<[string, string]>) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Cookie: cookie, origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
const putOk = () =>
  http.put(`${API}/agents/200001`, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    bodies.push(body);
    return HttpResponse.json({ data: details({ ...body, version: 8 }) });
  });
const agent = () => signedInSession({ profile: profile() });
type Result = {
  item: string;
  ok: boolean;
  error?: string | null;
  fieldErrors?: Record<string, string[]>;
  typed?: Record<string, string>;
  fresh?: unknown;
  value?: unknown;
  version?: number;
};
const dataOf = (r: unknown) => ((r as { data?: Result }).data ?? r) as Result;
const statusOf = (r: unknown) =>
  r instanceof Response ? r.status : ((r as { init?: { status?: number } }).init?.status ?? 200);

describe("/profile/info: the agent's details as edit items", () => {
  it("shows each item's saved value; ?edit= opens one (the page without JavaScript)", async () => {
    upstream();
    const { cookie } = await agent();
    const data = await info.loader(args(getWithCookie(cookie, "/profile/info?edit=work")));
    expect(data.items).toEqual(["name", "work", "specialities", "clia"]);
    expect(data.saved?.name).toEqual({ firstName: "Olivia", lastName: "Bennett" });
    expect(data.saved?.specialities).toEqual({
      specialization1: "luxury",
      specialization2: "family",
      specialization3: "",
      regions: "caribbean,alaska",
    });
    expect(data.open).toBe("work");
    expect(data.version).toBe(7);
    // An item of another page, or junk, opens nothing.
    expect((await info.loader(args(getWithCookie(cookie, "/profile/info?edit=emails")))).open).toBeNull();
  });

  it("Save without JavaScript: PUT /agents/{id} with the version, then back to the page with the item closed", async () => {
    upstream(putOk());
    const { cookie } = await agent();
    const response = (await info.action(
      args(
        post(cookie, "/profile/info", [
          ["item", "name"],
          ["version", "7"],
          ["firstName", " Liv "],
          ["lastName", "Bennett"],
        ]),
      ),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/profile/info?saved=name");
    expect(bodies).toEqual([{ firstName: "Liv", lastName: "Bennett", version: 7 }]);
  });

  it("Save with JavaScript answers the saved value and the new version, for the item to close in place", async () => {
    upstream(putOk());
    const { cookie } = await agent();
    const result = dataOf(
      await info.action(
        args(
          post(cookie, "/profile/info", [
            ["item", "specialities"],
            ["version", "7"],
            ["js", "1"],
            ["specialization1", "groups"],
            ["regions", "europe"],
            ["regions", "asia"],
          ]),
        ),
      ),
    );
    expect(bodies).toEqual([{ specializations: ["groups"], regions: ["europe", "asia"], version: 7 }]);
    expect(result).toMatchObject({ item: "specialities", ok: true, version: 8 });
  });

  it.each([
    [
      "an empty first name",
      [
        ["firstName", ""],
        ["lastName", "Bennett"],
      ],
      "name",
      "firstName",
    ],
    ["a CLIA number with letters", [["cliaAgentId", "12ab"]], "clia", "cliaAgentId"],
    [
      "the same specialisation twice",
      [
        ["specialization1", "luxury"],
        ["specialization2", "luxury"],
      ],
      "specialities",
      "specialization2",
    ],
    ["years that are not a choice", [["yearsIndustry", "forever"]], "work", "yearsIndustry"],
  ] as Array<[string, Array<[string, string]>, string, string]>)(
    "%s is refused with the field's message; what was typed comes back; nothing is sent",
    async (_, fields, item, field) => {
      upstream(putOk());
      const { cookie } = await agent();
      const response = await info.action(
        args(post(cookie, "/profile/info", [["item", item], ["version", "7"], ...fields])),
      );
      expect(statusOf(response)).toBe(400);
      const result = dataOf(response);
      expect(result.fieldErrors?.[field]?.length).toBeGreaterThan(0);
      expect(result.typed?.[fields[0]![0]]).toBe(fields[0]![1]);
      expect(bodies).toEqual([]);
    },
  );

  it("a failed update says 'Error updating agent information' in the item and keeps what was typed", async () => {
    upstream(http.put(`${API}/agents/200001`, () => HttpResponse.json({}, { status: 500 })));
    const { cookie } = await agent();
    const response = await info.action(
      args(
        post(cookie, "/profile/info", [
          ["item", "clia"],
          ["version", "7"],
          ["cliaAgentId", "999"],
        ]),
      ),
    );
    expect(dataOf(response)).toMatchObject({
      item: "clia",
      ok: false,
      error: UPDATE_FAILED,
      typed: { cliaAgentId: "999" },
    });
    expect(statusOf(response)).toBe(502);
  });

  it("a stale form (the item changed since it was opened) is refused: what is saved now, and what was typed", async () => {
    upstream(
      http.put(`${API}/agents/200001`, () =>
        HttpResponse.json({ message: { message: "stale", errorCode: "STALE_PROFILE" } }, { status: 409 }),
      ),
    );
    server.use(
      http.get(`${API}/agents/200001/details`, () =>
        HttpResponse.json({ data: details({ cliaAgentId: "555", version: 9 }) }),
      ),
    );
    const { cookie } = await agent();
    const response = await info.action(
      args(
        post(cookie, "/profile/info", [
          ["item", "clia"],
          ["version", "7"],
          ["cliaAgentId", "999"],
        ]),
      ),
    );
    expect(statusOf(response)).toBe(409);
    expect(dataOf(response)).toMatchObject({
      error: STALE_ITEM,
      typed: { cliaAgentId: "999" },
      fresh: { value: { cliaAgentId: "555" }, version: 9 },
    });
  });

  it("an item that is not on the page is refused, never saved", async () => {
    upstream(putOk());
    const { cookie } = await agent();
    const response = await info.action(
      args(
        post(cookie, "/profile/info", [
          ["item", "emails"],
          ["version", "7"],
        ]),
      ),
    );
    expect(statusOf(response)).toBe(400);
    expect(bodies).toEqual([]);
  });
});

describe("/profile/communications", () => {
  it("saves the e-mail choice and the language of e-mails (an unticked box is false)", async () => {
    upstream(putOk());
    const { cookie } = await agent();
    await communications.action(
      args(
        post(cookie, "/profile/communications", [
          ["item", "emails"],
          ["version", "7"],
          ["espressoLanguage", "fr_fr"],
        ]),
      ),
    );
    expect(bodies).toEqual([{ emailPreference: false, espressoLanguage: "fr_fr", version: 7 }]);
  });
});

const security = await import("~/routes/profile/security");

describe("/profile/security", () => {
  const signIns = [
    { signInId: "s1", method: "password", createdAt: "2026-11-24T08:00:00Z", lastSeenAt: null, current: true },
    { signInId: "s2", method: "password", createdAt: "2026-11-20T08:00:00Z", lastSeenAt: null, current: false },
  ];
  const withSignIns = () => http.get(`${API}/agents/200001/sign-ins`, () => HttpResponse.json({ data: signIns }));
  const publicKey = () =>
    http.get(`${API}/auth/public-key`, () => HttpResponse.json({ data: { publicKey: rsa.publicKey } }));

  it("lists the active sign-ins and the second factor", async () => {
    upstream(withSignIns());
    const { cookie } = await agent();
    const data = await security.loader(args(getWithCookie(cookie, "/profile/security")));
    expect(data.signIns).toHaveLength(2);
    expect(data.mfa).toEqual({ primaryMFA: "EMAIL", secondaryMFA: "NONE" });
  });

  it("'sign out everywhere else' ends the other sign-ins and says so", async () => {
    upstream(http.post(`${API}/agents/200001/sign-ins/end-others`, () => HttpResponse.json({ data: { ended: 1 } })));
    const { cookie } = await agent();
    const response = (await security.action(
      args(post(cookie, "/profile/security", [["intent", "end-others"]])),
    )) as Response;
    expect(response.headers.get("Location")).toBe("/profile/security?done=ended-others");
    expect(calls).toContain("POST /agents/200001/sign-ins/end-others");
  });

  it("'sign out everywhere else' ends the agent's other portal sessions at once; this one goes on", async () => {
    upstream(
      withSignIns(),
      http.post(`${API}/agents/200001/sign-ins/end-others`, () => HttpResponse.json({ data: { ended: 1 } })),
    );
    const username = `agent.cut.${Date.now()}`;
    const other = await signedInSession({ profile: profile(), auth: { username, signedInAt: Date.now() - 5_000 } });
    const mine = await signedInSession({ profile: profile(), auth: { username, signedInAt: Date.now() - 1_000 } });
    await security.action(args(post(mine.cookie, "/profile/security", [["intent", "end-others"]])));
    const ended = await thrown(security.loader(args(getWithCookie(other.cookie, "/profile/security"))));
    expect((ended as Response).headers.get("Location")).toBe(
      "/login?redirectTo=%2Fprofile%2Fsecurity&reason=signed-out",
    );
    expect((await security.loader(args(getWithCookie(mine.cookie, "/profile/security")))).signIns).toHaveLength(2);
  });

  it("a second factor equal to the first is refused before anything is sent", async () => {
    upstream();
    const { cookie } = await agent();
    const response = await security.action(
      args(
        post(cookie, "/profile/security", [
          ["intent", "mfa"],
          ["primaryMFA", "SMS"],
          ["secondaryMFA", "SMS"],
        ]),
      ),
    );
    expect(statusOf(response)).toBe(400);
    expect(calls.some((c) => c.includes("/mfa"))).toBe(false);
  });

  it.each([
    [
      "a new password that breaks the rules",
      [
        ["currentPassword", "Portal!2026"],
        ["password", "short"],
        ["confirmPassword", "short"],
      ],
      "password",
    ],
    [
      "confirmation that differs",
      [
        ["currentPassword", "Portal!2026"],
        ["password", "Harbour!Lights42"],
        ["confirmPassword", "Harbour!Lights43"],
      ],
      "confirmPassword",
    ],
    [
      "no current password",
      [
        ["password", "Harbour!Lights42"],
        ["confirmPassword", "Harbour!Lights42"],
      ],
      "currentPassword",
    ],
  ] as Array<[string, Array<[string, string]>, string]>)(
    "%s is refused on its field, nothing sent",
    async (_, fields, field) => {
      upstream();
      const { cookie } = await agent();
      const response = await security.action(
        args(post(cookie, "/profile/security", [["intent", "password"], ...fields])),
      );
      expect(statusOf(response)).toBe(400);
      const result = dataOf(response) as unknown as { result: { error: Record<string, string[]> } };
      expect(result.result.error[field]?.length).toBeGreaterThan(0);
      expect(calls.some((c) => c.includes("/password"))).toBe(false);
    },
  );

  it("a wrong current password is said on its field", async () => {
    upstream(
      publicKey(),
      http.put(`${API}/agents/200001/password`, () =>
        HttpResponse.json({ message: { message: "wrong", errorCode: "WRONG_PASSWORD" } }, { status: 400 }),
      ),
    );
    const { cookie } = await agent();
    const response = await security.action(
      args(
        post(cookie, "/profile/security", [
          ["intent", "password"],
          ["currentPassword", "Wrong!2026x"],
          ["password", "Harbour!Lights42"],
          ["confirmPassword", "Harbour!Lights42"],
        ]),
      ),
    );
    const result = dataOf(response) as unknown as { result: { error: Record<string, string[]> } };
    expect(result.result.error.currentPassword).toEqual(["That is not your current password."]);
  });
});
