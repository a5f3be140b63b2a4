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

/** The group travel hub lists the agency's groups, shows one, and requests new space; never a 500. */
const env = portalEnv();
const hub = await import("~/routes/group-travel-hub/hub");
const groupPage = await import("~/routes/group-travel-hub/group");
const requestPage = await import("~/routes/group-travel-hub/request");
const groupsCsv = await import("~/routes/group-travel-hub/groups-csv");

const API = "http://upstream.test";
const CONTENT = `${API}/api/royal/content/cruising-power`;
const calls: string[] = [];
const bodies: unknown[] = [];
const server = mswUpstream(env, [calls, bodies]);

const group = (over: Record<string, unknown> = {}) => ({
  groupId: "G480003",
  name: "Choir tour 2026",
  brand: "R",
  shipCode: "AD",
  shipName: "Adventure of the Seas",
  sailingId: "AD20260806",
  sailDate: "2026-08-06",
  branch: "MIA",
  staterooms: { held: 15, booked: 11, released: 2 },
  guestsNamed: 29,
  payingGuests: 29,
  amenityPoints: 2,
  tourConductorCredits: 1,
  finalPaymentDate: "2026-05-08",
  bookingsWithBalanceDue: 1,
  ...over,
});
const page = (items: unknown[], total = items.length) => ({
  items,
  total,
  page: 1,
  pageSize: 25,
  pageCount: Math.ceil(total / 25),
  ships: [{ code: "AD", name: "Adventure of the Seas" }],
});
const spaceRequest = {
  requestId: "GSR-000001",
  sailingId: "AD20260806",
  brand: "R",
  shipName: "Adventure of the Seas",
  sailDate: "2026-08-06",
  staterooms: 12,
  cabinClass: "BALCONY",
  groupName: "Rotary club",
  notes: null,
  status: "REQUESTED",
  createdAt: "2026-03-02T10:00:00.000Z",
  decidedAt: null,
  reason: null,
};
const refusal = (status: number, errorCode: string) =>
  HttpResponse.json({ message: { message: "refused", errorCode } }, { status });

const upstream = upstreamMock(server, calls, () => [
  http.get(`${API}/groups`, () => HttpResponse.json({ data: page([group()]) })),
  http.get(`${API}/groups/requests`, () => HttpResponse.json({ data: { items: [] } })),
  http.get(`${API}/groups/G480003`, () =>
    HttpResponse.json({
      data: {
        ...group(),
        deadlines: [
          { kind: "DEPOSIT", dueDate: "2026-02-07" },
          { kind: "SECOND_DEPOSIT", dueDate: "2026-04-08" },
          { kind: "FINAL_PAYMENT", dueDate: "2026-05-08" },
        ],
        bookings: [
          {
            bookingId: "3104123",
            status: "CONFIRMED",
            leadGuest: "Lopez, Ana",
            guests: 2,
            staterooms: 1,
            cabinClass: "BALCONY",
            currency: "USD",
            totalPrice: 4200,
            amountPaid: 1000,
            amountDue: 3200,
            balanceDueDate: "2026-05-08",
          },
        ],
        spaceHistory: [
          { date: "2025-04-20", held: 17, booked: 0, released: 0 },
          { date: "2025-05-07", held: 17, booked: 4, released: 0 },
          { date: "2026-03-02", held: 15, booked: 11, released: 2 },
        ],
      },
    }),
  ),
  http.get(`${API}/groups/:groupId`, () => refusal(404, "NOT_FOUND")),
  http.get(`${CONTENT}/*`, () => HttpResponse.json({ message: "not found" }, { status: 404 })),
]);

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
type Loaded = { data: Record<string, unknown>; init?: { status?: number } };
const withTool = () => profile({ allowedApplicationTools: [{ toolCode: "INSIGHT" }, { toolCode: "GROUP-TOOL" }] });

describe("the hub's list", () => {
  it("asks the upstream for the search in the URL and offers the group tool to an agent who has it", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: withTool() });
    const loaded = (await hub.loader(
      args(getWithCookie(cookie, "/group-travel-hub?brand=r&ship=AD&from=2026-05-01&sort=booked&order=desc&page=1")),
    )) as unknown as Loaded;
    expect(calls).toContain("GET /groups?brand=R&ship=AD&from=2026-05-01&sort=booked&order=desc&page=1&pageSize=25");
    expect(loaded.data).toMatchObject({ notices: [], groupTool: true, found: { total: 1 } });
  });

  it("leaves junk in the URL out with a notice and hides the group tool without its tool code", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: profile() });
    const loaded = (await hub.loader(
      args(getWithCookie(cookie, "/group-travel-hub?brand=ZZ&from=yesterday&sort=%27;drop")),
    )) as unknown as Loaded;
    // The default order: final payments overdue or due today first.
    expect(calls).toContain("GET /groups?sort=sailDate&order=asc&page=1&pageSize=25&flaggedFirst=true");
    expect((loaded.data.notices as string[]).length).toBe(2);
    expect(loaded.data.groupTool).toBe(false);
  });

  it("a page past the last shows the last with a notice", async () => {
    upstream(
      http.get(`${API}/groups`, ({ request }) => {
        const pageNo = Number(new URL(request.url).searchParams.get("page"));
        return HttpResponse.json({ data: { ...page(pageNo === 2 ? [group()] : [], 26), page: pageNo } });
      }),
    );
    const { cookie } = await signedInSession({ profile: profile() });
    const loaded = (await hub.loader(args(getWithCookie(cookie, "/group-travel-hub?page=9")))) as unknown as Loaded;
    expect((loaded.data.search as { page: number }).page).toBe(2);
    expect(loaded.data.notices).toEqual(["There are 2 pages of groups, so this is the last."]);
  });

  it.each([
    ["down", () => HttpResponse.json({}, { status: 503 })],
    ["malformed", () => HttpResponse.json({ data: { items: "nope" } })],
  ])("an upstream that is %s leaves the page standing with a message", async (_, answer) => {
    upstream(http.get(`${API}/groups`, answer));
    const { cookie } = await signedInSession({ profile: profile() });
    const loaded = (await hub.loader(args(getWithCookie(cookie, "/group-travel-hub")))) as unknown as Loaded;
    expect(loaded.data.found).toBeNull();
  });
});

describe("the hub's CSV export", () => {
  const csvLines = async (response: Response) =>
    (await response.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");

  it("streams every page of the hub's search (its filters and sort, not its page) with a header row", async () => {
    upstream(
      http.get(`${API}/groups`, ({ request }) => {
        const pageNo = Number(new URL(request.url).searchParams.get("page"));
        const items =
          pageNo === 1 ? [group(), group({ groupId: "G480007", name: "=cmd" })] : [group({ groupId: "G480011" })];
        return HttpResponse.json({ data: { ...page(items, 201), page: pageNo, pageSize: 100, pageCount: 3 } });
      }),
    );
    const { cookie } = await signedInSession({ profile: profile() });
    const response = (await groupsCsv.loader(
      args(
        getWithCookie(
          cookie,
          "/group-travel-hub/groups.csv?brand=R&ship=AD&from=2026-05-01&to=2026-09-30&sort=held&order=desc&page=3",
        ),
      ),
    )) as Response;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="groups-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = await csvLines(response);
    expect(calls.filter((c) => c.startsWith("GET /groups?"))).toEqual(
      [1, 2, 3].map(
        (n) => `GET /groups?brand=R&ship=AD&from=2026-05-01&to=2026-09-30&sort=held&order=desc&page=${n}&pageSize=100`,
      ),
    );
    expect(lines[0]).toBe(
      "Group,Name,Cruise line,Ship,Sailing,Sail date,Branch,Staterooms held,Staterooms booked,Staterooms released,Guests named,Paying guests,Final payment,Amenity points,Tour-conductor credits",
    );
    expect(lines[1]).toBe(
      "G480003,Choir tour 2026,Royal Caribbean,Adventure of the Seas,AD20260806,06AUG2026,MIA,15,11,2,29,29,08MAY2026,2,1",
    );
    // A cell a spreadsheet would run as a formula is made inert.
    expect(lines[2]).toMatch(/^G480007,'=cmd,/);
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(["G480003", "G480007", "G480011", "G480011"]);
  });

  it("an upstream that is down is an error page before any CSV starts, never a cut-off file", async () => {
    upstream(http.get(`${API}/groups`, () => HttpResponse.json({}, { status: 503 })));
    const { cookie } = await signedInSession({ profile: profile() });
    const error = await thrown(groupsCsv.loader(args(getWithCookie(cookie, "/group-travel-hub/groups.csv"))));
    // An error answer (the portal's error page for a browser, tests/integration/resource-errors.test.ts), no CSV.
    expect((error as Response).headers.get("Content-Type")).not.toMatch(/csv/);
    expect(statusOf(error)).toBeGreaterThanOrEqual(500);
  });
});

describe("a group's page", () => {
  it("shows the group with its deadlines and bookings", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: withTool() });
    const loaded = (await groupPage.loader(
      args(getWithCookie(cookie, "/group-travel-hub/g480003"), { groupId: "g480003" }),
    )) as {
      group: { groupId: string; deadlines: unknown[]; bookings: unknown[] };
      chart: { lines: Array<{ key: string; end: { value: number } }> } | null;
      groupTool: boolean;
    };
    expect(calls).toContain("GET /groups/G480003");
    expect(loaded.chart?.lines.map((l) => [l.key, l.end.value])).toEqual([
      ["held", 15],
      ["booked", 11],
      ["released", 2],
    ]);
    expect(loaded.group.deadlines).toHaveLength(3);
    expect(loaded.group.bookings).toHaveLength(1);
    expect(loaded.groupTool).toBe(true);
  });

  it("another agency's group (the upstream's 404) is not found", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: profile() });
    const error = await thrown(
      groupPage.loader(args(getWithCookie(cookie, "/group-travel-hub/G480200"), { groupId: "G480200" })),
    );
    expect(statusOf(error)).toBe(404);
  });

  it("an id that cannot be a group is not found without asking the upstream", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: profile() });
    const error = await thrown(
      groupPage.loader(args(getWithCookie(cookie, "/group-travel-hub/%3Cscript%3E"), { groupId: "<script>" })),
    );
    expect(statusOf(error)).toBe(404);
    expect(calls.filter((c) => c.startsWith("GET /groups/"))).toEqual([]);
  });
});

describe("a request for group space", () => {
  const post = (cookie: string, fields: Record<string, string>) =>
    new Request("http://localhost/group-travel-hub/request", {
      method: "POST",
      headers: { Cookie: cookie, origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
  const fields = {
    sailingId: "ad20260806",
    staterooms: "12",
    cabinClass: "BALCONY",
    groupName: "Rotary club",
    notes: "",
  };

  it("prefills the sailing from a link", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: profile() });
    const loaded = (await requestPage.loader(
      args(getWithCookie(cookie, "/group-travel-hub/request?sailingId=ad20260806")),
    )) as { sailingId: string; requests: unknown[] };
    expect(loaded.sailingId).toBe("AD20260806");
    expect(loaded.requests).toEqual([]);
  });

  it("sends a valid request and redirects to the list with it (POST-redirect-GET)", async () => {
    upstream(
      http.post(`${API}/groups/requests`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ data: spaceRequest }, { status: 201 });
      }),
    );
    const { cookie } = await signedInSession({ profile: profile() });
    const response = (await requestPage.action(args(post(cookie, fields)))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/group-travel-hub/request?sent=GSR-000001");
    expect(bodies).toEqual([
      { sailingId: "AD20260806", staterooms: 12, cabinClass: "BALCONY", groupName: "Rotary club", notes: null },
    ]);
  });

  it("below the minimum is refused before the upstream with the minimum's message, keeping what was typed", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: profile() });
    const result = (await requestPage.action(args(post(cookie, { ...fields, staterooms: "5" })))) as unknown as Loaded;
    expect(statusOf(result)).toBe(400);
    const body = result.data as { typed: typeof fields; fieldErrors: Record<string, string[]> };
    expect(body.fieldErrors.staterooms?.[0]).toMatch(/at least 8 staterooms/);
    expect(body.typed).toEqual({ ...fields, staterooms: "5" });
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual([]);
  });

  it.each([
    [422, "BELOW_MINIMUM", "staterooms", /at least 8 staterooms/],
    [404, "SAILING_NOT_FOUND", "sailingId", /no sailing with this id/],
    [409, "SAILING_DEPARTED", "sailingId", /already sailed/],
  ])("an upstream %i %s is a clear message on its field", async (status, code, field, message) => {
    upstream(http.post(`${API}/groups/requests`, () => refusal(status, code)));
    const { cookie } = await signedInSession({ profile: profile() });
    const result = (await requestPage.action(args(post(cookie, fields)))) as unknown as Loaded;
    expect(statusOf(result)).toBe(status === 404 ? 404 : 422);
    const body = result.data as { typed: typeof fields; fieldErrors: Record<string, string[]> };
    expect(body.fieldErrors[field]?.[0]).toMatch(message);
    expect(body.typed.groupName).toBe("Rotary club");
  });

  it("an upstream failure is a retry message (502) that keeps the input, never a 500", async () => {
    upstream(http.post(`${API}/groups/requests`, () => HttpResponse.json({}, { status: 500 })));
    const { cookie } = await signedInSession({ profile: profile() });
    const result = (await requestPage.action(args(post(cookie, fields)))) as unknown as Loaded;
    expect(statusOf(result)).toBe(502);
    expect((result.data as { error: string }).error).toMatch(/try again/);
    expect((result.data as { typed: typeof fields }).typed).toEqual(fields);
  });

  it("lists the agency's requests, and names the one just sent", async () => {
    upstream(http.get(`${API}/groups/requests`, () => HttpResponse.json({ data: { items: [spaceRequest] } })));
    const { cookie } = await signedInSession({ profile: profile() });
    const loaded = (await requestPage.loader(
      args(getWithCookie(cookie, "/group-travel-hub/request?sent=GSR-000001")),
    )) as { sent: { requestId: string } | null; requests: unknown[] };
    expect(loaded.sent?.requestId).toBe("GSR-000001");
    expect(loaded.requests).toHaveLength(1);
  });

  it("reads the line's decision on each request: confirmed, or declined with its reason", async () => {
    const declined = {
      ...spaceRequest,
      requestId: "GSR-000002",
      staterooms: 60,
      status: "DECLINED",
      decidedAt: "2026-03-04T10:00:00.000Z",
      reason: "Only 40 balcony staterooms can be held for one group on this sailing; 60 were asked for.",
    };
    const confirmed = { ...spaceRequest, status: "CONFIRMED", decidedAt: "2026-03-04T10:00:00.000Z" };
    upstream(http.get(`${API}/groups/requests`, () => HttpResponse.json({ data: { items: [declined, confirmed] } })));
    const { cookie } = await signedInSession({ profile: profile() });
    const loaded = (await requestPage.loader(args(getWithCookie(cookie, "/group-travel-hub/request")))) as {
      requests: Array<{ status: string; reason: string | null; decidedAt: string | null }>;
    };
    expect(loaded.requests).toMatchObject([
      { status: "DECLINED", reason: declined.reason, decidedAt: "2026-03-04T10:00:00.000Z" },
      { status: "CONFIRMED", reason: null },
    ]);
  });

  it("a request list without the decision's fields is the upstream's fault: the page says the list is unavailable", async () => {
    const { decidedAt: _decided, reason: _reason, ...undecided } = spaceRequest;
    upstream(http.get(`${API}/groups/requests`, () => HttpResponse.json({ data: { items: [undecided] } })));
    const { cookie } = await signedInSession({ profile: profile() });
    const loaded = (await requestPage.loader(args(getWithCookie(cookie, "/group-travel-hub/request")))) as {
      requests: unknown[] | null;
    };
    expect(loaded.requests).toBeNull();
  });
});
