import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import {
  getWithCookie,
  mswUpstream,
  portalEnv,
  profile,
  signedInSession,
  statusOf,
  thrown,
  upstreamMock,
} from "./harness";

const env = portalEnv();
const list = await import("~/routes/user-management/list");
const agentPage = await import("~/routes/user-management/agent");
const invite = await import("~/routes/user-management/invite");

const API = "http://upstream.test";
const calls: string[] = [];
const bodies: unknown[] = [];
const server = mswUpstream(env, [calls, bodies]);

const pending = {
  agentId: "999998",
  username: "pending.one@example.com",
  firstName: "Chloé",
  lastName: "Gagnon",
  email: "pending.one@example.com",
  roleCode: "AGENT",
  status: "PENDING",
  createdAt: "2026-11-20T10:00:00Z",
  lastSignInAt: null,
};
const upstream = upstreamMock(server, calls, () => [
  http.get(`${API}/agencies/100001/agents`, () =>
    HttpResponse.json({ data: { items: [pending], total: 1, page: 1, pageSize: 25, pageCount: 1 } }),
  ),
  http.get(`${API}/agencies/100001/agents/999998`, () => HttpResponse.json({ data: { ...pending, activity: [] } })),
]);
const admin = () => signedInSession({ profile: profile({ roleCode: "ADMIN" }) });
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
const post = (cookie: string, path: string, fields: Array<[string, string]>) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Cookie: cookie, origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
const dataOf = (r: unknown) => ((r as { data?: unknown }).data ?? r) as Record<string, unknown>;

describe("user management: ADMIN and RCCLADMIN only", () => {
  it.each(["AGENT", "RCCL"])(
    "a %s is sent to /home from the list, an agent's page and the invitation",
    async (roleCode) => {
      upstream();
      const { cookie } = await signedInSession({ profile: profile({ roleCode }) });
      for (const [route, path, params] of [
        [list, "/user-management", {}],
        [agentPage, "/user-management/agents/999998", { agentId: "999998" }],
        [invite, "/user-management/invite", {}],
      ] as const) {
        const error = await thrown(route.loader(args(getWithCookie(cookie, path), params)));
        expect((error as Response).headers.get("Location"), path).toBe("/home");
      }
      // An action posted anyway (by hand) is refused with what and why, never a silent redirect, and
      // nothing reaches the upstream: from the agent's page and from the list alike.
      for (const [route, path, params] of [
        [agentPage, "/user-management/agents/999998", { agentId: "999998" }],
        [list, "/user-management", {}],
      ] as const) {
        const refused = await thrown(
          route.action(
            args(
              post(cookie, path, [
                ["intent", "approve"],
                ["agentId", "999998"],
              ]),
              params,
            ),
          ),
        );
        expect(statusOf(refused), path).toBe(403);
        expect(String(dataOf(refused).message)).toMatch(
          /^Changing your agency's agents was refused: only an agency administrator can approve/,
        );
      }
      expect(calls.filter((c) => c.startsWith("POST"))).toEqual([]);
    },
  );

  it("the list sends the filters from the URL and normalises junk with a notice", async () => {
    upstream();
    const { cookie } = await admin();
    const data = await list.loader(args(getWithCookie(cookie, "/user-management?status=PENDING&role=KING&q=gag")));
    const query = new URL(calls.find((c) => c.startsWith("GET /agencies/100001/agents"))!.slice(4), API).searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ status: "PENDING", q: "gag", sort: "name", order: "asc" });
    expect(query.has("role")).toBe(false);
    expect(data.notices).toHaveLength(1);
    expect(data.found?.total).toBe(1);
  });

  it("an agent's page offers what fits the status; ?confirm= asks first", async () => {
    upstream();
    const { cookie } = await admin();
    const data = await agentPage.loader(
      args(getWithCookie(cookie, "/user-management/agents/999998?confirm=approve"), { agentId: "999998" }),
    );
    expect(data.actions).toEqual(["approve", "deactivate"]);
    expect(data.confirm).toBe("approve");
    // An action that does not fit the status is not asked.
    const other = await agentPage.loader(
      args(getWithCookie(cookie, "/user-management/agents/999998?confirm=unlock"), { agentId: "999998" }),
    );
    expect(other.confirm).toBeNull();
  });

  it("approving posts the action and comes back saying so", async () => {
    upstream(
      http.post(`${API}/agencies/100001/agents/999998/approve`, () =>
        HttpResponse.json({ data: { ...pending, status: "ACTIVE", activity: [] } }),
      ),
    );
    const { cookie } = await admin();
    const response = (await agentPage.action(
      args(post(cookie, "/user-management/agents/999998", [["intent", "approve"]]), { agentId: "999998" }),
    )) as Response;
    expect(response.headers.get("Location")).toBe("/user-management/agents/999998?done=approve");
  });

  it("the list shows the registrations waiting for approval first, oldest first, unless a status is asked", async () => {
    upstream();
    const { cookie } = await admin();
    const data = await list.loader(args(getWithCookie(cookie, "/user-management")));
    expect(data.pending?.items.map((a) => a.agentId)).toEqual(["999998"]);
    const asked = calls
      .filter((c) => c.startsWith("GET /agencies/100001/agents?"))
      .map((c) => Object.fromEntries(new URL(c.slice(4), API).searchParams));
    expect(asked).toContainEqual(expect.objectContaining({ status: "PENDING", sort: "created", order: "asc" }));
    const filtered = await list.loader(args(getWithCookie(cookie, "/user-management?status=ACTIVE")));
    expect(filtered.pending).toBeNull();
  });

  it("approving or declining from the list posts the action and the list says what was done, by name", async () => {
    upstream(
      http.post(`${API}/agencies/100001/agents/999998/approve`, () =>
        HttpResponse.json({ data: { ...pending, status: "ACTIVE", activity: [] } }),
      ),
    );
    const { cookie } = await admin();
    const response = (await list.action(
      args(
        post(cookie, "/user-management", [
          ["intent", "approve"],
          ["agentId", "999998"],
        ]),
      ),
    )) as Response;
    expect(response.headers.get("Location")).toBe("/user-management?done=approve&agent=999998");
    const after = await list.loader(args(getWithCookie(cookie, "/user-management?done=approve&agent=999998")));
    expect(after.done).toBe("Chloé Gagnon is approved.");
    // Only the two answers a waiting registration has are taken from the list.
    const other = await list.action(
      args(
        post(cookie, "/user-management", [
          ["intent", "role"],
          ["agentId", "999998"],
        ]),
      ),
    );
    expect(statusOf(other)).toBe(400);
  });

  it("the upstream's refusal of a change (403: not this agency's, or not allowed) is said on the page", async () => {
    upstream(
      http.post(`${API}/agencies/100001/agents/999998/deactivate`, () =>
        HttpResponse.json({ message: { message: "no", errorCode: "FORBIDDEN" } }, { status: 403 }),
      ),
    );
    const { cookie } = await admin();
    const refused = await agentPage.action(
      args(post(cookie, "/user-management/agents/999998", [["intent", "deactivate"]]), { agentId: "999998" }),
    );
    expect(statusOf(refused)).toBe(403);
    expect(String(dataOf(refused).error)).toMatch(/^That change was refused: /);
  });

  it("a role change needs the new role; the upstream's refusal is said, not thrown", async () => {
    upstream(
      http.post(`${API}/agencies/100001/agents/999998/role`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: { message: "no", errorCode: "INVALID_STATUS" } }, { status: 409 });
      }),
    );
    const { cookie } = await admin();
    const missing = await agentPage.action(
      args(post(cookie, "/user-management/agents/999998", [["intent", "role"]]), { agentId: "999998" }),
    );
    expect(statusOf(missing)).toBe(400);
    const refused = await agentPage.action(
      args(
        post(cookie, "/user-management/agents/999998", [
          ["intent", "role"],
          ["roleCode", "ADMIN"],
        ]),
        { agentId: "999998" },
      ),
    );
    expect(bodies).toEqual([{ roleCode: "ADMIN" }]);
    expect(statusOf(refused)).toBe(409);
    expect(String(dataOf(refused).error)).toMatch(/status/);
  });

  it("an id that cannot be an agent's is not found; another agency's agent (the upstream's 404) too", async () => {
    upstream(http.get(`${API}/agencies/100001/agents/123`, () => HttpResponse.json({}, { status: 404 })));
    const { cookie } = await admin();
    for (const agentId of ["../x", "123"]) {
      const error = await thrown(
        agentPage.loader(args(getWithCookie(cookie, `/user-management/agents/${agentId}`), { agentId })),
      );
      expect(statusOf(error)).toBe(404);
    }
  });

  it("an invitation is sent for a valid address; a taken one is said on the field", async () => {
    upstream(
      http.post(`${API}/agencies/100001/invitations`, async ({ request }) => {
        const body = (await request.json()) as { email: string };
        if (body.email === "taken@example.com") {
          return HttpResponse.json(
            { message: { message: "taken", errorCode: "EMAIL_ALREADY_EXISTS" } },
            { status: 409 },
          );
        }
        return HttpResponse.json({ data: { email: body.email, expiresAt: "2026-12-01T00:00:00Z" } }, { status: 201 });
      }),
    );
    const { cookie } = await admin();
    const sent = (await invite.action(
      args(post(cookie, "/user-management/invite", [["email", " New.Agent@Example.com "]])),
    )) as Response;
    expect(sent.headers.get("Location")).toContain("sent=new.agent%40example.com");
    const taken = await invite.action(args(post(cookie, "/user-management/invite", [["email", "taken@example.com"]])));
    expect(statusOf(taken)).toBe(409);
    expect((dataOf(taken).fieldErrors as Record<string, string[]>).email).toHaveLength(1);
    const bad = await invite.action(args(post(cookie, "/user-management/invite", [["email", "nope"]])));
    expect(statusOf(bad)).toBe(400);
  });
});

describe("the list when the upstream fails (route-errors.server's unavailable)", () => {
  it.each([
    ["is down (500)", () => HttpResponse.json({}, { status: 500 })],
    ["answers garbage", () => HttpResponse.json({ data: { items: "nope" } })],
  ])("an upstream that %s: the page says so and keeps its filters", async (_, answer) => {
    upstream(http.get(`${API}/agencies/100001/agents`, answer));
    const { cookie } = await admin();
    const data = await list.loader(args(getWithCookie(cookie, "/user-management?status=LOCKED&q=tre")));
    expect(data.found).toBeNull();
    expect(data.search.filters).toMatchObject({ status: "LOCKED", q: "tre" });
  });

  it("a 403 goes to the route's handling: /home", async () => {
    upstream(
      http.get(`${API}/agencies/100001/agents`, () =>
        HttpResponse.json({ message: { message: "no", errorCode: "FORBIDDEN" } }, { status: 403 }),
      ),
    );
    const { cookie } = await admin();
    const error = await thrown(list.loader(args(getWithCookie(cookie, "/user-management"))));
    expect((error as Response).headers.get("Location")).toBe("/home");
  });

  it("a 404 is the page not being there", async () => {
    upstream(http.get(`${API}/agencies/100001/agents`, () => HttpResponse.json({}, { status: 404 })));
    const { cookie } = await admin();
    expect(statusOf(await thrown(list.loader(args(getWithCookie(cookie, "/user-management")))))).toBe(404);
  });
});
