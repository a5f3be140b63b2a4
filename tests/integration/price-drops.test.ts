import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import {
  catalogueHandlers,
  getWithCookie,
  mswUpstream,
  portalEnv,
  profile,
  signedInSession,
  upstreamMock,
} from "./harness";

/**
 * The price-drop watch in the portal: /insights/price-drops (a work list like the other insights lists), its
 * CSV, and the home action queue's count. The insight API is mocked.
 */
const env = portalEnv();
const priceDrops = await import("~/routes/insights/price-drops");
const exportCsv = await import("~/routes/insights/export");
const home = await import("~/routes/home");
const { isoDay } = await import("~/domain/dates");

const API = "http://upstream.test";
const INSIGHT = `${API}/insight`;
const calls: string[] = [];
const server = mswUpstream(env, [calls]);

const branches = {
  home: "MIA",
  branches: [{ code: "MIA", name: "Bayfront Cruise Vacations – Miami", city: "Miami", bookings: 900 }],
};
const catalogueReference = {
  window: { from: "2026-11-24", to: "2099-12-31" },
  brands: [],
  shipClasses: [],
  ships: [{ code: "OA", name: "Oasis of the Seas", brand: "R", shipClass: "Oasis" }],
  destinations: [],
};
const later = "2099-01-15";
const drop = (overrides: Record<string, unknown> = {}) => ({
  bookingId: "3104001",
  groupId: null,
  brand: "R",
  shipCode: "OA",
  shipName: "Oasis of the Seas",
  sailDate: "2099-03-01",
  cabinClass: "BALCONY",
  guests: 2,
  leadGuest: "Rivera, Ana",
  currency: "USD",
  bookedOn: "2026-06-01",
  finalPaymentDate: later,
  bookedFare: 2400,
  currentFare: 2160,
  saving: 240,
  offerCode: "WAVE26",
  offerName: "Wave Season",
  fareSince: "2026-11-20",
  ...overrides,
});
const page = <T>(items: T[], total = items.length) => ({
  data: { items, total, page: 1, pageSize: 25, pageCount: Math.ceil(total / 25) },
});

const upstream = upstreamMock(server, calls, () => [
  http.get(`${INSIGHT}/branches`, () => HttpResponse.json({ data: branches })),
  ...catalogueHandlers(API, catalogueReference),
  http.get(`${API}/api/royal/content/*`, () => HttpResponse.json({}, { status: 404 })),
]);
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
const insightAgent = () => profile({ allowedApplicationTools: [{ toolCode: "INSIGHT" }] });
let agents = 0;
const signIn = () => signedInSession({ profile: insightAgent(), auth: { username: `drops.${++agents}` } });
const queryOf = (prefix: string) =>
  new URL(calls.find((c) => c.startsWith(`GET ${prefix}`))!.slice(4), API).searchParams;

describe("/insights/price-drops", () => {
  it("asks for the branch's drops of at least PRICE_DROP_MINIMUM, the earliest final payment first, 25 a page", async () => {
    upstream(http.get(`${INSIGHT}/price-drops`, () => HttpResponse.json(page([drop()], 30))));
    const { cookie } = await signIn();
    const data = await priceDrops.loader(args(getWithCookie(cookie, "/insights/price-drops")));
    expect(Object.fromEntries(queryOf("/insight/price-drops"))).toEqual({
      branch: "MIA",
      minSaving: "25",
      sort: "finalPaymentDate",
      order: "asc",
      page: "1",
      pageSize: "25",
    });
    expect(data.found?.total).toBe(30);
    expect(data.found?.items[0]).toMatchObject({ bookingId: "3104001", saving: 240 });
    expect(data.minimum).toBe(25);
  });

  it("sorts by saving and filters by cruise line through the URL; junk becomes notices", async () => {
    upstream(http.get(`${INSIGHT}/price-drops`, () => HttpResponse.json(page([]))));
    const { cookie } = await signIn();
    const data = await priceDrops.loader(
      args(getWithCookie(cookie, "/insights/price-drops?sort=saving&order=desc&brand=C&ship=ZZ")),
    );
    const query = queryOf("/insight/price-drops");
    expect(query.get("sort")).toBe("saving");
    expect(query.get("order")).toBe("desc");
    expect(query.get("brand")).toBe("C");
    expect(query.has("ship")).toBe(false);
    expect(data.notices.length).toBeGreaterThan(0);
  });

  it("never shows a row the rule refuses (another party, after final payment, or not lower) as a saving", async () => {
    const rows = [
      drop(),
      drop({ bookingId: "2", currentFare: 2400, saving: 0 }),
      drop({ bookingId: "3", finalPaymentDate: "2020-01-01" }),
      drop({ bookingId: "4", bookedFare: 2400, currentFare: 2390, saving: 10 }),
    ];
    upstream(http.get(`${INSIGHT}/price-drops`, () => HttpResponse.json(page(rows))));
    const { cookie } = await signIn();
    const data = await priceDrops.loader(args(getWithCookie(cookie, "/insights/price-drops")));
    expect(data.found?.items.map((r) => r.bookingId)).toEqual(["3104001"]);
    expect(isoDay() < later).toBe(true);
  });

  it("the insight API down leaves the page standing with its message (found is null)", async () => {
    upstream(http.get(`${INSIGHT}/price-drops`, () => HttpResponse.error()));
    const { cookie } = await signIn();
    const data = await priceDrops.loader(args(getWithCookie(cookie, "/insights/price-drops")));
    expect(data.found).toBeNull();
  });

  it("the CSV has every row of the same search, with the saving, the final payment date and the offer", async () => {
    upstream(
      http.get(
        `${INSIGHT}/price-drops/export`,
        () =>
          new HttpResponse(`${JSON.stringify(drop())}\n${JSON.stringify(drop({ bookingId: "3104002" }))}\n`, {
            headers: { "content-type": "application/x-ndjson" },
          }),
      ),
    );
    const { cookie } = await signIn();
    const response = (await exportCsv.loader(
      args(getWithCookie(cookie, "/insights/export/price-drops?sort=saving&order=desc"), { list: "price-drops" }),
    )) as Response;
    const lines = (await response.text()).trim().split(/\r\n/);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe("Final payment,Booking,Ship,Sails,Stateroom,Booked fare,Fare now,Saving,Offer");
    expect(lines[1]).toContain("15JAN2099,3104001");
    expect(lines[1]).toContain("2400.00 USD,2160.00 USD,240.00 USD,Wave Season (WAVE26)");
    expect(queryOf("/insight/price-drops/export").get("minSaving")).toBe("25");
    expect(queryOf("/insight/price-drops/export").get("sort")).toBe("saving");
  });
});

describe("the home page's action queue", () => {
  const homeHandlers = [
    http.get(`${API}/api/forex`, () => HttpResponse.json([{ base: "USD", date: "2026-11-20", rates: {} }])),
    http.get(`${API}/api/weather/*`, () => HttpResponse.json([], { status: 503 })),
    http.get(`${INSIGHT}/alerts/summary`, () =>
      HttpResponse.json({
        data: { branch: "MIA", today: "2026-11-24", counts: [], urgent: [], urgentTotal: 0, bookingsByMonth: [] },
      }),
    ),
  ];

  it("counts the branch's price drops (one row asked for, the total read)", async () => {
    upstream(
      ...homeHandlers,
      http.get(`${INSIGHT}/price-drops`, () => HttpResponse.json(page([drop()], 17))),
    );
    const { cookie } = await signIn();
    const data = await home.loader(args(getWithCookie(cookie, "/home")));
    expect(data.queue).toMatchObject({ state: "ready", priceDrops: 17 });
    expect(queryOf("/insight/price-drops").get("pageSize")).toBe("1");
  });

  it("leaves the count out, not the queue, when the price drops cannot be had", async () => {
    upstream(
      ...homeHandlers,
      http.get(`${INSIGHT}/price-drops`, () => HttpResponse.error()),
    );
    const { cookie } = await signIn();
    const data = await home.loader(args(getWithCookie(cookie, "/home")));
    expect(data.queue).toMatchObject({ state: "ready", priceDrops: null });
  });
});
