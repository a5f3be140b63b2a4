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

/** The reduced-rate pages list the qualifying sailings, take a request, list and withdraw. */
const env = portalEnv();
const list = await import("~/routes/reduced-rates/list");
const requestPage = await import("~/routes/reduced-rates/request");
const requestsPage = await import("~/routes/reduced-rates/requests");
const csv = await import("~/routes/reduced-rates/sailings-csv");

const API = "http://upstream.test";
const CONTENT = `${API}/api/royal/content/cruising-power`;
const calls: string[] = [];
const bodies: unknown[] = [];
const server = mswUpstream(env, [calls, bodies]);

const sailing = (over: Record<string, unknown> = {}) => ({
  sailingId: "RC-ALL-20260601",
  brand: "R",
  shipCode: "AL",
  shipName: "Allure of the Seas",
  destination: "Caribbean",
  departurePort: "Miami",
  sailDate: "2026-06-01",
  returnDate: "2026-06-08",
  nights: 7,
  rateType: "AGENT",
  requestDeadline: "2026-05-18",
  open: true,
  currency: "USD",
  rates: [
    { cabinClass: "INTERIOR", ratePerGuest: 420 },
    { cabinClass: "BALCONY", ratePerGuest: 780 },
  ],
  ...over,
});
const page = (items: unknown[], over: Record<string, unknown> = {}) => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
  pageCount: items.length ? 1 : 0,
  ships: [{ code: "AL", name: "Allure of the Seas", brand: "R" }],
  ...over,
});
const rateRequest = (over: Record<string, unknown> = {}) => ({
  requestId: "7",
  status: "REQUESTED",
  cabinClass: "INTERIOR",
  ratePerGuest: 420,
  companion: { name: "Sam Stone", relation: "PARTNER" },
  requestedAt: "2026-03-02T10:00:00.000Z",
  decidedAt: null,
  withdrawnAt: null,
  sailing: sailing(),
  ...over,
});
const refusal = (status: number, errorCode: string) =>
  HttpResponse.json({ message: { message: "refused", errorCode } }, { status });

const upstream = upstreamMock(server, calls, () => [
  http.get(`${API}/reduced-rates/sailings`, () => HttpResponse.json({ data: page([sailing()]) })),
  http.get(`${API}/reduced-rates/sailings/RC-ALL-20260601`, () => HttpResponse.json({ data: sailing() })),
  http.get(`${API}/reduced-rates/sailings/:id`, () => refusal(404, "NOT_QUALIFYING")),
  http.get(`${API}/reduced-rates/requests`, () => HttpResponse.json({ data: { items: [rateRequest()] } })),
  http.get(`${CONTENT}/*`, () => HttpResponse.json({ message: "not found" }, { status: 404 })),
]);

const args = (request: Request) => ({ request, params: {}, context: {} });
const post = (cookie: string, path: string, fields: Array<[string, string]>) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Cookie: cookie, origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
type Loaded = { data: Record<string, unknown>; init?: { status?: number } };

describe("/reduced-rates", () => {
  it("asks the upstream for the URL's filters, the month as a date range, and shows the count", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: profile() });
    const loaded = (await list.loader(
      args(getWithCookie(cookie, "/reduced-rates?brand=R&month=2026-06&sort=rate&order=desc&ship=junk!")),
    )) as Record<string, unknown>;
    const call = calls.find((c) => c.startsWith("GET /reduced-rates/sailings?"));
    expect(call).toBeDefined();
    const query = new URLSearchParams(call!.split("?")[1]);
    expect(Object.fromEntries(query)).toMatchObject({
      brand: "R",
      from: "2026-06-01",
      to: "2026-06-30",
      sort: "rate",
      order: "desc",
      page: "1",
    });
    expect(query.has("ship")).toBe(false);
    expect(loaded.found).toMatchObject({ total: 1, items: [{ sailingId: "RC-ALL-20260601" }] });
    expect(loaded.ships).toEqual([{ value: "AL", label: "Allure of the Seas (Royal Caribbean)" }]);
  });

  it("a page past the last shows the last, with a notice", async () => {
    upstream(
      http.get(`${API}/reduced-rates/sailings`, ({ request }) => {
        const asked = Number(new URL(request.url).searchParams.get("page"));
        return HttpResponse.json({
          data: page(asked === 2 ? [sailing()] : [], { total: 21, page: asked, pageCount: 2 }),
        });
      }),
    );
    const { cookie } = await signedInSession({ profile: profile() });
    const loaded = (await list.loader(args(getWithCookie(cookie, "/reduced-rates?page=9")))) as Record<string, unknown>;
    expect((loaded.search as { page: number }).page).toBe(2);
    expect(loaded.notices).toEqual(["There are 2 pages of sailings, so this is the last."]);
  });

  it("nothing found names what to widen", async () => {
    upstream(http.get(`${API}/reduced-rates/sailings`, () => HttpResponse.json({ data: page([]) })));
    const { cookie } = await signedInSession({ profile: profile() });
    const loaded = (await list.loader(args(getWithCookie(cookie, "/reduced-rates?brand=V")))) as Record<
      string,
      unknown
    >;
    expect(loaded.hints).toEqual([{ text: "search every cruise line, not only Silversea", href: "/reduced-rates" }]);
  });

  it("an upstream that is down leaves the page with a notice, not a 500", async () => {
    upstream(http.get(`${API}/reduced-rates/sailings`, () => HttpResponse.json({}, { status: 503 })));
    const { cookie } = await signedInSession({ profile: profile() });
    const loaded = (await list.loader(args(getWithCookie(cookie, "/reduced-rates")))) as Record<string, unknown>;
    expect(loaded.found).toBeNull();
  });

  it("an answer of the wrong shape is treated as unavailable", async () => {
    upstream(http.get(`${API}/reduced-rates/sailings`, () => HttpResponse.json({ data: { items: "nope" } })));
    const { cookie } = await signedInSession({ profile: profile() });
    const loaded = (await list.loader(args(getWithCookie(cookie, "/reduced-rates")))) as Record<string, unknown>;
    expect(loaded.found).toBeNull();
  });
});

describe("/reduced-rates: the agent's own requests", () => {
  it("keeps the upstream's mark of the agent's request on each sailing, from the one list answer", async () => {
    const mine = {
      requestId: "7",
      status: "REQUESTED",
      cabinClass: "INTERIOR",
      requestedAt: "2026-11-24T09:00:00.000Z",
      decidedAt: null,
    };
    upstream(
      http.get(`${API}/reduced-rates/sailings`, () =>
        HttpResponse.json({
          data: page([sailing({ yourRequest: mine }), sailing({ sailingId: "RC-ALL-20260608", yourRequest: null })]),
        }),
      ),
    );
    const { cookie } = await signedInSession({ profile: profile() });
    const loaded = (await list.loader(args(getWithCookie(cookie, "/reduced-rates")))) as {
      found: { items: Array<{ sailingId: string; yourRequest: unknown }> };
    };
    expect(loaded.found.items.map((s) => s.yourRequest)).toEqual([mine, null]);
    // One call: the requests are not read a second time.
    expect(calls.filter((c) => c.startsWith("GET /reduced-rates/"))).toEqual([
      expect.stringMatching(/^GET \/reduced-rates\/sailings\?/),
    ]);
  });

  it("an answer without the mark (an older upstream) is read as no request", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: profile() });
    const loaded = (await list.loader(args(getWithCookie(cookie, "/reduced-rates")))) as {
      found: { items: Array<{ yourRequest: unknown }> };
    };
    expect(loaded.found.items[0]?.yourRequest).toBeNull();
  });
});

describe("/reduced-rates/sailings.csv", () => {
  it("streams every page of the same filters and sort as CSV, with the agent's requests and formulas made inert", async () => {
    const asked: Array<Record<string, string>> = [];
    upstream(
      http.get(`${API}/reduced-rates/sailings`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(Object.fromEntries(query));
        const n = Number(query.get("page"));
        const items =
          n === 1
            ? [
                sailing({
                  yourRequest: {
                    requestId: "7",
                    status: "APPROVED",
                    cabinClass: "INTERIOR",
                    requestedAt: "2026-11-20T09:00:00.000Z",
                    decidedAt: "2026-11-22T09:00:00.000Z",
                  },
                }),
                sailing({ sailingId: "RC-ALL-20260608", shipName: '=HYPERLINK("x")' }),
              ]
            : [sailing({ sailingId: "RC-ALL-20260615", rateType: "FAM" })];
        return HttpResponse.json({ data: page(items, { total: 201, page: n, pageSize: 100, pageCount: 3 }) });
      }),
    );
    const { cookie } = await signedInSession({ profile: profile() });
    const response = (await csv.loader(
      args(
        getWithCookie(
          cookie,
          "/reduced-rates/sailings.csv?brand=R&month=2026-06&rateType=AGENT&sort=rate&order=desc&page=4",
        ),
      ),
    )) as Response;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="reduced-rates-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(asked.map((q) => q.page)).toEqual(["1", "2", "3"]);
    for (const q of asked) {
      expect(q).toMatchObject({
        brand: "R",
        rateType: "AGENT",
        from: "2026-06-01",
        to: "2026-06-30",
        sort: "rate",
        order: "desc",
        pageSize: "100",
      });
    }
    expect(lines).toHaveLength(1 + 4);
    expect(lines[0]).toBe(
      "Sailing,Ship,Cruise line,Sail date,Return date,Nights,Destination,Departure port,Rate type," +
        "Interior per guest,Ocean view per guest,Balcony per guest,Currency,Request by,Your request",
    );
    expect(lines[1]).toBe(
      "RC-ALL-20260601,Allure of the Seas,Royal Caribbean,01JUN2026,08JUN2026,7,Caribbean,Miami,Agent rate,420,,780,USD,18MAY2026,Approved",
    );
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[2]).toMatch(/,$/);
    expect(lines[4]).toContain(",Familiarisation (FAM) rate,");
  });

  it("an upstream that is down is an error page, not a cut-off file", async () => {
    upstream(http.get(`${API}/reduced-rates/sailings`, () => HttpResponse.error()));
    const { cookie } = await signedInSession({ profile: profile() });
    expect(statusOf(await thrown(csv.loader(args(getWithCookie(cookie, "/reduced-rates/sailings.csv")))))).toBe(503);
  });

  it("a signed-out request is sent to sign in, with no call upstream", async () => {
    upstream();
    const error = await thrown(csv.loader(args(new Request("http://localhost/reduced-rates/sailings.csv"))));
    expect(statusOf(error)).toBe(302);
    expect(calls).toEqual([]);
  });
});

describe("the rate in the agent's primary currency (an estimate)", () => {
  const primaryGbp = () => profile({ currencies: [{ currencyCode: "GBP", primaryCurrency: true }] });
  const rates = [{ base: "USD", date: "2026-11-20", rates: { EUR: 0.9, GBP: 0.8 } }];

  // The failures first: a good answer is then kept an hour in the cache.
  it("a forex failure leaves the US-dollar figures alone, the page still shown", async () => {
    upstream(http.get(`${API}/api/forex`, () => HttpResponse.json({}, { status: 500 })));
    const { cookie } = await signedInSession({ profile: primaryGbp() });
    const one = (await requestPage.loader(
      args(getWithCookie(cookie, "/reduced-rates/request?sailing=RC-ALL-20260601")),
    )) as unknown as Loaded;
    expect(one.data).toMatchObject({ sailing: { sailingId: "RC-ALL-20260601" }, estimate: null });
    const mine = (await requestsPage.loader(args(getWithCookie(cookie, "/reduced-rates/requests")))) as Record<
      string,
      unknown
    >;
    expect(mine).toMatchObject({ requests: [{ requestId: "7" }], estimate: null });
  });

  it("a USD agent asks no exchange rate", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: profile() });
    const mine = (await requestsPage.loader(args(getWithCookie(cookie, "/reduced-rates/requests")))) as Record<
      string,
      unknown
    >;
    expect(mine.estimate).toBeNull();
    expect(calls.some((c) => c.includes("/api/forex"))).toBe(false);
  });

  it("an agent paying in GBP sees the dollar rate also as an estimate in pounds, on the form and the list", async () => {
    upstream(http.get(`${API}/api/forex`, () => HttpResponse.json(rates)));
    const { cookie } = await signedInSession({ profile: primaryGbp() });
    const one = (await requestPage.loader(
      args(getWithCookie(cookie, "/reduced-rates/request?sailing=RC-ALL-20260601")),
    )) as unknown as Loaded;
    expect(one.data.estimate).toEqual({ code: "GBP", rate: 0.8, rateDate: "2026-11-20" });
    const mine = (await requestsPage.loader(args(getWithCookie(cookie, "/reduced-rates/requests")))) as Record<
      string,
      unknown
    >;
    expect(mine.estimate).toEqual({ code: "GBP", rate: 0.8, rateDate: "2026-11-20" });
  });
});

describe("/reduced-rates/request", () => {
  it("shows the sailing and its rates", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: profile() });
    const loaded = (await requestPage.loader(
      args(getWithCookie(cookie, "/reduced-rates/request?sailing=RC-ALL-20260601")),
    )) as unknown as Loaded;
    expect(loaded.data).toMatchObject({ refusal: null, sailing: { sailingId: "RC-ALL-20260601" } });
  });

  it.each([
    ["a sailing that does not qualify", "?sailing=RC-XXX-20260601", 404, /no reduced rate for travel professionals/],
    ["a malformed sailing id", "?sailing=%3Cscript%3E", 404, /Choose a sailing/],
    ["no sailing", "", 400, /Choose a sailing/],
  ])("%s is a clear message (%i), no call for junk", async (_what, query, status, message) => {
    upstream();
    const { cookie } = await signedInSession({ profile: profile() });
    const loaded = (await requestPage.loader(
      args(getWithCookie(cookie, `/reduced-rates/request${query}`)),
    )) as unknown as Loaded;
    expect(statusOf(loaded)).toBe(status);
    expect(loaded.data.sailing).toBeNull();
    expect(loaded.data.refusal).toMatch(message);
  });

  it("sends a request with a companion and goes to the requests with it marked", async () => {
    upstream(
      http.post(`${API}/reduced-rates/requests`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ data: rateRequest({ requestId: "12" }) }, { status: 201 });
      }),
    );
    const { cookie } = await signedInSession({ profile: profile() });
    const response = (await requestPage.action(
      args(
        post(cookie, "/reduced-rates/request?sailing=RC-ALL-20260601", [
          ["sailingId", "RC-ALL-20260601"],
          ["cabinClass", "INTERIOR"],
          ["companion", "yes"],
          ["companionName", " Sam Stone "],
          ["companionRelation", "PARTNER"],
        ]),
      ),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/reduced-rates/requests?requested=12");
    expect(bodies).toEqual([
      { sailingId: "RC-ALL-20260601", cabinClass: "INTERIOR", companion: { name: "Sam Stone", relation: "PARTNER" } },
    ]);
  });

  it("a form without a cabin class or companion name is refused before the upstream, keeping what was typed", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: profile() });
    const result = (await requestPage.action(
      args(
        post(cookie, "/reduced-rates/request?sailing=RC-ALL-20260601", [
          ["sailingId", "RC-ALL-20260601"],
          ["companion", "yes"],
          ["companionName", ""],
          ["companionRelation", "FRIEND"],
        ]),
      ),
    )) as unknown as Loaded;
    expect(statusOf(result)).toBe(400);
    const body = result.data as { typed: Record<string, string>; fieldErrors: Record<string, string[]> };
    expect(Object.keys(body.fieldErrors).sort()).toEqual(["cabinClass", "companionName"]);
    expect(body.typed).toMatchObject({ companion: "yes", companionRelation: "FRIEND" });
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual([]);
  });

  it.each([
    [409, "NOT_QUALIFYING", "error", /no reduced rate for travel professionals/],
    [409, "DEADLINE_PASSED", "error", /request deadline has passed/],
    [409, "ALREADY_REQUESTED", "error", /already requested/],
    [409, "TOO_MANY_OPEN", "error", /waiting for a decision/],
    [409, "CLASS_NOT_OFFERED", "cabinClass", /no reduced rate in that cabin class/],
  ])("an upstream %i %s is a clear message that keeps the input", async (status, code, where, message) => {
    upstream(http.post(`${API}/reduced-rates/requests`, () => refusal(status, code)));
    const { cookie } = await signedInSession({ profile: profile() });
    const result = (await requestPage.action(
      args(
        post(cookie, "/reduced-rates/request?sailing=RC-ALL-20260601", [
          ["sailingId", "RC-ALL-20260601"],
          ["cabinClass", "BALCONY"],
          ["companion", "no"],
        ]),
      ),
    )) as unknown as Loaded;
    expect(statusOf(result)).toBe(status);
    const body = result.data as {
      typed: Record<string, string>;
      error: string | null;
      fieldErrors: Record<string, string[]>;
    };
    expect(body.typed.cabinClass).toBe("BALCONY");
    if (where === "error") expect(body.error).toMatch(message);
    else expect(body.fieldErrors.cabinClass?.[0]).toMatch(message);
  });

  it("an upstream failure is a retry message (502), never a 500", async () => {
    upstream(http.post(`${API}/reduced-rates/requests`, () => HttpResponse.json({}, { status: 500 })));
    const { cookie } = await signedInSession({ profile: profile() });
    const result = (await requestPage.action(
      args(
        post(cookie, "/reduced-rates/request", [
          ["sailingId", "RC-ALL-20260601"],
          ["cabinClass", "INTERIOR"],
          ["companion", "no"],
        ]),
      ),
    )) as unknown as Loaded;
    expect(statusOf(result)).toBe(502);
    expect((result.data as { error: string }).error).toMatch(/try again/);
  });
});

describe("/reduced-rates/requests", () => {
  it("lists the agent's requests and marks the one just made", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: profile() });
    const loaded = (await requestsPage.loader(
      args(getWithCookie(cookie, "/reduced-rates/requests?requested=7&withdrawn=99")),
    )) as Record<string, unknown>;
    expect(loaded.requests).toMatchObject([{ requestId: "7", status: "REQUESTED" }]);
    expect(loaded.requested).toBe("7");
    // An id that is not one of the agent's requests is not confirmed.
    expect(loaded.withdrawn).toBeNull();
  });

  it("withdraws a request and comes back with it marked", async () => {
    upstream(
      http.post(`${API}/reduced-rates/requests/7/withdraw`, () =>
        HttpResponse.json({ data: rateRequest({ status: "WITHDRAWN", withdrawnAt: "2026-03-02T11:00:00.000Z" }) }),
      ),
    );
    const { cookie } = await signedInSession({ profile: profile() });
    const response = (await requestsPage.action(
      args(post(cookie, "/reduced-rates/requests", [["requestId", "7"]])),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/reduced-rates/requests?withdrawn=7");
  });

  it.each([
    [409, "ALREADY_DECIDED", /already been decided/],
    [404, "NOT_FOUND", /no such reduced-rate request/],
  ])("a withdrawal refused with %i %s says so", async (status, code, message) => {
    upstream(http.post(`${API}/reduced-rates/requests/7/withdraw`, () => refusal(status, code)));
    const { cookie } = await signedInSession({ profile: profile() });
    const result = (await requestsPage.action(
      args(post(cookie, "/reduced-rates/requests", [["requestId", "7"]])),
    )) as unknown as Loaded;
    expect(statusOf(result)).toBe(status);
    expect((result.data as { error: string }).error).toMatch(message);
  });

  it("a junk request id is refused before the upstream", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: profile() });
    const result = (await requestsPage.action(
      args(post(cookie, "/reduced-rates/requests", [["requestId", "../7"]])),
    )) as unknown as Loaded;
    expect(statusOf(result)).toBe(400);
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual([]);
  });
});
