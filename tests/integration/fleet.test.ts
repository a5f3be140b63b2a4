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
const fleet = await import("~/routes/fleet/fleet");
const shipRoute = await import("~/routes/fleet/ship");
const imageRoute = await import("~/routes/resources/ship-image");
const { NOT_FOUND_MESSAGE } = await import("~/server/infra/route-errors.server");
const { brandName } = await import("~/domain/catalogue/codes");

const API = "http://upstream.test";
const calls: string[] = [];
const server = mswUpstream(env, [calls]);

const reference = {
  window: { from: "2026-03-09", to: "2028-03-01" },
  brands: [
    { code: "R", name: "Royal Caribbean International" },
    { code: "C", name: "Celebrity Cruises" },
    { code: "V", name: "Silversea" },
  ],
  shipClasses: [
    { name: "Oasis", brand: "R" },
    { name: "Edge", brand: "C" },
    { name: "Muse", brand: "V" },
  ],
  ships: [
    { code: "SY", name: "Symphony of the Seas", brand: "R", shipClass: "Oasis" },
    { code: "OA", name: "Oasis of the Seas", brand: "R", shipClass: "Oasis" },
    { code: "EG", name: "Celebrity Edge", brand: "C", shipClass: "Edge" },
    { code: "SM", name: "Silver Muse", brand: "V", shipClass: "Muse" },
  ],
  destinations: [
    { code: "CARIBBEAN", name: "Caribbean" },
    { code: "ALASKA", name: "Alaska" },
  ],
  voyageTypes: [],
  tourTypes: [],
  cabinClasses: [],
};

const summary = (code: string, name: string, brand: string, shipClass: string) => ({
  code,
  name,
  brand,
  shipClass,
  yearBuilt: 2018,
  yearRefurbished: null,
  grossTonnage: 228081,
  guests: 5518,
  crew: 2200,
  decks: 18,
  lengthMetres: 362,
  imageUrl: `/catalogue/ships/${code}/image.svg`,
  destinations: ["CARIBBEAN"],
});
const ship = (code: string, name: string, brand: string, shipClass: string) => ({
  ...summary(code, name, brand, shipClass),
  description: `${name} is a ship.`,
  staterooms: [
    { cabinClass: "INTERIOR", count: brand === "V" ? 0 : 600 },
    { cabinClass: "BALCONY", count: 1200 },
    { cabinClass: "DELUXE", count: 100 },
  ],
  dining: ["Main dining room"],
  activities: ["Pool"],
  destinations: [{ code: "CARIBBEAN", name: "Caribbean" }],
});
const port = { code: "MIA", name: "Miami", country: "United States" };
const sailing = (shipCode: string, sailDate: string) => ({
  sailingId: `${shipCode}${sailDate.replace(/-/g, "")}`,
  shipCode,
  shipName: "Ship",
  brand: "R",
  sailDate,
  returnDate: sailDate,
  nights: 7,
  destination: { code: "CARIBBEAN", name: "Caribbean" },
  departurePort: port,
  returnPort: { code: "FLL", name: "Fort Lauderdale", country: "United States" },
  ports: ["Cozumel"],
  voyageType: "ONEWAY",
  tourType: "CO",
  refundability: "B",
  prices: [{ cabinClass: "BALCONY", pricePerGuest: 1200, availability: "OPEN" }],
  lowestPrice: 1200,
});

const upstream = upstreamMock(server, calls, () => [
  http.get(`${API}/catalogue/reference`, () => HttpResponse.json({ data: reference })),
  http.get(`${API}/api/royal/content/*`, () => HttpResponse.json({}, { status: 404 })),
]);

const withShips = { allowedApplicationTools: [{ toolCode: "SEE-OUR-SHIPS" }] };
const get = getWithCookie;

describe("/explore-our-fleet: filters checked against the reference, applied by the catalogue", () => {
  it("asks the catalogue with the filters it kept, groups by brand in R, C, V order, and says what it changed", async () => {
    upstream(
      http.get(`${API}/catalogue/ships`, () =>
        HttpResponse.json({
          data: [summary("SM", "Silver Muse", "V", "Muse"), summary("SY", "Symphony of the Seas", "R", "Oasis")],
        }),
      ),
    );
    const { cookie } = await signedInSession({ profile: profile(withShips) });
    const result = await fleet.loader({
      request: get(cookie, "/explore-our-fleet?brand=r&brand=C&destination=MOON&shipClass=oasis"),
      params: {},
      context: {},
    });
    expect(calls).toContain("GET /catalogue/ships?brand=R&shipClass=Oasis");
    expect(result.filters).toEqual({ brand: "R", shipClass: "Oasis", destination: "" });
    expect(result.notices).toEqual([
      'Only one cruise line can be chosen at a time, so the list uses "r".',
      '"MOON" is not a destination we know, so the list shows ships of every destination.',
    ]);
    expect(result.count).toBe(2);
    expect(result.groups.map((g) => [g.code, g.ships.map((s) => s.href)])).toEqual([
      ["R", ["/explore-our-fleet/symphony-of-the-seas"]],
      ["V", ["/explore-our-fleet/silver-muse"]],
    ]);
    expect(result.options.classes).toEqual([
      { brand: brandName("R"), names: ["Oasis"] },
      { brand: brandName("C"), names: ["Edge"] },
      { brand: brandName("V"), names: ["Muse"] },
    ]);
  });

  it("an empty result links to the list without each filter", async () => {
    upstream(http.get(`${API}/catalogue/ships`, () => HttpResponse.json({ data: [] })));
    const { cookie } = await signedInSession({ profile: profile(withShips) });
    const result = await fleet.loader({
      request: get(cookie, "/explore-our-fleet?brand=V&destination=ALASKA"),
      params: {},
      context: {},
    });
    expect(result.count).toBe(0);
    expect(result.hints).toEqual([
      { text: "Every destination instead of Alaska", href: "/explore-our-fleet?brand=V" },
      { text: `Every cruise line instead of ${brandName("V")}`, href: "/explore-our-fleet?destination=ALASKA" },
    ]);
  });
});

describe("/explore-our-fleet/:ship", () => {
  it("shows the ship, the stateroom classes it has, and its next sailings", async () => {
    let sailingsQuery = "";
    upstream(
      http.get(`${API}/catalogue/ships/SM`, () => HttpResponse.json({ data: ship("SM", "Silver Muse", "V", "Muse") })),
      http.get(`${API}/catalogue/sailings`, ({ request }) => {
        sailingsQuery = new URL(request.url).search;
        return HttpResponse.json({
          data: { items: [sailing("SM", "2026-11-05")], total: 31, page: 1, pageSize: 6, pageCount: 6 },
        });
      }),
    );
    const { cookie } = await signedInSession({ profile: profile(withShips) });
    const result = await shipRoute.loader({
      request: get(cookie, "/explore-our-fleet/silver-muse"),
      params: { ship: "silver-muse" },
      context: {},
    });
    expect(sailingsQuery).toBe("?pageSize=6&ship=SM&sort=date");
    expect(result.ship).toMatchObject({ name: "Silver Muse", brandName: brandName("V") });
    // Silversea has no interior staterooms: only classes with a count show.
    expect(result.ship.staterooms).toEqual([
      { cabinClass: "BALCONY", name: "Balcony", count: 1200 },
      { cabinClass: "DELUXE", name: "Suite", count: 100 },
    ]);
    expect(result.sailings).toEqual({
      total: 31,
      items: [
        {
          sailingId: "SM20261105",
          sailDate: "05NOV2026",
          nights: 7,
          destination: "Caribbean",
          from: "Miami",
          to: "Fort Lauderdale",
        },
      ],
    });
    expect(result.searchHref).toBe("/itinerary/results?ship=SM&brand=V");
  });

  it("still shows the ship when its sailings cannot be listed", async () => {
    upstream(
      http.get(`${API}/catalogue/ships/EG`, () =>
        HttpResponse.json({ data: ship("EG", "Celebrity Edge", "C", "Edge") }),
      ),
      http.get(`${API}/catalogue/sailings`, () => HttpResponse.json({}, { status: 500 })),
    );
    const { cookie } = await signedInSession({ profile: profile(withShips) });
    const result = await shipRoute.loader({
      request: get(cookie, "/explore-our-fleet/celebrity-edge"),
      params: { ship: "celebrity-edge" },
      context: {},
    });
    expect(result.ship.name).toBe("Celebrity Edge");
    expect(result.sailings).toBeNull();
  });

  it.each([
    ["OA", "/explore-our-fleet/oasis-of-the-seas"],
    ["oa", "/explore-our-fleet/oasis-of-the-seas"],
    ["Oasis-Of-The-Seas", "/explore-our-fleet/oasis-of-the-seas"],
  ])("redirects %s to the slug", async (segment, location) => {
    upstream();
    const { cookie } = await signedInSession({ profile: profile(withShips) });
    const error = await thrown(
      shipRoute.loader({
        request: get(cookie, `/explore-our-fleet/${segment}`),
        params: { ship: segment },
        context: {},
      }),
    );
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).status).toBe(302);
    expect((error as Response).headers.get("location")).toBe(location);
  });

  it("an unknown ship is a 404 (Page not found in the shell), and so is one the catalogue no longer has", async () => {
    upstream(
      http.get(`${API}/catalogue/ships/SY`, () => HttpResponse.json({ message: {} }, { status: 404 })),
      http.get(`${API}/catalogue/sailings`, () => HttpResponse.json({}, { status: 404 })),
    );
    const { cookie } = await signedInSession({ profile: profile(withShips) });
    const unknown = await thrown(
      shipRoute.loader({
        request: get(cookie, "/explore-our-fleet/titanic"),
        params: { ship: "titanic" },
        context: {},
      }),
    );
    expect(statusOf(unknown)).toBe(404);
    expect((unknown as { data: unknown }).data).toEqual({ message: NOT_FOUND_MESSAGE });
    const gone = await thrown(
      shipRoute.loader({
        request: get(cookie, "/explore-our-fleet/symphony-of-the-seas"),
        params: { ship: "symphony-of-the-seas" },
        context: {},
      }),
    );
    expect(statusOf(gone)).toBe(404);
  });

  it("an agent without SEE-OUR-SHIPS is sent home", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: profile({ allowedApplicationTools: [] }) });
    const error = await thrown(
      shipRoute.loader({
        request: get(cookie, "/explore-our-fleet/silver-muse"),
        params: { ship: "silver-muse" },
        context: {},
      }),
    );
    expect((error as Response).headers.get("location")).toBe("/home");
  });
});

describe("/ship-images/:ship", () => {
  const image = (code: string) =>
    imageRoute.loader({
      request: new Request(`http://localhost/ship-images/${code}`),
      params: { ship: code },
      context: {},
    });

  it("answers the catalogue's SVG, cacheable, with a policy that runs no script", async () => {
    upstream(
      http.get(
        `${API}/catalogue/ships/OA/image.svg`,
        () =>
          new HttpResponse('<svg xmlns="http://www.w3.org/2000/svg"/>', {
            headers: { "content-type": "image/svg+xml" },
          }),
      ),
    );
    const response = await image("OA");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(await response.text()).toContain("<svg");
  });

  it("refuses anything but GET with 405", async () => {
    const response = imageRoute.action();
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });

  it.each(["oa", "OAS", "O1", "%3Csvg%3E"])("%s is not a ship code: 404 without asking the catalogue", async (code) => {
    upstream();
    const response = await image(code);
    expect(response.status).toBe(404);
    expect(calls).toEqual([]);
  });

  it("404 for a ship the catalogue does not know, 503 when the catalogue is down", async () => {
    upstream(
      http.get(`${API}/catalogue/ships/ZZ/image.svg`, () => HttpResponse.json({}, { status: 404 })),
      http.get(`${API}/catalogue/ships/ZY/image.svg`, () => HttpResponse.json({}, { status: 500 })),
      http.get(`${API}/catalogue/ships/ZX/image.svg`, () => HttpResponse.json({ data: "not svg" })),
    );
    expect((await image("ZZ")).status).toBe(404);
    const down = await image("ZY");
    expect(down.status).toBe(503);
    expect(down.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(down.headers.get("cache-control")).toBe("no-store");
    expect((await image("ZX")).status).toBe(503);
  });
});
