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
const results = await import("~/routes/promotion/results");
const detail = await import("~/routes/promotion/detail");
const archived = await import("~/routes/promotion/archived");
const brandPage = await import("~/routes/promotion/brand");
const offersList = await import("~/routes/promotion/offers-list");
const csv = await import("~/routes/promotion/results-csv");
const home = await import("~/routes/promotion/home");
const itineraryDetail = await import("~/routes/itinerary/detail");
const offerImage = await import("~/routes/resources/offer-image");
const { SERVICE_UNAVAILABLE } = await import("~/domain/login-errors");

const API = "http://upstream.test";
const calls: string[] = [];
const server = mswUpstream(env, [calls]);

const catalogueReference = {
  window: { from: "2026-11-24", to: "2099-12-31" },
  brands: [],
  shipClasses: [],
  ships: [
    { code: "EG", name: "Celebrity Edge", brand: "C", shipClass: "Edge" },
    { code: "OA", name: "Oasis of the Seas", brand: "R", shipClass: "Oasis" },
  ],
  destinations: [
    { code: "MEDITERRANEAN", name: "Mediterranean" },
    { code: "CARIBBEAN", name: "Caribbean" },
  ],
};
const promotionReference = {
  offerNames: ["Seniors Savings", "Wave Season Sale"],
  offerTypes: [{ code: "INSTANT_SAVINGS", name: "Instant savings" }],
  audiences: [{ code: "SENIORS", name: "Guests 55 and over" }],
  regions: [{ code: "USA-FL", name: "Florida", country: "USA" }],
};
const offer = (overrides: Record<string, unknown> = {}) => ({
  offerId: "C0042",
  name: "Seniors Savings",
  brand: "C",
  offerType: "INSTANT_SAVINGS",
  offerFor: "SENIORS",
  residency: ["USA", "CAN", "PRI"],
  headline: "Save 20% on every guest's fare",
  value: { kind: "PERCENT_OFF", amount: 20 },
  bookFrom: "2026-11-01",
  bookTo: "2099-01-31",
  sailFrom: "2099-05-01",
  sailTo: "2099-09-30",
  ships: [],
  destinations: ["MEDITERRANEAN"],
  cabinClasses: ["BALCONY"],
  refundability: "B",
  codes: [],
  featured: false,
  status: "CURRENT",
  imageUrl: "/promotions/offers/C0042/image.svg",
  ...overrides,
});
const fullOffer = {
  ...offer(),
  description: "For guests 55 and over.",
  combinableWith: ["ONBOARD_CREDIT"],
  notCombinableWith: ["KIDS_SAIL_FREE"],
  terms: ["Capacity controlled.", "Residents of USA, CAN and PRI."],
  sailingCount: 1,
};
const port = { code: "BCN", name: "Barcelona", country: "Spain" };
const sailing = {
  sailingId: "EG20990610",
  shipCode: "EG",
  shipName: "Celebrity Edge",
  brand: "C",
  sailDate: "2099-06-10",
  returnDate: "2099-06-17",
  nights: 7,
  destination: { code: "MEDITERRANEAN", name: "Mediterranean" },
  departurePort: port,
  returnPort: port,
  ports: ["Naples"],
  voyageType: "ROUNDTRIP",
  tourType: "CO",
  refundability: "B",
  prices: [
    { cabinClass: "OUTSIDE", pricePerGuest: 1500, availability: "OPEN" },
    { cabinClass: "BALCONY", pricePerGuest: 2000, availability: "FEW_LEFT" },
  ],
  lowestPrice: 1500,
};
const page = <T>(items: T[], total = items.length, pageNo = 1, pageCount = total ? 1 : 0) => ({
  data: { items, total, page: pageNo, pageSize: 20, pageCount },
});

const upstream = upstreamMock(server, calls, () => [
  ...catalogueHandlers(API, catalogueReference),
  http.get(`${API}/promotions/reference`, () => HttpResponse.json({ data: promotionReference })),
  http.get(`${API}/api/forex`, () => HttpResponse.json([{ base: "USD", date: "2026-11-20", rates: { EUR: 0.9 } }])),
  // The sailing page's fare chart: no other sailing of the same itinerary.
  http.get(`${API}/catalogue/sailings`, () =>
    HttpResponse.json({ data: { items: [], total: 0, page: 1, pageSize: 40, pageCount: 0 } }),
  ),
]);
const args = (request: Request) => ({ request, params: {}, context: {} });
const promoAgent = () =>
  profile({ allowedApplicationTools: [{ toolCode: "SEARCH-PROMOTIONS" }, { toolCode: "SEE-OUR-SHIPS" }] });
const queryOf = (prefix: string) =>
  new URL(calls.find((c) => c.startsWith(`GET ${prefix}`))!.slice(4), API).searchParams;

describe("/promotion/results", () => {
  it("sends the done-when search with the party, and says the list is narrowed to it", async () => {
    upstream(http.get(`${API}/promotions/offers`, () => HttpResponse.json(page([offer()]))));
    const { cookie } = await signedInSession({ profile: promoAgent() });
    const data = await results.loader(
      args(
        getWithCookie(
          cookie,
          "/promotion/results?brand=C&destination=MEDITERRANEAN&departureDate=2099-06-01&residency=USA&age55Plus=true",
        ),
      ),
    );
    const sent = queryOf("/promotions/offers");
    expect(Object.fromEntries(sent)).toEqual({
      age55Plus: "true",
      brand: "C",
      departureFrom: "2099-06-01",
      destination: "MEDITERRANEAN",
      order: "asc",
      page: "1",
      pageSize: "20",
      residency: "USA",
      sort: "expires",
    });
    expect(data.narrowed).toBe(true);
    expect(data.found.items[0]!.offerId).toBe("C0042");
  });

  it("the offer search's defaults send no party (every offer shows) and junk becomes notices, not errors", async () => {
    upstream(http.get(`${API}/promotions/offers`, () => HttpResponse.json(page([]))));
    const { cookie } = await signedInSession({ profile: promoAgent() });
    const data = await results.loader(args(getWithCookie(cookie, "/promotion/results?brand=Q&offerFor=x&page=zz")));
    const sent = queryOf("/promotions/offers");
    expect(sent.has("residency") || sent.has("age55Plus") || sent.has("offerFor") || sent.has("brand")).toBe(false);
    expect(data.narrowed).toBe(false);
    expect(data.notices).toHaveLength(3);
    expect(data.hints).toEqual([]);
  });

  it("a page past the last shows the last, with a notice", async () => {
    const pages: string[] = [];
    upstream(
      http.get(`${API}/promotions/offers`, ({ request }) => {
        const p = new URL(request.url).searchParams.get("page")!;
        pages.push(p);
        return HttpResponse.json(page(p === "2" ? [offer()] : [], 21, Number(p), 2));
      }),
    );
    const { cookie } = await signedInSession({ profile: promoAgent() });
    const data = await results.loader(args(getWithCookie(cookie, "/promotion/results?page=9&brand=R")));
    expect(pages).toEqual(["9", "2"]);
    expect(data.notices).toContain("There are 2 pages of offers, so this is the last.");
  });

  it("the service down is a 503 with the service-unavailable message", async () => {
    upstream(http.get(`${API}/promotions/offers`, () => HttpResponse.error()));
    const { cookie } = await signedInSession({ profile: promoAgent() });
    const error = await thrown(results.loader(args(getWithCookie(cookie, "/promotion/results?brand=V"))));
    expect(statusOf(error)).toBe(503);
    expect((error as { data: unknown }).data).toEqual({ message: SERVICE_UNAVAILABLE, reference: null });
  });

  it("downloads the same search as CSV, every page", async () => {
    const pages: string[] = [];
    upstream(
      http.get(`${API}/promotions/offers`, ({ request }) => {
        const q = new URL(request.url).searchParams;
        pages.push(`${q.get("page")}/${q.get("pageSize")}/${q.get("offerType")}`);
        return HttpResponse.json(page([offer({ offerId: `C${q.get("page")}` })], 101, Number(q.get("page")), 2));
      }),
    );
    const { cookie } = await signedInSession({ profile: promoAgent() });
    const response = (await csv.loader(
      args(getWithCookie(cookie, "/promotion/results.csv?offerType=INSTANT_SAVINGS&page=4")),
    )) as Response;
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(pages).toEqual(["1/100/INSTANT_SAVINGS", "2/100/INSTANT_SAVINGS"]);
    expect(lines[0]).toMatch(/^Offer,Name,Cruise line,Kind,Headline,Value,For,Bookable from,Book by,/);
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(["C1", "C2"]);
    expect(lines[1]).toContain("Guests 55 and over; residents of United States of America, Canada and Puerto Rico");
  });
});

describe("/promotion/home", () => {
  it("featured offers and brand counts that fail leave the page and its search, each said", async () => {
    upstream(
      http.get(`${API}/promotions/featured`, () => HttpResponse.error()),
      http.get(`${API}/promotions/offers`, () => HttpResponse.json({}, { status: 500 })),
      http.get(`${API}/api/royal/content/*`, () => HttpResponse.json({}, { status: 404 })),
    );
    const { cookie } = await signedInSession({ profile: promoAgent() });
    const data = await home.loader(args(getWithCookie(cookie, "/promotion/home")));
    expect(data.featured).toBeNull();
    expect(data.brands.map((b) => b.current)).toEqual([null, null, null]);
    expect(data.parsed.search.offerFor).toBe("ALL_OFFERS");
  });
});

describe("/promotion/detail", () => {
  it("shows the eligible sailings with the price after the offer, and whether the searched party qualifies", async () => {
    upstream(
      http.get(`${API}/promotions/offers/C0042`, () => HttpResponse.json({ data: fullOffer })),
      http.get(`${API}/promotions/offers/C0042/sailings`, () => HttpResponse.json(page([sailing]))),
    );
    const { cookie } = await signedInSession({ profile: promoAgent() });
    const data = await detail.loader(
      args(getWithCookie(cookie, "/promotion/detail?offer=C0042&residency=USA-FL&age55Plus=true")),
    );
    expect(data.party).toEqual([]);
    expect(data.sailings?.rows).toEqual([{ sailing, best: { cabinClass: "BALCONY", before: 2000, after: 1600 } }]);
    expect(data.destinations).toEqual(["Mediterranean"]);

    const other = await detail.loader(args(getWithCookie(cookie, "/promotion/detail?offer=C0042&residency=GBR")));
    expect(other.party).toEqual(["AUDIENCE", "RESIDENCY"]);
    const unsaid = await detail.loader(args(getWithCookie(cookie, "/promotion/detail?offer=C0042")));
    expect(unsaid.party).toBeNull();
  });

  it("narrows the eligible sailings by the itinerary search's own filters, sent on to the promotions service", async () => {
    const asked: URLSearchParams[] = [];
    upstream(
      http.get(`${API}/promotions/offers/C0044`, () => HttpResponse.json({ data: { ...fullOffer, offerId: "C0044" } })),
      http.get(`${API}/promotions/offers/C0044/sailings`, ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json(page([sailing]));
      }),
    );
    const { cookie } = await signedInSession({ profile: promoAgent() });
    // The offer search the agent came from (its departure date) rides along under its own names; the sailing
    // filters have theirs.
    const searched = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const data = await detail.loader(
      args(
        getWithCookie(
          cookie,
          `/promotion/detail?offer=C0044&departureDate=${searched}&sailingDestination=MEDITERRANEAN&sailingNights=6-9&sailingCabinClass=BALCONY&sailingsPage=1`,
        ),
      ),
    );
    expect(Object.fromEntries(asked[0]!)).toMatchObject({
      destination: "MEDITERRANEAN",
      nightsMin: "6",
      nightsMax: "9",
      cabinClass: "BALCONY",
      page: "1",
    });
    // The offer search's date is not a sailing filter (today's date narrows nothing); it stays the offer search's.
    expect(asked[0]!.has("departureFrom")).toBe(false);
    expect(data.search.departureDate).toBe(searched);
    expect(data.filter.narrowed).toBe(true);
    expect(data.filter.portal).toEqual([
      ["sailingDestination", "MEDITERRANEAN"],
      ["sailingNights", "6-9"],
      ["sailingCabinClass", "BALCONY"],
    ]);
    // The offer search's own names never narrow the sailings.
    asked.length = 0;
    const plain = await detail.loader(
      args(getWithCookie(cookie, "/promotion/detail?offer=C0044&destination=MEDITERRANEAN&nights=6-9")),
    );
    expect(plain.filter.narrowed).toBe(false);
    expect(asked[0]!.has("destination")).toBe(false);
    expect(asked[0]!.has("nightsMin")).toBe(false);
    // An unknown value is dropped with the itinerary search's own message, never an error.
    const odd = await detail.loader(args(getWithCookie(cookie, "/promotion/detail?offer=C0044&sailingNights=forever")));
    expect(odd.filter.narrowed).toBe(false);
    expect(odd.filter.notices.join(" ")).toContain('"forever"');
  });

  it("an expired offer can no longer be booked: its sailings are not read, so no price shows as if it could", async () => {
    let sailingsRead = 0;
    upstream(
      http.get(`${API}/promotions/offers/C0043`, () =>
        HttpResponse.json({ data: { ...fullOffer, offerId: "C0043", bookFrom: "2020-01-01", bookTo: "2020-02-01" } }),
      ),
      http.get(`${API}/promotions/offers/C0043/sailings`, () => {
        sailingsRead += 1;
        return HttpResponse.json(page([sailing]));
      }),
    );
    const { cookie } = await signedInSession({ profile: promoAgent() });
    const data = await detail.loader(args(getWithCookie(cookie, "/promotion/detail?offer=C0043")));
    expect(data.status).toBe("EXPIRED");
    expect(data.sailings).toBeNull();
    expect(sailingsRead).toBe(0);
  });

  it.each([
    ["an unknown offer (the service's 404)", "offer=C9999"],
    ["a malformed id", "offer=%3Cscript%3E"],
    ["no id", ""],
  ])("%s is the shell's not-found page", async (_, query) => {
    upstream(
      http.get(`${API}/promotions/offers/:id`, () =>
        HttpResponse.json({ message: { message: "Not found", errorCode: "NOT_FOUND" } }, { status: 404 }),
      ),
      http.get(`${API}/promotions/offers/:id/sailings`, () =>
        HttpResponse.json({ message: { message: "Not found", errorCode: "NOT_FOUND" } }, { status: 404 }),
      ),
    );
    const { cookie } = await signedInSession({ profile: promoAgent() });
    expect(statusOf(await thrown(detail.loader(args(getWithCookie(cookie, `/promotion/detail?${query}`)))))).toBe(404);
  });
});

describe("/promotion/archived-offers, /promotion/brand, /promotion/offers-list", () => {
  it("a range outside 1–365 is clamped and said; the default is 30", async () => {
    const sent: string[] = [];
    upstream(
      http.get(`${API}/promotions/archived`, ({ request }) => {
        sent.push(new URL(request.url).searchParams.get("expiredRange")!);
        return HttpResponse.json(page([offer({ status: "EXPIRED", bookTo: "2026-11-10" })]));
      }),
    );
    const { cookie } = await signedInSession({ profile: promoAgent() });
    const wide = await archived.loader(args(getWithCookie(cookie, "/promotion/archived-offers?expiredRange=999")));
    expect(wide.expiredRange).toBe(365);
    expect(wide.rangeError).toContain("from 1 to 365 days");
    expect(wide.typedRange).toBe("999");
    const plain = await archived.loader(args(getWithCookie(cookie, "/promotion/archived-offers")));
    expect(plain.expiredRange).toBe(30);
    expect(sent).toEqual(["365", "30"]);
  });

  it("without a brand the brand page offers the three; with one it lists that brand's current offers", async () => {
    upstream(http.get(`${API}/promotions/offers`, () => HttpResponse.json(page([offer()]))));
    const { cookie } = await signedInSession({ profile: promoAgent() });
    const none = await brandPage.loader(args(getWithCookie(cookie, "/promotion/brand?brand=nope")));
    expect(none.brand).toBeNull();
    expect(none.notices).toHaveLength(1);
    expect(calls).toEqual([]);
    const celebrity = await brandPage.loader(args(getWithCookie(cookie, "/promotion/brand?brand=c&sort=name")));
    expect(celebrity.brand).toBe("C");
    expect(queryOf("/promotions/offers").get("brand")).toBe("C");
    expect(queryOf("/promotions/offers").get("sort")).toBe("name");
  });

  it("the offers list reads every page and groups by cruise line, by name", async () => {
    upstream(
      http.get(`${API}/promotions/offers`, ({ request }) => {
        const p = Number(new URL(request.url).searchParams.get("page"));
        const items =
          p === 1
            ? [offer({ offerId: "R1", brand: "R", name: "Wave" }), offer({ offerId: "C1", name: "Zed" })]
            : [offer({ offerId: "C2", name: "Alpha" })];
        return HttpResponse.json(page(items, 3, p, 2));
      }),
    );
    const { cookie } = await signedInSession({ profile: promoAgent() });
    const data = await offersList.loader(args(getWithCookie(cookie, "/promotion/offers-list")));
    expect(data.byBrand.map((b) => [b.code, b.offers.map((o) => o.offerId)])).toEqual([
      ["R", ["R1"]],
      ["C", ["C2", "C1"]],
      ["V", []],
    ]);
  });

  it("agent without SEARCH-PROMOTIONS is sent to /home", async () => {
    const { cookie } = await signedInSession({ profile: profile() });
    const response = await thrown(results.loader(args(getWithCookie(cookie, "/promotion/results"))));
    expect((response as Response).headers.get("location")).toBe("/home");
  });
});

describe("/itinerary/detail: offers for this sailing, through the one rule", () => {
  const fullSailing = {
    ...sailing,
    prices: [
      {
        cabinClass: "OUTSIDE",
        pricePerGuest: 1500,
        additionalGuestPrice: 700,
        taxesAndFees: 200,
        deposit: 300,
        availability: "OPEN",
      },
      {
        cabinClass: "BALCONY",
        pricePerGuest: 2000,
        additionalGuestPrice: 900,
        taxesAndFees: 200,
        deposit: 300,
        availability: "OPEN",
      },
    ],
    singleSupplementPercent: 100,
    finalPaymentDate: "2099-03-01",
    tour: null,
    days: [],
  };
  it("a 60-year-old US resident gets the seniors offer with the party's price; others see why not", async () => {
    upstream(
      http.get(`${API}/catalogue/sailings/EG20990610`, () => HttpResponse.json({ data: fullSailing })),
      http.get(`${API}/promotions/offers`, () =>
        HttpResponse.json(page([offer(), offer({ offerId: "C0050", offerFor: "MILITARY", residency: [] })])),
      ),
    );
    const { cookie } = await signedInSession({ profile: promoAgent() });
    const data = await itineraryDetail.loader(
      args(getWithCookie(cookie, "/itinerary/detail?sailing=EG20990610&residency=USA&age55Plus=true")),
    );
    expect(queryOf("/promotions/offers").get("sailing")).toBe("EG20990610");
    const [seniors, military] = data.offers!;
    expect(seniors).toMatchObject({
      applies: true,
      reasons: [],
      best: { cabinClass: "BALCONY", without: 4400, with: 3600 },
    });
    expect(military).toMatchObject({ applies: false, reasons: ["AUDIENCE"], best: null });
  });

  // Another sailing: the first one's offers are in the portal's one-minute cache.
  it("offers unavailable leave the rest of the page", async () => {
    upstream(
      http.get(`${API}/catalogue/sailings/EG20990617`, () =>
        HttpResponse.json({ data: { ...fullSailing, sailingId: "EG20990617" } }),
      ),
      http.get(`${API}/promotions/offers`, () => HttpResponse.error()),
    );
    const { cookie } = await signedInSession({ profile: promoAgent() });
    const data = await itineraryDetail.loader(args(getWithCookie(cookie, "/itinerary/detail?sailing=EG20990617")));
    expect(data.offers).toBeNull();
    expect(data.fares).toHaveLength(2);
  });
});

describe("/offer-images/:offer", () => {
  it("serves the service's art with a policy that runs nothing; a bad id is a 404 without a call", async () => {
    upstream(
      http.get(`${API}/promotions/offers/C0042/image.svg`, () =>
        HttpResponse.text("<svg xmlns='http://www.w3.org/2000/svg'/>", {
          headers: { "content-type": "image/svg+xml" },
        }),
      ),
    );
    const ok = await offerImage.loader({
      ...args(new Request("http://localhost/offer-images/C0042")),
      params: { offer: "C0042" },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
    const bad = await offerImage.loader({
      ...args(new Request("http://localhost/offer-images/x")),
      params: { offer: "<x>" },
    });
    expect(bad.status).toBe(404);
  });
});
