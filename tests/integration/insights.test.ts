import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import {
  catalogueHandlers,
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
const alertCentre = await import("~/routes/insights/alert-centre");
const reservations = await import("~/routes/insights/reservations");
const compensation = await import("~/routes/insights/future-compensation");
const overview = await import("~/routes/insights/overview");
const booking = await import("~/routes/insights/booking");
const branchPage = await import("~/routes/insights/view-another-branch");
const exportCsv = await import("~/routes/insights/export");
const home = await import("~/routes/home");

const API = "http://upstream.test";
const INSIGHT = `${API}/insight`;
const calls: string[] = [];
const server = mswUpstream(env, [calls]);

const branches = {
  home: "MIA",
  branches: [
    { code: "MIA", name: "Bayfront Cruise Vacations – Miami", city: "Miami", bookings: 900 },
    { code: "FLL", name: "Bayfront Cruise Vacations – Fort Lauderdale", city: "Fort Lauderdale", bookings: 600 },
  ],
};
const alert = (overrides: Record<string, unknown> = {}) => ({
  alertId: "AL-1",
  type: "FINAL_PAYMENT_DUE",
  key: "finalPaymentDue",
  dueDate: "2026-11-30",
  bookingId: "BK100001",
  groupId: null,
  brand: "R",
  shipCode: "OA",
  shipName: "Oasis of the Seas",
  sailDate: "2027-01-10",
  leadGuest: "Rivera, Ana",
  amountDue: 1234.5,
  currency: "USD",
  flexPay: true,
  enrolment: "Enrolled",
  depositExpiring: false,
  ...overrides,
});
const page = <T>(items: T[], total = items.length, pageNo = 1) => ({
  data: { items, total, page: pageNo, pageSize: 25, pageCount: Math.ceil(total / 25) },
});
const catalogueReference = {
  window: { from: "2026-11-24", to: "2099-12-31" },
  brands: [],
  shipClasses: [],
  ships: [{ code: "OA", name: "Oasis of the Seas", brand: "R", shipClass: "Oasis" }],
  destinations: [],
};
const counts = ["FINAL_PAYMENT_DUE", "EXPIRING_48_HOURS"].flatMap((type) =>
  ["NEXT_10_DAYS", "DAYS_11_TO_30", "DAYS_31_TO_60", "DAYS_61_TO_90", "MORE_THAN_90_DAYS"].map((timeframe, i) => ({
    type,
    timeframe,
    count: type === "EXPIRING_48_HOURS" ? (i === 0 ? 2 : 0) : 10 + i,
  })),
);
const summary = {
  branch: "MIA",
  today: "2026-11-24",
  counts,
  urgent: [alert({ alertId: "AL-9", type: "EXPIRING_48_HOURS", key: "expiringIn48Hours", dueDate: "2026-11-25" })],
  urgentTotal: 2,
  bookingsByMonth: [
    { month: "2026-11", R: 10, C: 5, V: 1 },
    { month: "2026-12", R: 20, C: 0, V: 3 },
  ],
};

const upstream = upstreamMock(server, calls, () => [
  http.get(`${INSIGHT}/branches`, () => HttpResponse.json({ data: branches })),
  ...catalogueHandlers(API, catalogueReference),
  http.get(`${API}/api/royal/content/*`, () => HttpResponse.json({}, { status: 404 })),
  // The home queue's price-drop count (tests/integration/price-drops.test.ts has its own).
  http.get(`${INSIGHT}/price-drops`, () => HttpResponse.json(page([]))),
]);
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
const insightAgent = (overrides: Record<string, unknown> = {}) =>
  profile({ allowedApplicationTools: [{ toolCode: "INSIGHT" }], ...overrides });
// The client caches an agent's answers for 30 s by username: each test signs in as someone new.
let agents = 0;
const signIn = (p: Record<string, unknown>) => signedInSession({ profile: p, auth: { username: `agent.${++agents}` } });
const queryOf = (prefix: string) =>
  new URL(calls.find((c) => c.startsWith(`GET ${prefix}`))!.slice(4), API).searchParams;

describe("/insights/alert-centre", () => {
  it("asks for the home branch's alerts due in the next 10 days, 25 a page, by due date", async () => {
    upstream(http.get(`${INSIGHT}/alerts`, () => HttpResponse.json(page([alert()], 40))));
    const { cookie } = await signIn(insightAgent());
    const data = await alertCentre.loader(args(getWithCookie(cookie, "/insights/alert-centre")));
    expect(Object.fromEntries(queryOf("/insight/alerts"))).toEqual({
      branch: "MIA",
      timeframe: "NEXT_10_DAYS",
      sort: "dueDate",
      order: "asc",
      page: "1",
      pageSize: "25",
    });
    expect(data.found?.total).toBe(40);
    expect(data.branch).toMatchObject({ code: "MIA", canSwitch: true });
    expect(data.flexPay).toBe(true);
  });

  it("a group of alert types reaches the API as its concrete types; junk becomes notices, not errors", async () => {
    upstream(http.get(`${INSIGHT}/alerts`, () => HttpResponse.json(page([]))));
    const { cookie } = await signIn(insightAgent());
    const data = await alertCentre.loader(
      args(getWithCookie(cookie, "/insights/alert-centre?type=FINANCIAL_ALERTS&timeframe=SOON&ship=ZZ&page=x")),
    );
    expect(queryOf("/insight/alerts").get("type")).toBe(
      "FINAL_PAYMENT_DUE,BALANCE_DUE,EXPIRING_DEPOSIT,FCC,CREDIT_EXPIRING_SOON",
    );
    expect(queryOf("/insight/alerts").get("timeframe")).toBe("NEXT_10_DAYS");
    expect(data.notices).toHaveLength(2);
    expect(data.widen.map((w) => w.label)).toContain("Due: Any time");
  });

  it("without flex pay access (a GBR agent) the flex pay filter is neither offered nor sent", async () => {
    upstream(http.get(`${INSIGHT}/alerts`, () => HttpResponse.json(page([alert()]))));
    const { cookie } = await signIn(insightAgent({ countryCode: "GBR" }));
    const data = await alertCentre.loader(args(getWithCookie(cookie, "/insights/alert-centre?flexPay=true")));
    expect(data.flexPay).toBe(false);
    expect(queryOf("/insight/alerts").has("flexPay")).toBe(false);
  });

  it.each([
    ["down", () => HttpResponse.error()],
    ["malformed", () => HttpResponse.json({ data: { items: "nope" } })],
    ["failing", () => HttpResponse.json({}, { status: 500 })],
  ])("the insight API %s leaves the page standing with its filters (found: null)", async (_, answer) => {
    upstream(http.get(`${INSIGHT}/alerts`, answer));
    const { cookie } = await signIn(insightAgent());
    const data = await alertCentre.loader(args(getWithCookie(cookie, "/insights/alert-centre?type=FCC&brand=C")));
    expect(data.found).toBeNull();
    expect(data.search.filters).toMatchObject({ type: "FCC", brand: "C" });
  });

  it("an agent without INSIGHT is sent to /home", async () => {
    upstream();
    const { cookie } = await signIn(profile({ allowedApplicationTools: [] }));
    const error = await thrown(alertCentre.loader(args(getWithCookie(cookie, "/insights/alert-centre"))));
    expect(statusOf(error)).toBe(302);
    expect((error as Response).headers.get("Location")).toBe("/home");
  });
});

describe("the other lists", () => {
  it("reservations send the reservation type and a surname search", async () => {
    upstream(http.get(`${INSIGHT}/bookings`, () => HttpResponse.json(page([]))));
    const { cookie } = await signIn(insightAgent());
    await reservations.loader(
      args(getWithCookie(cookie, "/insights/individual-and-group-reservations?reservationType=GROUP&q=Rivera")),
    );
    expect(Object.fromEntries(queryOf("/insight/bookings"))).toMatchObject({ reservationType: "GROUP", q: "Rivera" });
  });

  it("future compensation shows commission by default and credits with view=credits", async () => {
    upstream(
      http.get(`${INSIGHT}/commissions`, () => HttpResponse.json(page([]))),
      http.get(`${INSIGHT}/credits`, () => HttpResponse.json(page([]))),
    );
    const { cookie } = await signIn(insightAgent());
    const commission = await compensation.loader(args(getWithCookie(cookie, "/insights/future-compensation")));
    expect(commission.list).toBe("commissions");
    const credits = await compensation.loader(
      args(getWithCookie(cookie, "/insights/future-compensation?view=credits&timeframe=EXPIRED_WITHIN_120_DAYS")),
    );
    expect(credits.list).toBe("credits");
    expect(queryOf("/insight/credits").get("timeframe")).toBe("EXPIRED_WITHIN_120_DAYS");
  });
});

describe("/insights/view-another-branch", () => {
  const post = (cookie: string, fields: Record<string, string>) =>
    new Request("http://localhost/insights/view-another-branch", {
      method: "POST",
      headers: { Cookie: cookie, "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
      body: new URLSearchParams(fields),
    });

  it("a branch the agent may see is kept, and every insights page then asks for it", async () => {
    upstream(http.get(`${INSIGHT}/alerts`, () => HttpResponse.json(page([alert()]))));
    const { cookie } = await signIn(insightAgent());
    const response = (await branchPage.action(
      args(post(cookie, { branch: "FLL", returnTo: "/insights/alert-centre?type=FCC" })),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/insights/alert-centre?type=FCC");
    const data = await alertCentre.loader(args(getWithCookie(cookie, "/insights/alert-centre")));
    expect(queryOf("/insight/alerts").get("branch")).toBe("FLL");
    expect(data.branch).toMatchObject({ code: "FLL", home: { code: "MIA" } });
  });

  it("a branch the agent may not see is refused and nothing changes; an outside returnTo is not followed", async () => {
    upstream(http.get(`${INSIGHT}/alerts`, () => HttpResponse.json(page([]))));
    const { cookie } = await signIn(insightAgent());
    const refused = await branchPage.action(args(post(cookie, { branch: "LON" })));
    expect(refused).toEqual({ error: "Choose one of the branches listed." });
    await alertCentre.loader(args(getWithCookie(cookie, "/insights/alert-centre")));
    expect(queryOf("/insight/alerts").get("branch")).toBe("MIA");
    const away = (await branchPage.action(
      args(post(cookie, { branch: "FLL", returnTo: "https://evil.example/x" })),
    )) as Response;
    expect(away.headers.get("Location")).toBe("/insights/overview");
  });
});

/** A booking as the insight API answers it. */
const bookingDetail = () => ({
  ...alert(),
  status: "OPEN",
  nights: 7,
  guestCount: 2,
  totalRooms: 1,
  totalPrice: 5000,
  amountPaid: 1000,
  amountDue: 4000,
  balanceDueDate: "2026-11-30",
  compensationType: "STANDARD",
  commission: 500,
  sailingId: "OA-20270110",
  cabinClass: "BALCONY",
  departurePort: "Miami",
  cancelledOn: null,
  branch: "MIA",
  guests: [{ guestId: "G1", givenName: "Ana", surname: "Rivera", age: 40, loyaltyNumber: null }],
  payments: [{ paidOn: "2026-06-01", amount: 1000, method: "CARD", paymentType: "D" }],
  alerts: [{ alertId: "AL-1", type: "FINAL_PAYMENT_DUE", key: "finalPaymentDue", dueDate: "2026-11-30" }],
  notes: [],
});

describe("/insights/booking/{id}", () => {
  it("shows the booking the API answers", async () => {
    const detail = bookingDetail();
    const redemption = {
      code: "RC-DEMO-0100",
      value: 100,
      currency: "USD",
      brand: "R",
      bookingId: "BK100001",
      redeemedAt: "2026-11-20T10:00:00.000Z",
      redeemedBy: "agent.usa",
      shipName: "Oasis of the Seas",
      sailDate: "2027-01-10",
      leadGuest: "Rivera",
    };
    upstream(
      http.get(`${INSIGHT}/bookings/BK100001`, () => HttpResponse.json({ data: detail })),
      http.get(`${API}/certificates/redemptions`, () => HttpResponse.json({ data: { items: [redemption] } })),
    );
    const { cookie } = await signIn(insightAgent());
    const data = await booking.loader(
      args(getWithCookie(cookie, "/insights/booking/BK100001"), { bookingId: "BK100001" }),
    );
    expect(data.booking.bookingId).toBe("BK100001");
    // A redeemed certificate shows on the booking (asked for this booking only).
    expect(data.certificates).toEqual([redemption]);
    expect(calls).toContain("GET /certificates/redemptions?bookingId=BK100001");
  });

  it.each([
    ["without GUEST-DOCS", [{ toolCode: "INSIGHT" }], false],
    ["with GUEST-DOCS", [{ toolCode: "INSIGHT" }, { toolCode: "GUEST-DOCS" }], true],
  ])("offers the booking's travel documents only to an agent with the tool (%s)", async (_, tools, offered) => {
    upstream(
      http.get(`${INSIGHT}/bookings/BK100001`, () => HttpResponse.json({ data: bookingDetail() })),
      http.get(`${API}/certificates/redemptions`, () => HttpResponse.json({ data: { items: [] } })),
    );
    const { cookie } = await signIn(insightAgent({ allowedApplicationTools: tools }));
    const data = await booking.loader(
      args(getWithCookie(cookie, "/insights/booking/BK100001"), { bookingId: "BK100001" }),
    );
    expect(data.guestDocs).toBe(offered);
  });

  it("still shows the booking when the certificates cannot be read", async () => {
    upstream(
      http.get(`${INSIGHT}/bookings/BK100001`, () => HttpResponse.json({ data: bookingDetail() })),
      http.get(`${API}/certificates/redemptions`, () => HttpResponse.json({}, { status: 503 })),
    );
    const { cookie } = await signIn(insightAgent());
    const data = await booking.loader(
      args(getWithCookie(cookie, "/insights/booking/BK100001"), { bookingId: "BK100001" }),
    );
    expect(data.booking.bookingId).toBe("BK100001");
    expect(data.certificates).toBeNull();
  });

  it.each([
    ["another agency's booking (the API's 404)", "BK999999", true],
    ["an id that cannot be one (no call made)", "../../etc", false],
  ])("%s is not found", async (_, bookingId, called) => {
    upstream(
      http.get(`${INSIGHT}/bookings/:id`, () => HttpResponse.json({}, { status: 404 })),
      http.get(`${API}/certificates/redemptions`, () => HttpResponse.json({ data: { items: [] } })),
    );
    const { cookie } = await signIn(insightAgent());
    const error = await thrown(booking.loader(args(getWithCookie(cookie, "/insights/booking/x"), { bookingId })));
    expect(statusOf(error)).toBe(404);
    expect(calls.some((c) => c.includes("/insight/bookings/"))).toBe(called);
  });
});

describe("CSV export", () => {
  it("streams every row of the same search, as CSV, from the API's NDJSON export", async () => {
    const rows = Array.from({ length: 3 }, (_, i) =>
      JSON.stringify(alert({ alertId: `AL-${i}`, bookingId: `BK${i}` })),
    );
    upstream(
      http.get(
        `${INSIGHT}/alerts/export`,
        () => new HttpResponse(rows.join("\n") + "\n", { headers: { "content-type": "application/x-ndjson" } }),
      ),
    );
    const { cookie } = await signIn(insightAgent());
    const response = (await exportCsv.loader(
      args(getWithCookie(cookie, "/insights/export/alerts?type=FINAL_PAYMENT_DUE"), { list: "alerts" }),
    )) as Response;
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    const text = await response.text();
    const lines = text.trim().split(/\r\n/);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain("Due,Alert,Booking");
    expect(lines[1]).toContain("30NOV2026,Final payment due,BK0");
    expect(queryOf("/insight/alerts/export").get("type")).toBe("FINAL_PAYMENT_DUE");
    expect(queryOf("/insight/alerts/export").has("page")).toBe(false);
  });

  it("10,000 rows stream through: the API's lines arrive in chunks and leave as CSV rows, none held back", async () => {
    const line = (i: number) => `${JSON.stringify(alert({ alertId: `AL-${i}`, bookingId: `BK${i}` }))}\n`;
    const encoder = new TextEncoder();
    let sent = 0;
    upstream(
      http.get(
        `${INSIGHT}/alerts/export`,
        () =>
          new HttpResponse(
            new ReadableStream({
              // 100 lines a chunk, each pulled only when the portal asks for more.
              pull(controller) {
                if (sent >= 10_000) return controller.close();
                let chunk = "";
                for (let i = 0; i < 100; i++) chunk += line(sent++);
                controller.enqueue(encoder.encode(chunk));
              },
            }),
            { headers: { "content-type": "application/x-ndjson" } },
          ),
      ),
    );
    const { cookie } = await signIn(insightAgent());
    const response = (await exportCsv.loader(
      args(getWithCookie(cookie, "/insights/export/alerts?timeframe=ALL"), { list: "alerts" }),
    )) as Response;
    // Only the first chunk has been read when the response starts.
    expect(sent).toBeLessThan(10_000);
    let rows = 0;
    const decoder = new TextDecoder();
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      rows += (decoder.decode(chunk, { stream: true }).match(/\r\n/g) ?? []).length;
    }
    expect(sent).toBe(10_000);
    expect(rows).toBe(10_001);
  });

  it("a refusal before the first row is an error page, not a cut file", async () => {
    upstream(http.get(`${INSIGHT}/alerts/export`, () => HttpResponse.json({}, { status: 503 })));
    const { cookie } = await signIn(insightAgent());
    const error = await thrown(
      exportCsv.loader(args(getWithCookie(cookie, "/insights/export/alerts"), { list: "alerts" })),
    );
    expect(statusOf(error)).toBe(503);
  });

  it("coupon details need COUPON too; an unknown list is not found", async () => {
    upstream();
    const { cookie } = await signIn(insightAgent());
    const refused = await thrown(
      exportCsv.loader(args(getWithCookie(cookie, "/insights/export/coupons"), { list: "coupons" })),
    );
    expect((refused as Response).headers.get("Location")).toBe("/home");
    const unknown = await thrown(
      exportCsv.loader(args(getWithCookie(cookie, "/insights/export/secrets"), { list: "secrets" })),
    );
    expect(statusOf(unknown)).toBe(404);
  });
});

describe("the overview and the home page's action queue", () => {
  it("the overview has the count grid, the urgent alerts and the chart", async () => {
    upstream(http.get(`${INSIGHT}/alerts/summary`, () => HttpResponse.json({ data: summary })));
    const { cookie } = await signIn(insightAgent());
    const data = await overview.loader(args(getWithCookie(cookie, "/insights/overview")));
    expect(data.summary?.grid).toHaveLength(9);
    expect(data.summary?.urgentTotal).toBe(2);
    expect(data.summary?.chart.bars.length).toBe(5);
  });

  it("home lists what is due in the next 10 days, the 48-hour alerts first", async () => {
    upstream(
      http.get(`${INSIGHT}/alerts/summary`, () => HttpResponse.json({ data: summary })),
      http.get(`${API}/api/forex`, () => HttpResponse.json([{ base: "USD", date: "2026-11-20", rates: {} }])),
      http.get(`${API}/api/weather/*`, () => HttpResponse.json([], { status: 503 })),
    );
    const { cookie } = await signIn(insightAgent());
    const data = await home.loader(args(getWithCookie(cookie, "/home")));
    expect(data.queue).toMatchObject({ state: "ready", urgentTotal: 2 });
    expect(data.queue?.state === "ready" && data.queue.items.map((i) => i.type)).toEqual([
      "EXPIRING_48_HOURS",
      "FINAL_PAYMENT_DUE",
    ]);
  });

  it("home stays up when the insight API is down, and asks nothing for an agent without INSIGHT", async () => {
    upstream(
      http.get(`${INSIGHT}/alerts/summary`, () => HttpResponse.error()),
      http.get(`${API}/api/forex`, () => HttpResponse.json([{ base: "USD", date: "2026-11-20", rates: {} }])),
      http.get(`${API}/api/weather/*`, () => HttpResponse.json([], { status: 503 })),
    );
    const { cookie } = await signIn(insightAgent());
    const down = await home.loader(args(getWithCookie(cookie, "/home")));
    expect(down.queue).toEqual({ state: "unavailable" });
    calls.length = 0;
    const basic = await signIn(profile({ allowedApplicationTools: [] }));
    const none = await home.loader(args(getWithCookie(basic.cookie, "/home")));
    expect(none.queue).toBeNull();
    expect(calls.some((c) => c.includes("/insight/"))).toBe(false);
  });
});
