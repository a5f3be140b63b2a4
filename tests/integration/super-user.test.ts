import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import {
  fakeJwt,
  getWithCookie,
  mswUpstream,
  portalEnv,
  profile,
  signedInSession,
  statusOf,
  thrown,
  termsAcceptedHandlers,
  upstreamMock,
} from "./harness";

/**
 * Super users: /super-user finds an agency (the form kept in the session), agency-found
 * shows it and acts for it, the banner's stop goes back, and logout ends both sign-ins. Only RCCL and
 * RCCLADMIN get in; what the upstream refuses is said in the page, never a 500.
 */

const env = portalEnv();
const search = await import("~/routes/super-user/search");
const found = await import("~/routes/super-user/agency-found");
const stop = await import("~/routes/super-user/stop");
const logout = await import("~/routes/auth/logout");
const security = await import("~/routes/profile/security");
const { getSession, sessionCookie } = await import("~/server/infra/session.server");
const { authState } = await import("~/server/infra/auth-state.server");
const { superUserForm } = await import("~/server/super-user/search-form.server");
const { endOtherSessions, requireAgent } = await import("~/server/auth/auth.server");

const API = "http://upstream.test";
const calls: string[] = [];
const bearers: string[] = [];
const server = mswUpstream(env, [calls, bearers]);

const agency = {
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
};
const ACTING_TOKEN = fakeJwt({ username: "admin.can", typ: "access" });
const adminProfile = profile({
  loginUserName: "admin.can",
  roleCode: "ADMIN",
  agencyId: "AG100102",
  agentFirstName: "Nadia",
  agentLastName: "Roy",
  agencyName: agency.name,
});
const upstream = upstreamMock(server, calls, () => [
  ...termsAcceptedHandlers(API),
  http.get(`${API}/super-user/agencies`, ({ request }) => {
    const phone = new URL(request.url).searchParams.get("phone");
    return HttpResponse.json({ data: phone === "+14165550102" ? [agency] : [] });
  }),
  http.get(`${API}/super-user/agencies/AG100102`, () =>
    HttpResponse.json({
      data: {
        agency,
        administrator: { agentId: "1000002", username: "admin.can", name: "Nadia Roy" },
        agents: [],
        actingChanges: [
          {
            at: "2026-11-20T10:00:00.000Z",
            agentName: "Nadia Roy",
            actorName: "Sam Staff",
            method: "POST",
            path: "/agencies/AG100102/agents/0999997/approve",
            status: 200,
          },
        ],
      },
    }),
  ),
  http.get(`${API}/super-user/agencies/:id`, () =>
    HttpResponse.json({ message: { errorCode: "AGENCY_NOT_FOUND", message: "There is no agency." } }, { status: 404 }),
  ),
  http.post(`${API}/super-user/agencies/AG100102/act-for`, () =>
    HttpResponse.json({
      data: {
        access_token: ACTING_TOKEN,
        refresh_token: fakeJwt({ username: "admin.can", typ: "refresh" }),
        id_token: fakeJwt({ username: "admin.can", typ: "id" }),
        actingAs: { agentId: "1000002", username: "admin.can", name: "Nadia Roy" },
        agency: { agencyId: "AG100102", name: agency.name },
      },
    }),
  ),
  http.post(`${API}/super-user/agencies/AG100101/act-for`, () =>
    HttpResponse.json(
      { message: { errorCode: "NO_ADMINISTRATOR", message: "This agency has no active administrator to act as." } },
      { status: 409 },
    ),
  ),
  http.get(`${API}/userProfile`, ({ request }) =>
    HttpResponse.json({
      data: request.headers.get("authorization") === `Bearer ${ACTING_TOKEN}` ? adminProfile : staffProfile,
    }),
  ),
  http.delete(`${API}/auth/logout`, ({ request }) => {
    bearers.push(request.headers.get("authorization") ?? "");
    return new HttpResponse(null, { status: 204 });
  }),
]);

const staffProfile = profile({
  loginUserName: "rccl.staff",
  roleCode: "RCCL",
  agentFirstName: "Sam",
  agentLastName: "Staff",
});
const staff = () =>
  signedInSession({
    auth: {
      username: "rccl.staff",
      accessToken: fakeJwt({ username: "rccl.staff", typ: "access" }),
      idToken: fakeJwt({ username: "rccl.staff", typ: "id" }),
    },
    profile: staffProfile,
  });
const args = (request: Request) => ({ request, params: {}, context: {} });
const post = (cookie: string, path: string, fields: Array<[string, string]> = []) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Cookie: cookie, origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
const dataOf = (r: unknown) => ((r as { data?: unknown }).data ?? r) as Record<string, unknown>;
/** The cookie the browser holds after a response: its last Set-Cookie (a new id comes after the old one's end). */
const withCookie = (cookie: string, response: Response) => {
  const set = response.headers.getSetCookie().at(-1);
  return set ? set.split(";")[0]! : cookie;
};
const byPhone = (number: string): Array<[string, string]> => [
  ["identificationType", "phone"],
  ["telephoneCountryCode", "CA"],
  ["telephoneNumber", number],
];

describe("the super-user pages: RCCL and RCCLADMIN only", () => {
  it.each(["AGENT", "ADMIN"])(
    "a %s is sent to /home from both pages; their actions posted by hand are refused with the reason",
    async (roleCode) => {
      upstream();
      const { cookie } = await signedInSession({ profile: profile({ roleCode }) });
      for (const run of [
        () => search.loader(args(getWithCookie(cookie, "/super-user"))),
        () => found.loader(args(getWithCookie(cookie, "/super-user/agency-found?agencyId=AG100102"))),
      ]) {
        const error = await thrown(run());
        expect((error as Response).headers.get("Location")).toBe("/home");
      }
      for (const run of [
        () => search.action(args(post(cookie, "/super-user", byPhone("416 555 0102")))),
        () => found.action(args(post(cookie, "/super-user/agency-found?agencyId=AG100102"))),
      ]) {
        const refused = await thrown(run());
        expect(statusOf(refused)).toBe(403);
        expect(String(dataOf(refused).message)).toBe(
          "That super-user action was refused: only Royal Caribbean staff can find and act for an agency.",
        );
      }
      expect(calls).toEqual([]);
    },
  );
});

describe("finding an agency by phone or ABTA number", () => {
  it("one match opens the agency's page, and the form's values are kept in the session", async () => {
    upstream();
    const { cookie } = await staff();
    const response = (await search.action(args(post(cookie, "/super-user", byPhone("(416) 555-0102"))))) as Response;
    expect(response.headers.get("Location")).toBe("/super-user/agency-found?agencyId=AG100102");
    expect(calls).toContain("GET /super-user/agencies?phone=%2B14165550102");
    const session = await getSession(getWithCookie(withCookie(cookie, response), "/super-user"));
    expect(superUserForm.read(session)).toEqual({
      identificationType: "phone",
      telephoneCountryCode: "CA",
      telephoneNumber: "(416) 555-0102",
    });
  });

  it("no match says so in the form (404) and keeps what was typed", async () => {
    upstream();
    const { cookie } = await staff();
    const result = await search.action(args(post(cookie, "/super-user", byPhone("416 555 0199"))));
    expect(statusOf(result)).toBe(404);
    expect(JSON.stringify(dataOf(result))).toContain("No agency has this phone number.");
  });

  it("a malformed ABTA number is refused before the upstream is asked", async () => {
    upstream();
    const { cookie } = await staff();
    const result = await search.action(
      args(
        post(cookie, "/super-user", [
          ["identificationType", "abta"],
          ["abtaNumber", "12345"],
        ]),
      ),
    );
    expect(statusOf(result)).toBe(400);
    expect(JSON.stringify(dataOf(result))).toContain("errorInvalidAbta");
    expect(calls).toEqual([]);
  });

  it("an upstream that is down gives a message in the form, not an error page", async () => {
    upstream(http.get(`${API}/super-user/agencies`, () => HttpResponse.error()));
    const { cookie } = await staff();
    const result = await search.action(args(post(cookie, "/super-user", byPhone("416 555 0102"))));
    expect(statusOf(result)).toBe(503);
    expect(JSON.stringify(dataOf(result))).toContain("unavailable");
  });
});

describe("the agency found", () => {
  it("shows the agency, its administrator and the changes made while acting for it", async () => {
    upstream();
    const { cookie } = await staff();
    const result = dataOf(
      await found.loader(args(getWithCookie(cookie, "/super-user/agency-found?agencyId=AG100102"))),
    );
    expect(result.problem).toBeNull();
    expect(JSON.stringify(result.found)).toContain("Sam Staff");
  });

  it.each([
    ["AG999999", 404],
    ["../etc", 404],
  ])("an agency that does not exist (%s) is said so in the page (%i)", async (agencyId, status) => {
    upstream();
    const { cookie } = await staff();
    const result = await found.loader(args(getWithCookie(cookie, `/super-user/agency-found?agencyId=${agencyId}`)));
    expect(statusOf(result)).toBe(status);
    expect(dataOf(result).problem).toMatch(/There is no agency with that id/);
  });

  it("without an agency id goes back to the search", async () => {
    upstream();
    const { cookie } = await staff();
    const error = await thrown(found.loader(args(getWithCookie(cookie, "/super-user/agency-found"))));
    expect((error as Response).headers.get("Location")).toBe("/super-user");
  });

  it("an agency without an administrator to act as says so (409), nothing changes", async () => {
    upstream();
    const { cookie } = await staff();
    const result = await found.action(args(post(cookie, "/super-user/agency-found?agencyId=AG100101")));
    expect(statusOf(result)).toBe(409);
    expect(dataOf(result).error).toMatch(/no active administrator/);
    expect(authState.read(await getSession(getWithCookie(cookie, "/home")))?.actingFor).toBeUndefined();
  });
});

describe("acting for an agency", () => {
  it("acts as the administrator, stops back to the agency's page as the super user, tokens restored", async () => {
    upstream();
    const { cookie } = await staff();
    const before = authState.read(await getSession(getWithCookie(cookie, "/home")))!;

    const started = (await found.action(args(post(cookie, "/super-user/agency-found?agencyId=AG100102")))) as Response;
    expect(started.headers.get("Location")).toBe("/home");
    const actingCookie = withCookie(cookie, started);
    const acting = authState.read(await getSession(getWithCookie(actingCookie, "/home")))!;
    expect(acting.accessToken).toBe(ACTING_TOKEN);
    expect(acting.signedInAt).toBe(before.signedInAt);
    expect(acting.actingFor).toMatchObject({
      agencyId: "AG100102",
      agencyName: agency.name,
      asName: "Nadia Roy",
      realName: "Sam Staff",
    });

    // While acting, the super-user pages are the administrator's: not theirs.
    const refused = await thrown(search.loader(args(getWithCookie(actingCookie, "/super-user"))));
    expect((refused as Response).headers.get("Location")).toBe("/home");
    const refusedPost = await thrown(search.action(args(post(actingCookie, "/super-user", byPhone("416 555 0102")))));
    expect(statusOf(refusedPost)).toBe(403);
    expect(String(dataOf(refusedPost).message)).toMatch(/you are acting for an agency; stop acting first/);

    const stopped = (await stop.action(args(post(actingCookie, "/super-user/stop")))) as Response;
    expect(stopped.headers.get("Location")).toBe("/super-user/agency-found?agencyId=AG100102");
    expect(bearers).toEqual([`Bearer ${ACTING_TOKEN}`]);
    const after = authState.read(await getSession(getWithCookie(withCookie(actingCookie, stopped), "/home")))!;
    expect(after.accessToken).toBe(before.accessToken);
    expect(after.username).toBe("rccl.staff");
    expect(after.actingFor).toBeUndefined();
  });

  it("logging out while acting ends both sign-ins", async () => {
    upstream();
    const { cookie } = await staff();
    const started = (await found.action(args(post(cookie, "/super-user/agency-found?agencyId=AG100102")))) as Response;
    const response = await logout.action(args(post(withCookie(cookie, started), "/logout")));
    expect((response as Response).status).toBe(302);
    expect(bearers).toEqual([`Bearer ${ACTING_TOKEN}`, `Bearer ${fakeJwt({ username: "rccl.staff", typ: "access" })}`]);
  });

  it("when the administrator's sign-ins are ended from the agency's side, the super user is themself again", async () => {
    upstream(
      http.get(`${API}/userProfile`, ({ request }) =>
        request.headers.get("authorization") === `Bearer ${ACTING_TOKEN}`
          ? HttpResponse.json({ message: { errorCode: "INVALID_TOKEN", message: "Revoked" } }, { status: 401 })
          : HttpResponse.json({ data: staffProfile }),
      ),
      http.post(`${API}/auth/refresh-token`, () =>
        HttpResponse.json({ message: { errorCode: "INVALID_TOKEN", message: "Revoked" } }, { status: 401 }),
      ),
    );
    const { cookie } = await staff();
    const before = authState.read(await getSession(getWithCookie(cookie, "/home")))!;
    const started = (await found.action(args(post(cookie, "/super-user/agency-found?agencyId=AG100102")))) as Response;
    const actingCookie = withCookie(cookie, started);

    const ended = (await thrown(search.loader(args(getWithCookie(actingCookie, "/super-user"))))) as Response;
    expect(ended.headers.get("Location")).toBe("/super-user/agency-found?agencyId=AG100102&acting=ended");
    const after = authState.read(await getSession(getWithCookie(actingCookie, "/home")))!;
    expect(after.accessToken).toBe(before.accessToken);
    expect(after.username).toBe("rccl.staff");
    expect(after.actingFor).toBeUndefined();

    const page = dataOf(
      await found.loader(args(getWithCookie(actingCookie, "/super-user/agency-found?agencyId=AG100102&acting=ended"))),
    );
    expect(page.actingEnded).toBe(true);
  });

  it("stopping when not acting goes home and calls nothing", async () => {
    upstream();
    const { cookie } = await staff();
    const response = (await stop.action(args(post(cookie, "/super-user/stop")))) as Response;
    expect(response.headers.get("Location")).toBe("/home");
    expect(bearers).toEqual([]);
  });
});

describe("a new session id at each change of who the session is, and acting ended at once", () => {
  /** The session id a Set-Cookie of the portal's session carries (the last one set). */
  const idOf = async (cookie: string) => (await sessionCookie.parse(cookie)) as string;
  const setCookies = (response: Response) => response.headers.getSetCookie();

  it("starting to act issues a new session id and ends the old one (as sign-in does)", async () => {
    upstream();
    const { cookie, id } = await staff();
    const started = (await found.action(args(post(cookie, "/super-user/agency-found?agencyId=AG100102")))) as Response;
    const actingCookie = withCookie(cookie, started);
    expect(await idOf(actingCookie)).not.toBe(id);
    // The old id is over in the store (not merely replaced in this browser), and the browser is told so.
    expect(authState.read(await getSession(getWithCookie(cookie, "/home")))).toBeUndefined();
    expect(setCookies(started).some((c) => /Max-Age=0|Expires=Thu, 01 Jan 1970/.test(c))).toBe(true);
    const acting = authState.read(await getSession(getWithCookie(actingCookie, "/home")))!;
    expect(acting.actingFor?.agencyId).toBe("AG100102");
    expect(acting.actingFor?.real.username).toBe("rccl.staff");
    // The old cookie signs nobody in.
    const oldOne = (await thrown(requireAgent(getWithCookie(cookie, "/home")))) as Response;
    expect(oldOne.headers.get("Location")).toMatch(/^\/login/);
  });

  it("stopping issues a new session id and ends the acting one", async () => {
    upstream();
    const { cookie } = await staff();
    const started = (await found.action(args(post(cookie, "/super-user/agency-found?agencyId=AG100102")))) as Response;
    const actingCookie = withCookie(cookie, started);
    const stopped = (await stop.action(args(post(actingCookie, "/super-user/stop")))) as Response;
    const ownCookie = withCookie(actingCookie, stopped);
    expect(await idOf(ownCookie)).not.toBe(await idOf(actingCookie));
    expect(authState.read(await getSession(getWithCookie(actingCookie, "/home")))).toBeUndefined();
    const own = authState.read(await getSession(getWithCookie(ownCookie, "/home")))!;
    expect(own.username).toBe("rccl.staff");
    expect(own.actingFor).toBeUndefined();
    expect((await requireAgent(getWithCookie(ownCookie, "/home"))).profile.loginUserName).toBe("rccl.staff");
  });

  it("a super user who signed out everywhere else stays signed in across the new ids", async () => {
    upstream();
    const { cookie, id } = await staff();
    await endOtherSessions({ auth: { username: "rccl.staff" }, session: { id } } as never);
    const started = (await found.action(args(post(cookie, "/super-user/agency-found?agencyId=AG100102")))) as Response;
    const actingCookie = withCookie(cookie, started);
    expect((await requireAgent(getWithCookie(actingCookie, "/home"))).profile.loginUserName).toBe("admin.can");
    const stopped = (await stop.action(args(post(actingCookie, "/super-user/stop")))) as Response;
    const ownCookie = withCookie(actingCookie, stopped);
    expect((await requireAgent(getWithCookie(ownCookie, "/home"))).profile.loginUserName).toBe("rccl.staff");
  });

  it("the administrator signing out everywhere ends acting before the cached profile draws /home again", async () => {
    upstream(http.post(`${API}/agents/:id/sign-ins/end-others`, () => HttpResponse.json({ data: { ended: 1 } })));
    const { cookie } = await staff();
    const started = (await found.action(args(post(cookie, "/super-user/agency-found?agencyId=AG100102")))) as Response;
    const actingCookie = withCookie(cookie, started);
    // /home as the administrator: the acting profile is read once and kept (PROFILE_CACHE_MS).
    expect((await requireAgent(getWithCookie(actingCookie, "/home"))).profile.loginUserName).toBe("admin.can");

    // The administrator, in a session of their own, signs out everywhere else.
    const admin = await signedInSession({
      auth: {
        username: "admin.can",
        accessToken: fakeJwt({ username: "admin.can", typ: "access" }),
        idToken: fakeJwt({ username: "admin.can", typ: "id" }),
      },
      profile: adminProfile,
    });
    const signedOut = (await security.action(
      args(post(admin.cookie, "/profile/security", [["intent", "end-others"]])),
    )) as Response;
    expect(signedOut.headers.get("Location")).toBe("/profile/security?done=ended-others");
    calls.length = 0;

    // The super user's next page: acting is over, not the admin's cached profile with the banner.
    const ended = (await thrown(requireAgent(getWithCookie(actingCookie, "/home")))) as Response;
    expect(ended.headers.get("Location")).toBe("/super-user/agency-found?agencyId=AG100102&acting=ended");
    expect(calls).toEqual([]);
    const ownCookie = withCookie(actingCookie, ended);
    expect(await idOf(ownCookie)).not.toBe(await idOf(actingCookie));
    expect(authState.read(await getSession(getWithCookie(actingCookie, "/home")))).toBeUndefined();
    const own = authState.read(await getSession(getWithCookie(ownCookie, "/home")))!;
    expect(own.username).toBe("rccl.staff");
    expect(own.actingFor).toBeUndefined();
    // The super user is themself again, not signed out; the administrator's own session goes on.
    expect((await requireAgent(getWithCookie(ownCookie, "/home"))).profile.loginUserName).toBe("rccl.staff");
    expect((await requireAgent(getWithCookie(admin.cookie, "/home"))).profile.loginUserName).toBe("admin.can");
  });

  it("the acting session's own 'sign out everywhere else' ends the administrator's others, not acting", async () => {
    upstream(http.post(`${API}/agents/:id/sign-ins/end-others`, () => HttpResponse.json({ data: { ended: 1 } })));
    const { cookie } = await staff();
    const started = (await found.action(args(post(cookie, "/super-user/agency-found?agencyId=AG100102")))) as Response;
    const actingCookie = withCookie(cookie, started);
    await security.action(args(post(actingCookie, "/profile/security", [["intent", "end-others"]])));
    const agent = await requireAgent(getWithCookie(actingCookie, "/home"));
    expect(agent.auth.actingFor?.agencyId).toBe("AG100102");
  });
});
