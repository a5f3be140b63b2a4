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
const results = await import("~/routes/itinerary/results");
const detail = await import("~/routes/itinerary/detail");
const compare = await import("~/routes/itinerary/compare");
const csv = await import("~/routes/itinerary/results-csv");
const { SERVICE_UNAVAILABLE } = await import("~/domain/login-errors");

const API = "http://upstream.test";
const calls: string[] = [];
const server = mswUpstream(env, [calls]);

const reference = {
  window: { from: "2026-11-23", to: "2099-12-31" },
  brands: [
    { code: "R", name: "Royal Caribbean International" },
    { code: "C", name: "Celebrity Cruises" },
    { code: "V", name: "Silversea" },
  ],
  shipClasses: [{ name: "Oasis", brand: "R" }],
  ships: [{ code: "OA", name: "Oasis of the Seas", brand: "R", shipClass: "Oasis" }],
  destinations: [{ code: "CARIBBEAN", name: "Caribbean" }],
  voyageTypes: ["ROUNDTRIP", "ONEWAY"],
  tourTypes: ["CO", "CT"],
  cabinClasses: ["INTERIOR", "OUTSIDE", "BALCONY", "DELUXE"],
};
const port = { code: "MIA", name: "Miami", country: "United States" };
const summary = (sailDate: string) => ({
  sailingId: `OA${sailDate.replace(/-/g, "")}`,
  shipCode: "OA",
  shipName: "Oasis of the Seas",
  brand: "R",
  sailDate,
  returnDate: sailDate,
  nights: 7,
  destination: { code: "CARIBBEAN", name: "Caribbean" },
  departurePort: port,
  returnPort: port,
  ports: ["Cozumel", "Roatán"],
  voyageType: "ROUNDTRIP",
  tourType: "CO",
  refundability: "B",
  prices: [{ cabinClass: "BALCONY", pricePerGuest: 1000, availability: "OPEN" }],
  lowestPrice: 1000,
});
const fullSailing = {
  ...summary("2099-06-01"),
  prices: [
    {
      cabinClass: "BALCONY",
      pricePerGuest: 1000,
      additionalGuestPrice: 500,
      taxesAndFees: 150,
      deposit: 250,
      availability: "OPEN",
    },
  ],
  singleSupplementPercent: 100,
  finalPaymentDate: "2099-03-03",
  tour: null,
  days: [
    { day: 1, date: "2099-06-01", port, seaDay: false, arrival: null, departure: "16:00" },
    { day: 2, date: "2099-06-02", port: null, seaDay: true, arrival: null, departure: null },
  ],
};
const oasis = {
  code: "OA",
  name: "Oasis of the Seas",
  brand: "R",
  shipClass: "Oasis",
  yearBuilt: 2009,
  yearRefurbished: 2019,
  grossTonnage: 226838,
  guests: 5400,
  crew: 2394,
  decks: 16,
  lengthMetres: 361,
  imageUrl: "/catalogue/ships/OA/image.svg",
  destinations: ["CARIBBEAN"],
};
const rates = [{ base: "USD", date: "2026-11-20", rates: { EUR: 0.9, GBP: 0.8, SGD: 1.3 } }];

const upstream = upstreamMock(server, calls, () => [
  ...catalogueHandlers(API, reference),
  http.get(`${API}/promotions/reference`, () => HttpResponse.json({ data: promotionReference })),
  http.get(`${API}/promotions/offers`, () =>
    HttpResponse.json({ data: { items: [], total: 0, page: 1, pageSize: 100, pageCount: 0 } }),
  ),
  // The sailing page's fare chart: the same itinerary's other sailings.
  http.get(`${API}/catalogue/sailings`, () =>
    HttpResponse.json({ data: { items: [summary("2099-05-25")], total: 1, page: 1, pageSize: 40, pageCount: 1 } }),
  ),
]);
const promotionReference = {
  offerNames: ["Wave Season Sale"],
  offerTypes: [],
  audiences: [],
  regions: [{ code: "USA-FL", name: "Florida", country: "USA" }],
};
const get = getWithCookie;
const post = (cookie: string, fields: Record<string, string>) =>
  new Request("http://localhost/itineraries/compare", {
    method: "POST",
    headers: { Cookie: cookie, Origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
const args = (request: Request) => ({ request, params: {}, context: {} });

describe("/itinerary/results", () => {
  // First: the rates are then not yet in the portal's cache (an hour), which would otherwise serve them.
  it("without rates it shows US dollars and says so, rather than failing the page", async () => {
    upstream(
      http.get(`${API}/api/forex`, () => HttpResponse.json({}, { status: 500 })),
      http.get(`${API}/catalogue/sailings`, () =>
        HttpResponse.json({ data: { items: [], total: 0, page: 1, pageSize: 20, pageCount: 0 } }),
      ),
    );
    const { cookie } = await signedInSession({ profile: profile() });
    const data = await results.loader(args(get(cookie, "/itinerary/results?currency=EUR")));
    expect(data.currency.code).toBe("USD");
    expect(data.notices).toContain("Exchange rates are unavailable just now, so prices are shown in US dollars.");
  });

  it("sends the search to the catalogue in US dollars and shows it in the agent's currency with the rate date", async () => {
    upstream(
      http.get(`${API}/api/forex`, () => HttpResponse.json(rates)),
      http.get(`${API}/catalogue/sailings`, () =>
        HttpResponse.json({ data: { items: [summary("2099-06-01")], total: 1, page: 1, pageSize: 20, pageCount: 1 } }),
      ),
    );
    const primaryGbp = profile({ currencies: [{ currencyCode: "GBP", primaryCurrency: true }] });
    const { cookie } = await signedInSession({ profile: primaryGbp });
    const data = await results.loader(
      args(get(cookie, "/itinerary/results?priceMin=80&priceMax=800&cabinClass=BALCONY")),
    );
    expect(data.currency).toEqual({ code: "GBP", rate: 0.8, rateDate: "2026-11-20" });
    const search = calls.find((c) => c.startsWith("GET /catalogue/sailings"))!;
    expect(new URL(search.slice(4), API).searchParams.get("priceMin")).toBe("100");
    expect(new URL(search.slice(4), API).searchParams.get("priceMax")).toBe("1000");
    expect(data.found.total).toBe(1);
    expect(data.notices).toEqual([]);
  });

  it("a page past the last shows the last page, with a notice", async () => {
    const pages: string[] = [];
    upstream(
      http.get(`${API}/api/forex`, () => HttpResponse.json(rates)),
      http.get(`${API}/catalogue/sailings`, ({ request }) => {
        const page = new URL(request.url).searchParams.get("page")!;
        pages.push(page);
        const items = page === "3" ? [summary("2099-06-01")] : [];
        return HttpResponse.json({ data: { items, total: 41, page: Number(page), pageSize: 20, pageCount: 3 } });
      }),
    );
    const { cookie } = await signedInSession({ profile: profile() });
    const data = await results.loader(args(get(cookie, "/itinerary/results?page=50&departureDate=2099-05-01")));
    expect(pages).toEqual(["50", "3"]);
    expect(data.search.page).toBe(3);
    expect(data.notices).toContain("There are 3 pages of sailings, so this is the last.");
  });

  it("the catalogue down is a 503 with the service-unavailable message, not a 500", async () => {
    upstream(
      http.get(`${API}/api/forex`, () => HttpResponse.json(rates)),
      http.get(`${API}/catalogue/sailings`, () => HttpResponse.error()),
    );
    const { cookie } = await signedInSession({ profile: profile() });
    const error = await thrown(
      results.loader(args(get(cookie, "/itinerary/results?destination=CARIBBEAN&nights=1-5"))),
    );
    expect(statusOf(error)).toBe(503);
    expect((error as { data: unknown }).data).toEqual({ message: SERVICE_UNAVAILABLE, reference: null });
  });
});

describe("/itinerary/results.csv", () => {
  it("streams every page of the same search as CSV, in the shown currency, with formulas made inert", async () => {
    const pages: string[] = [];
    upstream(
      http.get(`${API}/api/forex`, () => HttpResponse.json(rates)),
      http.get(`${API}/catalogue/sailings`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        pages.push(`${query.get("page")}/${query.get("pageSize")}/${query.get("destination")}`);
        const page = Number(query.get("page"));
        const items =
          page === 1
            ? [summary("2099-06-01"), { ...summary("2099-06-08"), shipName: '=HYPERLINK("x")' }]
            : [summary("2099-06-15")];
        return HttpResponse.json({ data: { items, total: 201, page, pageSize: 100, pageCount: 3 } });
      }),
    );
    const { cookie } = await signedInSession({ profile: profile() });
    const response = (await csv.loader(
      args(get(cookie, "/itinerary/results.csv?destination=CARIBBEAN&currency=EUR&page=7")),
    )) as Response;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="sailings-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    const lines = text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(pages).toEqual(["1/100/CARIBBEAN", "2/100/CARIBBEAN", "3/100/CARIBBEAN"]);
    expect(lines).toHaveLength(1 + 4);
    expect(lines[0]).toMatch(/^Sailing,Ship,Cruise line,Sail date,Return date,Nights,Destination,/);
    expect(lines[0]).toContain("Balcony per guest (EUR),Balcony availability");
    expect(lines[1]).toMatch(
      /^OA20990601,Oasis of the Seas,Royal Caribbean,01JUN2099,01JUN2099,7,Caribbean,Miami,Cozumel; Roatán,Miami,Cruise only,Both,/,
    );
    expect(lines[1]).toContain(",900,Available,");
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it("a catalogue that is down is an error page, not a cut-off file", async () => {
    upstream(
      http.get(`${API}/api/forex`, () => HttpResponse.json(rates)),
      http.get(`${API}/catalogue/sailings`, () => HttpResponse.error()),
    );
    const { cookie } = await signedInSession({ profile: profile() });
    expect(statusOf(await thrown(csv.loader(args(get(cookie, "/itinerary/results.csv?nights=15%2B")))))).toBe(503);
  });
});

describe("/itinerary/detail", () => {
  it("prices the party of the search: fare, taxes, deposit now and the rest by the final payment date", async () => {
    upstream(
      http.get(`${API}/api/forex`, () => HttpResponse.json(rates)),
      http.get(`${API}/catalogue/sailings/OA20990601`, () => HttpResponse.json({ data: fullSailing })),
    );
    const { cookie } = await signedInSession({ profile: profile() });
    const data = await detail.loader(args(get(cookie, "/itinerary/detail?sailing=OA20990601&adults=2&children=1")));
    expect(data.fares[0]!.party).toEqual({
      fare: 2500,
      // The party's cruise fare shared evenly among its three guests.
      perGuest: 833.33,
      taxesAndFees: 450,
      total: 2950,
      deposit: 750,
      finalPayment: 2200,
      payInFull: false,
    });
    // The fare chart asks for the same itinerary (ship, destination, port, length) and shows this sailing among them.
    const asked = calls.find((c) => c.startsWith("GET /catalogue/sailings?"))!;
    expect(Object.fromEntries(new URL(asked.slice(4), API).searchParams)).toMatchObject({
      ship: "OA",
      destination: "CARIBBEAN",
      port: "MIA",
      nightsMin: "7",
      nightsMax: "7",
    });
    expect(data.fareChart?.sailings.map((s) => [s.sailingId, s.current])).toEqual([
      ["OA20990525", false],
      ["OA20990601", true],
    ]);
  });

  it("a failed search for the same itinerary leaves the page without its chart", async () => {
    upstream(
      http.get(`${API}/api/forex`, () => HttpResponse.json(rates)),
      // Another sailing date: the search is another, not the one the portal cached a moment ago.
      http.get(`${API}/catalogue/sailings/OA20990701`, () =>
        HttpResponse.json({ data: { ...fullSailing, sailingId: "OA20990701", sailDate: "2099-07-01" } }),
      ),
      http.get(`${API}/catalogue/sailings`, () => HttpResponse.json({}, { status: 500 })),
    );
    const { cookie } = await signedInSession({ profile: profile() });
    const data = await detail.loader(args(get(cookie, "/itinerary/detail?sailing=OA20990701")));
    expect(data.fareChart).toBeNull();
    expect(data.fares).toHaveLength(1);
  });

  it.each([
    ["an unknown sailing (the catalogue's 404)", "sailing=OA20990602"],
    ["a malformed id", "sailing=%3Cscript%3E"],
    ["no id", ""],
  ])("%s is the shell's not-found page", async (_, query) => {
    upstream(
      http.get(`${API}/api/forex`, () => HttpResponse.json(rates)),
      http.get(`${API}/catalogue/sailings/:id`, () =>
        HttpResponse.json({ message: { message: "Not found", errorCode: "NOT_FOUND" } }, { status: 404 }),
      ),
    );
    const { cookie } = await signedInSession({ profile: profile() });
    expect(statusOf(await thrown(detail.loader(args(get(cookie, `/itinerary/detail?${query}`)))))).toBe(404);
  });
});

describe("/itineraries/compare", () => {
  it("keeps up to four sailings in the session, refuses a fifth, removes and clears", async () => {
    const { cookie } = await signedInSession({ profile: profile() });
    const ids = ["OA20990601", "OA20990608", "OA20990615", "OA20990622", "OA20990629"];
    for (const id of ids.slice(0, 4)) {
      const response = await compare.action(
        args(post(cookie, { intent: "add", sailing: id, returnTo: "/itinerary/results?page=2" })),
      );
      expect(response.headers.get("location")).toBe("/itinerary/results?page=2");
    }
    const refused = await compare.action(args(post(cookie, { intent: "add", sailing: ids[4]!, returnTo: "/x" })));
    expect(refused.headers.get("location")).toBe("/itineraries/compare?full=1");

    const seen: string[] = [];
    upstream(
      http.get(`${API}/api/forex`, () => HttpResponse.json(rates)),
      http.get(`${API}/catalogue/sailings/:id`, ({ params }) => {
        seen.push(String(params.id));
        return HttpResponse.json({ data: { ...fullSailing, sailingId: params.id } });
      }),
      http.get(`${API}/catalogue/ships`, () => HttpResponse.json({ data: [oasis] })),
    );
    const page = await compare.loader(args(get(cookie, "/itineraries/compare?full=1")));
    // (The first is still in the portal's one-minute cache from the detail test.)
    expect(page.sailings.map((s) => s.sailingId)).toEqual(ids.slice(0, 4));
    // Beside the prices: the ship's facts, the offers this party can book (none here), the class a quote starts from.
    expect(page.sailings[0]).toMatchObject({ ship: { shipClass: "Oasis", yearBuilt: 2009 }, offers: [] });
    expect(page.sailings[0]!.quoteClass).toBe("BALCONY");
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(page.notices[0]).toBe("You can compare up to 4 sailings. Remove one to add another.");

    await compare.action(args(post(cookie, { intent: "remove", sailing: ids[1]!, returnTo: "/itineraries/compare" })));
    expect((await compare.loader(args(get(cookie, "/itineraries/compare")))).sailings).toHaveLength(3);
    // An address elsewhere is not followed: the agent goes back to the compare page.
    const away = await compare.action(args(post(cookie, { intent: "clear", returnTo: "https://evil.example/" })));
    expect(away.headers.get("location")).toBe("/itineraries/compare");
    expect((await compare.loader(args(get(cookie, "/itineraries/compare")))).sailings).toHaveLength(0);
  });
});
