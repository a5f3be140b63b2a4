import { delay, http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { cookieFrom, fakeJwt, mswUpstream, portalEnv, profile, signedInSession, thrown } from "./harness";

const env = portalEnv();
const home = await import("~/routes/home");
const settingsRoute = await import("~/routes/resources/widget-settings");
const currentRoute = await import("~/routes/api/weather-current");
const weeklyRoute = await import("~/routes/api/weather-weekly");
const locationsRoute = await import("~/routes/api/weather-locations");
const forexRoute = await import("~/routes/api/forex");
const { sessionStore } = await import("~/server/infra/session.server");
const { widgetCookie } = await import("~/server/widgets/widget-settings.server");
const { LOCATION_NOT_SAVED } = await import("~/server/widgets/home.server");

const API = "http://upstream.test";
const access = fakeJwt({ username: "agent.usa", typ: "access" });
const calls: string[] = [];

const server = mswUpstream(env, [calls]);

// Every test uses its own place and currency, so the widget caches never answer for another test.
let seq = 0;
function uniquePlace(name = "Orlando", region = "florida", country = "usa") {
  seq += 1;
  const lat = `28.${String(seq).padStart(4, "0")}`;
  const long = `-81.${String(seq).padStart(4, "0")}`;
  return {
    lat,
    long,
    location: `${lat},${long}`,
    locationData: [
      { key: "name", value: name },
      { key: "region", value: region },
      { key: "country", value: country },
      { key: "lat", value: lat },
      { key: "long", value: long },
    ],
  };
}
const BASES = [
  "USD",
  "CAD",
  "GBP",
  "EUR",
  "SGD",
  "BRL",
  "AUD",
  "JPY",
  "CHF",
  "NZD",
  "MXN",
  "INR",
  "HKD",
  "SEK",
  "NOK",
  "DKK",
];
function uniqueBase() {
  seq += 1;
  return BASES[seq % BASES.length]! + "";
}

const rates = (base: string) => [
  { base, date: "2026-03-09", rates: { EUR: 0.9214, GBP: 0.7851, JPY: 149.52, USD: 1, CAD: 1.35 } },
];

const day = (date: string, min: number, max: number) => ({
  date,
  dateEpoch: Date.parse(date) / 1000,
  minTemp: min,
  maxTemp: max,
  avgTemp: (min + max) / 2,
  totalSnow: 0,
  sunHour: 9,
  uvIndex: 5,
  hourly: [0, 300, 600, 900, 1200, 1500, 1800, 2100].map((time) => ({
    time: String(time),
    weatherCode: 296,
    temperature: max,
  })),
  astro: { sunrise: "06:58 AM", sunset: "06:31 PM" },
});
const weatherItem = (days: number) => ({
  location: {
    name: "Orlando",
    region: "Florida",
    country: "United States of America",
    localTime: "2026-03-09 10:00",
    lat: "28.538",
    lon: "-81.379",
  },
  current: {
    temperature: 81.4,
    windSpeed: 12.6,
    windDir: "ESE",
    humidity: 63,
    precip: 0,
    weatherCode: 116,
    weatherDescriptions: ["Partly cloudy"],
    icon: "https://example.test/116.png",
  },
  forecast: Object.fromEntries(
    Array.from({ length: days }, (_, i) => {
      const date = `2026-03-${String(9 + i).padStart(2, "0")}`;
      return [date, day(date, 70 + i, 85 + i)];
    }),
  ),
});

type Handlers = Parameters<typeof server.use>;
function upstream(profileOverrides: Record<string, unknown>, ...handlers: Handlers) {
  server.events.removeAllListeners();
  server.events.on("request:start", ({ request }) => {
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}${url.search}`);
  });
  server.use(
    // Without INSIGHT: the home page's action queue (tests/integration/insights.test.ts) asks nothing here.
    http.get(`${API}/userProfile`, () =>
      HttpResponse.json({ data: profile({ allowedApplicationTools: [], ...profileOverrides }) }),
    ),
    ...handlers,
  );
}

const forexOk = (base: string) => http.get(`${API}/api/forex`, () => HttpResponse.json(rates(base)));
const currentOk = () => http.get(`${API}/api/weather/live/current`, () => HttpResponse.json([weatherItem(1)]));

const get = (cookie: string | undefined, path: string) =>
  new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });
const post = (cookie: string, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: "http://localhost", ...headers },
    body: new URLSearchParams(fields),
  });

async function homeData(cookie: string, path = "/home") {
  return (await home.loader({ request: get(cookie, path), params: {}, context: {} })) as Awaited<
    ReturnType<typeof home.loader>
  >;
}

describe("the home loader: each widget fails into its own message, the other still renders", () => {
  it("shows the agent's place and current conditions in °F for USA, asking with lat,long, units=f and the api key", async () => {
    const place = uniquePlace();
    const base = uniqueBase();
    let apiKey: string | null = null;
    upstream(
      { locationData: place.locationData, currencies: [{ currencyCode: base, primaryCurrency: true }] },
      http.get(`${API}/api/weather/live/current`, ({ request }) => {
        apiKey = request.headers.get("x-api-key");
        return HttpResponse.json([weatherItem(1)]);
      }),
      forexOk(base),
    );
    const { cookie } = await signedInSession();
    const { widgets } = await homeData(cookie);
    expect(apiKey).toBe("demo-widget-key");
    expect(calls).toContain(`GET /api/weather/live/current?location=${encodeURIComponent(place.location)}&units=f`);
    expect(widgets.weather).toMatchObject({
      place: "Orlando, Florida, USA",
      unit: "f",
      message: null,
      current: { temperature: "81°F", description: "Partly cloudy", group: "cloudy", wind: "13 mph", humidity: "63%" },
    });
    expect(widgets.converter).toMatchObject({ ok: true, base });
  });

  it.each([
    [
      "404",
      () => HttpResponse.json({ message: "not found" }, { status: 404 }),
      "Weather conditions not found or invalid input.",
    ],
    ["500", () => HttpResponse.json({}, { status: 500 }), "Error fetching weather data."],
    [
      "a timeout",
      async () => {
        await delay(1_000);
        return HttpResponse.json([weatherItem(1)]);
      },
      "Error fetching weather data.",
    ],
    ["a malformed body", () => HttpResponse.json([{ location: {} }]), "Error fetching weather data."],
    ["an empty list", () => HttpResponse.json([]), "Weather data not available for this location."],
  ])(
    "weather answering %s says so in the weather widget; the converter still renders",
    async (_name, resolver, message) => {
      const place = uniquePlace();
      const base = uniqueBase();
      upstream(
        { locationData: place.locationData, currencies: [{ currencyCode: base, primaryCurrency: true }] },
        http.get(`${API}/api/weather/live/current`, resolver),
        forexOk(base),
      );
      const { cookie } = await signedInSession();
      const data = await homeData(cookie);
      expect(data.firstName).toBe("Avery");
      expect(data.widgets.weather).toMatchObject({ place: "Orlando, Florida, USA", current: null, message });
      expect(data.widgets.converter).toMatchObject({ ok: true, base, initial: { from: base } });
    },
  );

  it("does not call the weather service without a location ('Unknown Location')", async () => {
    const base = uniqueBase();
    upstream({ locationData: [], currencies: [{ currencyCode: base, primaryCurrency: true }] }, forexOk(base));
    const { cookie } = await signedInSession();
    const { widgets } = await homeData(cookie);
    expect(widgets.weather).toMatchObject({ place: "Unknown Location", current: null, location: "" });
    expect(calls.some((c) => c.includes("/api/weather"))).toBe(false);
  });

  it("forex: currencies listed but none primary → 'Primary currency not found', no forex call; the weather still renders", async () => {
    const place = uniquePlace();
    upstream(
      { locationData: place.locationData, currencies: [{ currencyCode: "EUR", primaryCurrency: false }] },
      currentOk(),
    );
    const { cookie } = await signedInSession();
    const { widgets } = await homeData(cookie);
    expect(widgets.converter).toEqual({ ok: false, message: "Primary currency not found" });
    expect(widgets.weather?.current?.temperature).toBe("81°F");
    expect(calls.some((c) => c.startsWith("GET /api/forex"))).toBe(false);
  });

  it("forex: no currencies at all → USD", async () => {
    const place = uniquePlace();
    upstream({ locationData: place.locationData, currencies: [] }, currentOk(), forexOk("USD"));
    const { cookie } = await signedInSession();
    const { widgets } = await homeData(cookie);
    expect(calls).toContain("GET /api/forex?base=USD");
    expect(widgets.converter).toMatchObject({ ok: true, base: "USD" });
  });

  it.each([
    [
      "500",
      () => HttpResponse.json({}, { status: 500 }),
      "Failed to fetch forex data: the rates service answered with status 500.",
    ],
    [
      "404",
      () => HttpResponse.json({}, { status: 404 }),
      /^Failed to fetch forex data: the rates service does not know the currency [A-Z]{3}\.$/,
    ],
    ["an empty list", () => HttpResponse.json([]), "Failed to fetch forex data: the rates service returned no rates."],
    [
      "a timeout",
      async () => {
        await delay(1_000);
        return HttpResponse.json([]);
      },
      "Failed to fetch forex data: the rates service did not answer in time.",
    ],
  ])(
    "forex answering %s → 'Failed to fetch forex data' plus the cause; the weather still renders",
    async (_name, resolver, message) => {
      const place = uniquePlace();
      const base = uniqueBase();
      upstream(
        { locationData: place.locationData, currencies: [{ currencyCode: base, primaryCurrency: true }] },
        currentOk(),
        http.get(`${API}/api/forex`, resolver),
      );
      const { cookie } = await signedInSession();
      const { widgets } = await homeData(cookie);
      expect(widgets.converter).toMatchObject({ ok: false, message: expect.stringMatching(message) });
      expect(widgets.weather?.current).not.toBeNull();
    },
  );

  it.each([
    ["?amount=100&from=USD&to=EUR", { amount: "100", toAmount: "92.14", from: "USD", to: "EUR", errors: {} }],
    ["?amount=100&from=EUR&to=GBP", { amount: "100", toAmount: "85.21", from: "EUR", to: "GBP", errors: {} }],
    // Yen has no minor units: the converted amount is whole yen.
    ["?amount=0.5&from=usd&to=jpy", { toAmount: "75", from: "USD", to: "JPY", errors: {} }],
    ["?amount=-1&from=USD&to=EUR", { toAmount: "", errors: { amount: "Enter an amount of 0 or more." } }],
    ["?amount=10000000000", { toAmount: "", errors: { amount: "Enter an amount of at most 9,999,999,999.99." } }],
    ["?amount=ten", { toAmount: "", errors: { amount: "Enter the amount as a number, for example 1250.50." } }],
    [
      "?amount=5&from=XYZ&to=EUR",
      {
        toAmount: "",
        from: "USD",
        errors: { from: '"XYZ" is not a currency we have a rate for. Choose one from the list.' },
      },
    ],
    ["", { amount: "", toAmount: "", from: "USD", to: "EUR", errors: {} }],
  ])("the converter without JavaScript: %s", async (query, initial) => {
    const place = uniquePlace();
    upstream({ locationData: place.locationData, currencies: [] }, currentOk(), forexOk("USD"));
    const { cookie } = await signedInSession();
    const { widgets } = await homeData(cookie, `/home${query}`);
    expect(widgets.converter).toMatchObject({ ok: true, initial });
  });

  it("?forecast=1 reads the weekly forecast: seven cards", async () => {
    const place = uniquePlace();
    upstream(
      { locationData: place.locationData, currencies: [] },
      currentOk(),
      forexOk("USD"),
      http.get(`${API}/api/weather/live/weekly`, () => HttpResponse.json([weatherItem(7)])),
    );
    const { cookie } = await signedInSession();
    const { widgets } = await homeData(cookie, "/home?forecast=1");
    expect(widgets.weather?.forecast?.message).toBeNull();
    expect(widgets.weather?.forecast?.cards).toHaveLength(7);
    expect(widgets.weather?.forecast?.cards[0]).toMatchObject({
      weekday: "Mon",
      date: "09MAR",
      group: "rain",
      min: "70°F",
      max: "85°F",
    });
  });

  it("?forecast=1 with the forecast missing: 0 and - placeholders", async () => {
    const place = uniquePlace();
    upstream(
      { locationData: place.locationData, currencies: [] },
      currentOk(),
      forexOk("USD"),
      http.get(`${API}/api/weather/live/weekly`, () => HttpResponse.json([{ ...weatherItem(0), forecast: null }])),
    );
    const { cookie } = await signedInSession();
    const { widgets } = await homeData(cookie, "/home?forecast=1");
    expect(widgets.weather?.forecast?.cards).toHaveLength(7);
    expect(widgets.weather?.forecast?.cards.every((c) => c.date === "-" && c.min === "0°F" && c.max === "0°F")).toBe(
      true,
    );
  });

  it("?location-query= lists the places server-side, de-duplicated, ranked and title-cased", async () => {
    const place = uniquePlace();
    upstream(
      { locationData: place.locationData, currencies: [] },
      currentOk(),
      forexOk("USD"),
      http.get(`${API}/api/weather/locations`, () =>
        HttpResponse.json([
          { name: "Port Orlando", region: "nowhere", country: "usa", lat: "1", lon: "2" },
          { name: "orlando", region: "florida", country: "usa", lat: "28.54", lon: "-81.38" },
          { name: "Orlando", region: "Florida", country: "USA", lat: "28.54", lon: "-81.38" },
          { name: "Orlando", region: "ny", country: "usa", lat: 42.1, lon: -74.6 },
        ]),
      ),
    );
    const { cookie } = await signedInSession();
    const { widgets } = await homeData(cookie, "/home?location-query=%20Orlando%20");
    expect(calls).toContain("GET /api/weather/locations?query=Orlando");
    expect(widgets.weather?.search?.results.map((r) => r.label)).toEqual([
      "Orlando, Florida, USA",
      "Orlando, NY, USA",
      "Port Orlando, Nowhere, USA",
    ]);
    expect(widgets.weather?.search?.results[1]).toMatchObject({ lat: "42.1", lon: "-74.6" });
  });

  it.each([
    ["404", () => HttpResponse.json({}, { status: 404 }), "location conditions not found or invalid input."],
    ["500", () => HttpResponse.json({}, { status: 500 }), "Error fetching location data."],
    ["nothing", () => HttpResponse.json([]), "No results found"],
  ])("a location search answering %s says %j", async (_name, resolver, message) => {
    const place = uniquePlace();
    upstream(
      { locationData: place.locationData, currencies: [] },
      currentOk(),
      forexOk("USD"),
      http.get(`${API}/api/weather/locations`, resolver),
    );
    const { cookie } = await signedInSession();
    const { widgets } = await homeData(cookie, `/home?location-query=nowhere${seq}`);
    expect(widgets.weather?.search).toMatchObject({ results: [], message });
    expect(widgets.weather?.current).not.toBeNull();
  });

  it("a search under 3 trimmed characters does not call the service", async () => {
    const place = uniquePlace();
    upstream({ locationData: place.locationData, currencies: [] }, currentOk(), forexOk("USD"));
    const { cookie } = await signedInSession();
    const { widgets } = await homeData(cookie, "/home?location-query=%20or%20");
    expect(widgets.weather?.search).toMatchObject({ results: [], message: "Type at least 3 characters to search." });
    expect(calls.some((c) => c.includes("/api/weather/locations"))).toBe(false);
  });
});

describe("widget settings: a per-agent cookie, both widgets on by default, edit mode not persisted", () => {
  it("?customize=1 shows the switches and reads no widget data", async () => {
    upstream({});
    const { cookie } = await signedInSession();
    const { widgets } = await homeData(cookie, "/home?customize=1");
    expect(widgets).toEqual({
      editing: true,
      settings: { weather: true, currencyConverter: true },
      weather: null,
      converter: null,
    });
    expect(calls).toEqual(["GET /userProfile"]);
  });

  it("saving with the weather switch off sets an HttpOnly, SameSite=Lax cookie and hides the weather widget", async () => {
    upstream({ currencies: [] }, forexOk("USD"));
    const { cookie } = await signedInSession();
    const response = (await settingsRoute.action({
      request: post(cookie, "/preferences/widgets", { intent: "settings", currencyConverter: "on" }),
      params: {},
      context: {},
    })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/home");
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^pp_widgets=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const both = `${cookie}; ${cookieFrom(setCookie)}`;
    calls.length = 0;
    const { widgets } = await homeData(both);
    expect(widgets.settings).toEqual({ weather: false, currencyConverter: true });
    expect(widgets.weather).toBeNull();
    expect(widgets.converter).toMatchObject({ ok: true });
    expect(calls.some((c) => c.includes("/api/weather"))).toBe(false);
  });

  it("the temperature unit choice is kept in the same cookie and used for the weather call", async () => {
    const place = uniquePlace();
    upstream({ locationData: place.locationData, currencies: [] }, currentOk(), forexOk("USD"));
    const { cookie } = await signedInSession();
    const response = (await settingsRoute.action({
      request: post(cookie, "/preferences/widgets", { intent: "unit", unit: "m" }),
      params: {},
      context: {},
    })) as Response;
    const both = `${cookie}; ${cookieFrom(response.headers.get("Set-Cookie"))}`;
    const { widgets } = await homeData(both);
    expect(calls).toContain(`GET /api/weather/live/current?location=${encodeURIComponent(place.location)}&units=m`);
    expect(widgets.weather?.current).toMatchObject({ temperature: "81°C", wind: "12.6 m/s" });
    expect(widgets.settings).toEqual({ weather: true, currencyConverter: true });
  });

  it.each([
    ["garbage", "pp_widgets=%%%not-base64"],
    [
      "the wrong shape",
      `pp_widgets=${Buffer.from(JSON.stringify({ "agent.usa": { weather: "yes" } })).toString("base64")}`,
    ],
    ["another agent's settings", ""],
  ])("a cookie with %s reads as the defaults", async (name, widgetsCookie) => {
    upstream({ currencies: [] });
    const { cookie } = await signedInSession();
    let value = widgetsCookie;
    if (name === "another agent's settings") {
      value = cookieFrom(
        await widgetCookie.serialize({ "admin.can": { weather: false, currencyConverter: false, unit: "m" } }),
      );
    }
    const { widgets } = await homeData(`${cookie}; ${value}`, "/home?customize=1");
    expect(widgets.settings).toEqual({ weather: true, currencyConverter: true });
  });

  it("refuses a post from another site, and a signed-out post goes to sign in", async () => {
    upstream({});
    const { cookie } = await signedInSession();
    const refused = (await thrown(
      settingsRoute.action({
        request: post(cookie, "/preferences/widgets", { intent: "settings" }, { Origin: "https://evil.example" }),
        params: {},
        context: {},
      }),
    )) as { init: ResponseInit };
    expect(refused.init.status).toBe(403);
    const signedOut = (await thrown(
      settingsRoute.action({
        request: new Request("http://localhost/preferences/widgets", {
          method: "POST",
          body: new URLSearchParams({ intent: "settings" }),
        }),
        params: {},
        context: {},
      }),
    )) as Response;
    expect(signedOut.headers.get("Location")).toMatch(/^\/login/);
  });

  it("refuses a form it cannot read with 400", async () => {
    upstream({});
    const { cookie } = await signedInSession();
    const error = (await thrown(
      settingsRoute.action({
        request: post(cookie, "/preferences/widgets", { intent: "unit", unit: "k" }),
        params: {},
        context: {},
      }),
    )) as { init: ResponseInit };
    expect(error.init.status).toBe(400);
  });
});

describe("the set-location action (intent set-location)", () => {
  it("PUTs the chosen place to /userProfile/location as the agent, forgets the profile and goes home", async () => {
    let body: unknown = null;
    let bearer: string | null = null;
    upstream(
      {},
      http.put(`${API}/userProfile/location`, async ({ request }) => {
        body = await request.json();
        bearer = request.headers.get("authorization");
        return HttpResponse.json({ data: profile() });
      }),
    );
    const { cookie, id } = await signedInSession();
    // The guard has read (and kept) the profile.
    await homeData(cookie, "/home?customize=1");
    expect(((await sessionStore().read(id)) as { profile?: unknown }).profile).toBeDefined();

    const response = (await home.action({
      request: post(cookie, "/home", {
        intent: "set-location",
        name: "Orlando",
        region: "Florida",
        country: "United States of America",
        lat: "28.538",
        lon: "-81.379",
      }),
      params: {},
      context: {},
    })) as Response;
    expect(body).toEqual({
      name: "Orlando",
      region: "Florida",
      country: "United States of America",
      lat: "28.538",
      long: "-81.379",
    });
    expect(bearer).toBe(`Bearer ${access}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/home");
    expect(((await sessionStore().read(id)) as { profile?: unknown }).profile).toBeUndefined();

    calls.length = 0;
    await homeData(cookie, "/home?customize=1");
    expect(calls).toEqual(["GET /userProfile"]);
  });

  it("says so when the upstream refuses, without leaving the page", async () => {
    upstream(
      {},
      http.put(`${API}/userProfile/location`, () => HttpResponse.json({}, { status: 500 })),
    );
    const { cookie } = await signedInSession();
    const result = (await home.action({
      request: post(cookie, "/home", {
        intent: "set-location",
        name: "Orlando",
        region: "",
        country: "",
        lat: "28.5",
        lon: "-81.3",
      }),
      params: {},
      context: {},
    })) as unknown as { data: { locationError: string }; init: ResponseInit };
    expect(result.init.status).toBe(502);
    expect(result.data.locationError).toBe(LOCATION_NOT_SAVED);
  });

  it.each([
    [{ intent: "set-location", name: "", region: "", country: "", lat: "1", lon: "2" }],
    [{ intent: "set-location", name: "Orlando", region: "", country: "", lat: "north", lon: "2" }],
    [{ intent: "other", name: "Orlando", lat: "1", lon: "2" }],
  ])("refuses a form it cannot read (%j) with 400 and no upstream call", async (fields) => {
    upstream({});
    const { cookie } = await signedInSession();
    const result = (await home.action({
      request: post(cookie, "/home", fields),
      params: {},
      context: {},
    })) as unknown as {
      init: ResponseInit;
    };
    expect(result.init.status).toBe(400);
    expect(calls.some((c) => c.startsWith("PUT"))).toBe(false);
  });
});

describe("the widget endpoints: signed-in agents only, the upstream's shapes, {message} errors", () => {
  const call = async (
    route: { loader: (args: never) => Promise<Response> },
    cookie: string | undefined,
    path: string,
  ) => {
    try {
      return await route.loader({ request: get(cookie, path), params: {}, context: {} } as never);
    } catch (error) {
      if (error instanceof Response) return error;
      throw error;
    }
  };

  it("a signed-out call gets the guard's redirect, which never names the widget's endpoint as the page to return to", async () => {
    upstream({});
    for (const [route, path] of [
      [currentRoute, "/api/weather/live/current?location=1,2&units=m"],
      [weeklyRoute, "/api/weather/live/weekly?location=1,2&units=m"],
      [locationsRoute, "/api/weather/locations?query=orl"],
      [forexRoute, "/api/forex?base=USD"],
    ] as const) {
      const response = await call(route, undefined, path);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/login");
    }
    expect(calls).toEqual([]);
  });

  it("current and weekly pass the service's list through", async () => {
    const place = uniquePlace();
    upstream(
      {},
      http.get(`${API}/api/weather/live/current`, () => HttpResponse.json([weatherItem(1)])),
      http.get(`${API}/api/weather/live/weekly`, () => HttpResponse.json([weatherItem(7)])),
    );
    const { cookie } = await signedInSession();
    const current = await call(currentRoute, cookie, `/api/weather/live/current?location=${place.location}&units=f`);
    expect(current.status).toBe(200);
    const [item] = (await current.json()) as Array<{ location: { name: string }; forecast: object }>;
    expect(item?.location.name).toBe("Orlando");
    const weekly = await call(weeklyRoute, cookie, `/api/weather/live/weekly?location=${place.location}&units=f`);
    const [week] = (await weekly.json()) as Array<{ forecast: object }>;
    expect(Object.keys(week!.forecast)).toHaveLength(7);
    expect(weekly.headers.get("Cache-Control")).toMatch(/private/);
  });

  it.each([
    ["404", () => HttpResponse.json({}, { status: 404 }), 404, "Weather conditions not found or invalid input."],
    ["500", () => HttpResponse.json({}, { status: 500 }), 502, "Error fetching weather data."],
    ["malformed", () => new HttpResponse("<html>", { status: 200 }), 502, "Error fetching weather data."],
  ])("weather answering %s → %i {message}", async (_name, resolver, status, message) => {
    const place = uniquePlace();
    upstream({}, http.get(`${API}/api/weather/live/current`, resolver));
    const { cookie } = await signedInSession();
    const response = await call(currentRoute, cookie, `/api/weather/live/current?location=${place.location}&units=m`);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ message });
  });

  it("an empty answer stays 200 []", async () => {
    const place = uniquePlace();
    upstream(
      {},
      http.get(`${API}/api/weather/live/current`, () => HttpResponse.json([])),
    );
    const { cookie } = await signedInSession();
    const response = await call(currentRoute, cookie, `/api/weather/live/current?location=${place.location}&units=m`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  it.each([
    ["/api/weather/live/current?location=1,2&units=k"],
    ["/api/weather/live/current?location=1,2"],
    ["/api/weather/live/current?location=,&units=m"],
    ["/api/weather/live/current?units=m"],
    [`/api/weather/live/current?location=${"x".repeat(201)}&units=m`],
  ])("bad input %s → 404 {message}, no upstream call, never a 500", async (path) => {
    upstream({});
    const { cookie } = await signedInSession();
    const response = await call(currentRoute, cookie, path);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Weather conditions not found or invalid input." });
    expect(calls).toEqual(["GET /userProfile"]);
  });

  it.each([
    ["?query=or", 404, "location conditions not found or invalid input."],
    ["?query=", 404, "location conditions not found or invalid input."],
    [`?query=${"x".repeat(101)}`, 404, "location conditions not found or invalid input."],
  ])("locations %s → %i without an upstream call", async (query, status, message) => {
    upstream({});
    const { cookie } = await signedInSession();
    const response = await call(locationsRoute, cookie, `/api/weather/locations${query}`);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ message });
    expect(calls).toEqual(["GET /userProfile"]);
  });

  it.each([
    [
      "200",
      () => HttpResponse.json([{ name: "Orlando", region: "Florida", country: "USA", lat: "28.5", lon: "-81.3" }]),
      200,
    ],
    ["404", () => HttpResponse.json({}, { status: 404 }), 404],
    ["500", () => HttpResponse.json({}, { status: 500 }), 502],
  ])("locations answering %s → %i", async (_name, resolver, status) => {
    upstream({}, http.get(`${API}/api/weather/locations`, resolver));
    const { cookie } = await signedInSession();
    const response = await call(locationsRoute, cookie, `/api/weather/locations?query=orl${seq++}`);
    expect(response.status).toBe(status);
    const body = await response.json();
    if (status === 200)
      expect(body).toEqual([{ name: "Orlando", region: "Florida", country: "USA", lat: "28.5", lon: "-81.3" }]);
    if (status === 404) expect(body).toEqual({ message: "location conditions not found or invalid input." });
    if (status === 502) expect(body).toEqual({ message: "Error fetching location data." });
  });

  it.each([["usd"], ["US"], ["USDX"], [""], ["U$D"]])("forex base %j → 404 without an upstream call", async (base) => {
    upstream({});
    const { cookie } = await signedInSession();
    const response = await call(forexRoute, cookie, `/api/forex?base=${encodeURIComponent(base)}`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toMatch(/^Failed to fetch forex data/);
    expect(calls).toEqual(["GET /userProfile"]);
  });

  it.each([
    ["200", () => HttpResponse.json(rates("ZAR")), 200],
    ["404", () => HttpResponse.json({}, { status: 404 }), 404],
    ["500", () => HttpResponse.json({}, { status: 500 }), 502],
  ])("forex answering %s → %i", async (_name, resolver, status) => {
    const base = ["ZAR", "XOF", "XAF"][seq++ % 3]!;
    upstream({}, http.get(`${API}/api/forex`, resolver));
    const { cookie } = await signedInSession();
    const response = await call(forexRoute, cookie, `/api/forex?base=${base}`);
    expect(response.status).toBe(status);
    if (status === 200)
      expect(((await response.json()) as Array<{ rates: object }>)[0]?.rates).toMatchObject({ EUR: 0.9214 });
  });
});

describe("the converter's currency options (one packed list for both selects, decision 014)", () => {
  it("lists every currency of the rates that the reference list has, in order, drawn as options with only the given code selected", async () => {
    const { currencyChoices } = await import("~/server/reference/currencies.server");
    const { packedOptionsHtml } = await import("~/domain/options-html");
    const list = currencyChoices(["EUR", "USD", "XTS"]);
    expect(packedOptionsHtml(list, "USD")).toBe(
      '<option value="EUR">EUR – Euro</option>' +
        // A code the reference list lacks (XTS) is not offered (no bare code without a name).
        '<option value="USD" selected="">USD – US Dollar</option>',
    );
    expect(packedOptionsHtml(list, "GBP")).not.toContain("selected");
    expect(packedOptionsHtml(currencyChoices([]), "USD")).toBe("");
  });
});
