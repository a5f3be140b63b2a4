import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fold } from "./lib/gazetteer";
import { startHarness, type Harness } from "./testing/harness";

let h: Harness;
beforeAll(() => {
  h = startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const KEY = { "x-api-key": "demo-widget-key" };
const get = (path: string, headers: Record<string, string> = KEY) => h.call("GET", path, undefined, headers);
const locations = (query: string) => get(`/api/weather/locations?query=${encodeURIComponent(query)}`);
const weather = (kind: "current" | "weekly", location: string, units = "m") =>
  get(`/api/weather/live/${kind}?location=${encodeURIComponent(location)}&units=${units}`);

type PlaceOut = { name: string; region: string; country: string; lat: number; lon: number };

describe("the widget API key", () => {
  it("answers 401 INVALID_API_KEY without it or with a wrong one, on every widget endpoint", async () => {
    const paths = [
      "/api/weather/locations?query=Miami",
      "/api/weather/live/current?location=Miami&units=m",
      "/api/weather/live/weekly?location=Miami&units=m",
      "/api/forex?base=USD",
    ];
    for (const path of paths) {
      for (const headers of [
        {},
        { "x-api-key": "wrong" },
        { "x-api-key": "" },
        { "x-api-key": "DEMO-WIDGET-KEY" },
      ] as Array<Record<string, string>>) {
        const { status, body } = await get(path, headers);
        expect(status, `${path} ${JSON.stringify(headers)}`).toBe(401);
        expect(body.message.errorCode).toBe("INVALID_API_KEY");
      }
      expect((await get(path)).status, path).toBe(200);
    }
  });

  it("follows WIDGET_API_KEY", async () => {
    const other = startHarness({ env: { WIDGET_API_KEY: "another-key" } });
    try {
      expect((await other.call("GET", "/api/forex?base=USD", undefined, KEY)).status).toBe(401);
      expect((await other.call("GET", "/api/forex?base=USD", undefined, { "x-api-key": "another-key" })).status).toBe(
        200,
      );
    } finally {
      other.close();
    }
  });
});

describe("GET /api/weather/locations", () => {
  it("finds Miami, FL, USA first, with the documented shape and at most ten results", async () => {
    const { status, body } = await locations("Miami");
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    expect(body.length).toBeGreaterThan(1);
    expect(body.length).toBeLessThanOrEqual(10);
    expect(body[0]).toMatchObject({ name: "Miami", region: "FL", country: "USA" });
    expect(body[0].lat).toBeCloseTo(25.77, 1);
    expect(body[0].lon).toBeCloseTo(-80.19, 1);
    for (const place of body as PlaceOut[]) {
      expect(Object.keys(place).sort()).toEqual(["country", "lat", "lon", "name", "region"]);
      expect(typeof place.name).toBe("string");
      expect(typeof place.region).toBe("string");
      expect(typeof place.country).toBe("string");
      expect(typeof place.lat).toBe("number");
      expect(typeof place.lon).toBe("number");
    }
  });

  it("ranks names starting with the query before names containing it, and by population", async () => {
    const { body } = await locations("Lond");
    const names = (body as PlaceOut[]).map((p) => fold(p.name));
    const firstContaining = names.findIndex((n) => !n.startsWith("lond"));
    if (firstContaining >= 0) expect(names.slice(firstContaining).every((n) => !n.startsWith("lond"))).toBe(true);
    expect(body[0]).toMatchObject({ name: "London", country: "UK", region: "England" });
    // Londrina (Brazil, ~500,000 people) before London, Ontario (~350,000).
    expect(body.slice(1, 3)).toEqual([
      expect.objectContaining({ name: "Londrina", country: "Brazil" }),
      expect.objectContaining({ name: "London", country: "Canada", region: "ON" }),
    ]);

    // "Ondong Siau" starts with "ondon"; then the names containing it, London (UK) the largest.
    const contains = (await locations("ondon")).body as PlaceOut[];
    expect(contains.every((p) => fold(p.name).includes("ondon"))).toBe(true);
    const firstInside = contains.findIndex((p) => !fold(p.name).startsWith("ondon"));
    expect(firstInside).toBeGreaterThan(0);
    expect(contains.slice(0, firstInside).every((p) => fold(p.name).startsWith("ondon"))).toBe(true);
    expect(contains[firstInside]).toMatchObject({ name: "London", country: "UK" });
  });

  it("matches case- and accent-insensitively", async () => {
    expect((await locations("SAO PAULO")).body[0]).toMatchObject({ name: "São Paulo", country: "Brazil" });
    expect((await locations("zurich")).body[0]).toMatchObject({ name: "Zürich", country: "Switzerland" });
    expect((await locations("Montréal")).body[0]).toMatchObject({ name: "Montréal", region: "QC", country: "Canada" });
  });

  it("maps Australian and Canadian admin codes to abbreviations and names countries in English", async () => {
    expect((await locations("Sydney")).body[0]).toMatchObject({ name: "Sydney", region: "NSW", country: "Australia" });
    expect((await locations("Brisbane")).body[0]).toMatchObject({ region: "QLD", country: "Australia" });
    expect((await locations("Melbourne")).body[0]).toMatchObject({ region: "VIC", country: "Australia" });
    expect((await locations("Toronto")).body[0]).toMatchObject({ region: "ON", country: "Canada" });
    expect((await locations("Vancouver")).body[0]).toMatchObject({ region: "BC", country: "Canada" });
    expect((await locations("New York")).body[0]).toMatchObject({ region: "NY", country: "USA" });
    expect((await locations("Berlin")).body[0]).toMatchObject({ name: "Berlin", country: "Germany" });
  });

  it("names other regions after GeoNames' admin1 list, never by a bare admin code", async () => {
    expect((await locations("Mianyang")).body[0]).toMatchObject({
      name: "Mianyang",
      region: "Sichuan",
      country: "China",
    });
    expect((await locations("Miass")).body[0]).toMatchObject({
      name: "Miass",
      region: "Chelyabinsk",
      country: "Russia",
    });
    expect((await locations("Lyon")).body[0]).toMatchObject({
      name: "Lyon",
      region: "Auvergne-Rhône-Alpes",
      country: "France",
    });
    expect((await locations("Bergen")).body[0]).toMatchObject({
      name: "Bergen",
      region: "Vestland",
      country: "Norway",
    });
    // GeoNames has since given Vietnam's old code 20 to another province; the gazetteer's cities use the old codes.
    expect((await locations("Ho Chi Minh City")).body[0]).toMatchObject({ region: "Ho Chi Minh", country: "Vietnam" });
    // A code that no edition of the list names (Norway's 2020–2023 county Viken) answers no region.
    expect((await locations("Drammen")).body[0]).toMatchObject({ name: "Drammen", region: "", country: "Norway" });
  });

  it("answers no purely numeric region for any of a sample of queries around the world", async () => {
    const queries = [
      "san",
      "nov",
      "mia",
      "sha",
      "ala",
      "kra",
      "pet",
      "lag",
      "ber",
      "mos",
      "tok",
      "osa",
      "bei",
      "che",
      "ist",
      "kar",
      "man",
      "bue",
      "lim",
      "bog",
      "jak",
      "del",
      "mum",
      "cai",
      "nai",
      "joh",
      "dra",
      "vil",
      "hai",
      "han",
      "seo",
      "tai",
      "kyi",
      "war",
      "bud",
      "bel",
      "ath",
      "tri",
      "ula",
      "yek",
      "per",
      "sur",
    ];
    let regions = 0;
    for (const query of queries) {
      const { status, body } = await locations(query);
      expect(status, query).toBe(200);
      for (const place of body as PlaceOut[]) {
        expect(place.region, `${query}: ${place.name}, ${place.region}, ${place.country}`).not.toMatch(/^\d+$/);
        if (place.region) regions++;
      }
    }
    expect(regions).toBeGreaterThan(300);
  });

  it("lets a region name qualify the search (Mianyang, Shaanxi)", async () => {
    expect((await locations("Mianyang, Shaanxi")).body[0]).toMatchObject({
      name: "Mianyang",
      region: "Shaanxi",
      country: "China",
    });
    expect((await locations("Miass, Chelyabinsk, Russia")).body[0]).toMatchObject({
      name: "Miass",
      region: "Chelyabinsk",
    });
  });

  it("uses the parts after a comma to prefer a region or country", async () => {
    expect((await locations("Paris")).body[0]).toMatchObject({ name: "Paris", country: "France" });
    expect((await locations("Paris, TX")).body[0]).toMatchObject({ name: "Paris", region: "TX", country: "USA" });
    expect((await locations("Miami, Florida, United States of America")).body[0]).toMatchObject({
      name: "Miami",
      region: "FL",
    });
    expect((await locations("Miami, Australia")).body[0]).toMatchObject({ name: "Miami", region: "QLD" });
  });

  it("answers 404 NOT_FOUND for fewer than 3 characters, more than 100, or no letter or digit", async () => {
    for (const query of ["", "Mi", "  Mi   ", "...", "!?!?", ", ,", "🙂🙂🙂", "a".repeat(101)]) {
      const { status, body } = await locations(query);
      expect(status, JSON.stringify(query)).toBe(404);
      expect(body.message.errorCode).toBe("NOT_FOUND");
    }
    expect((await get("/api/weather/locations")).status).toBe(404);
    expect((await locations("  Mia  ")).status).toBe(200);
    expect((await locations("a".repeat(100))).status).toBe(200);
  });

  it("accepts queries in any script and answers [] when nothing matches", async () => {
    for (const query of ["Москва", "北京市", "東京都", "القاهرة", "Αθήνα"]) {
      const { status, body } = await locations(query);
      expect(status, query).toBe(200);
      expect(Array.isArray(body)).toBe(true);
    }
    expect(await locations("Qwxzyvv")).toMatchObject({ status: 200, body: [] });
  });
});

const CELSIUS_TO_F = (c: number) => (c * 9) / 5 + 32;

describe("GET /api/weather/live/current and weekly (simulated)", () => {
  it("answers one report with location, current and today's forecast", async () => {
    const { status, body } = await weather("current", "Miami, FL, USA");
    expect(status).toBe(200);
    expect(body).toHaveLength(1);
    const [report] = body;
    expect(report.location).toMatchObject({ name: "Miami", region: "FL", country: "USA" });
    // 10:00 UTC on 2 March; Miami's zone from its longitude is UTC-5.
    expect(report.location.localTime).toBe("2026-03-02 05:00");
    expect(typeof report.location.lat).toBe("number");
    expect(Object.keys(report.forecast)).toEqual(["2026-03-02"]);

    const { current } = report;
    expect(Object.keys(current).sort()).toEqual(
      [
        "humidity",
        "icon",
        "precip",
        "temperature",
        "weatherCode",
        "weatherDescriptions",
        "windDir",
        "windSpeed",
      ].sort(),
    );
    expect(current.windDir).toMatch(/^(N|NNE|NE|ENE|E|ESE|SE|SSE|S|SSW|SW|WSW|W|WNW|NW|NNW)$/);
    expect(current.icon).toBe(`/images/weather/${current.weatherCode}.svg`);
    expect(current.weatherDescriptions).toHaveLength(1);
    expect(typeof current.weatherDescriptions[0]).toBe("string");
    expect(current.humidity).toBeGreaterThanOrEqual(0);
    expect(current.humidity).toBeLessThanOrEqual(100);

    const day = report.forecast["2026-03-02"];
    expect(day).toMatchObject({ date: "2026-03-02", dateEpoch: Date.parse("2026-03-02T00:00:00Z") / 1000 });
    expect(day.minTemp).toBeLessThanOrEqual(day.avgTemp);
    expect(day.avgTemp).toBeLessThanOrEqual(day.maxTemp);
    expect(day.hourly.map((x: { time: string }) => x.time)).toEqual([
      "0",
      "300",
      "600",
      "900",
      "1200",
      "1500",
      "1800",
      "2100",
    ]);
    expect(day.astro.sunrise).toMatch(/^\d\d:\d\d AM$/);
    expect(day.astro.sunset).toMatch(/^\d\d:\d\d PM$/);
    expect(day.uvIndex).toBeGreaterThanOrEqual(0);
    expect(day.sunHour).toBeGreaterThanOrEqual(0);
  });

  it("answers seven consecutive days from today for weekly", async () => {
    const { status, body } = await weather("weekly", "Miami, FL, USA");
    expect(status).toBe(200);
    const dates = Object.keys(body[0].forecast);
    expect(dates).toEqual([
      "2026-03-02",
      "2026-03-03",
      "2026-03-04",
      "2026-03-05",
      "2026-03-06",
      "2026-03-07",
      "2026-03-08",
    ]);
    for (const date of dates) {
      expect(body[0].forecast[date].date).toBe(date);
      expect(body[0].forecast[date].hourly).toHaveLength(8);
    }
  });

  it("uses the place's local date: east of the date line it is already tomorrow", async () => {
    h.clock.set(Date.parse("2026-03-02T20:00:00Z"));
    const { body } = await weather("current", "Auckland");
    expect(body[0].location.localTime).toBe("2026-03-03 08:00");
    expect(Object.keys(body[0].forecast)).toEqual(["2026-03-03"]);
  });

  it("is deterministic: the same input answers the same output", async () => {
    const first = await weather("weekly", "25.7617,-80.1918", "f");
    const second = await weather("weekly", "25.7617,-80.1918", "f");
    expect(second.body).toEqual(first.body);
    const again = startHarness();
    try {
      const third = await again.call(
        "GET",
        "/api/weather/live/weekly?location=25.7617,-80.1918&units=f",
        undefined,
        KEY,
      );
      expect(third.body).toEqual(first.body);
    } finally {
      again.close();
    }
  });

  it("varies from day to day and place to place", async () => {
    const miami = (await weather("weekly", "Miami, FL")).body[0];
    const days = Object.values(miami.forecast) as Array<{ minTemp: number; maxTemp: number; hourly: unknown }>;
    expect(new Set(days.map((d) => JSON.stringify([d.minTemp, d.maxTemp, d.hourly]))).size).toBeGreaterThanOrEqual(4);
    const oslo = (await weather("weekly", "Oslo")).body[0];
    expect(oslo.forecast["2026-03-02"].avgTemp).toBeLessThan(miami.forecast["2026-03-02"].avgTemp);
  });

  it("follows the seasons of each hemisphere", async () => {
    const average = async (place: string, iso: string) => {
      h.clock.set(Date.parse(iso));
      const { body } = await weather("weekly", place);
      const days = Object.values(body[0].forecast) as Array<{ avgTemp: number }>;
      return days.reduce((sum, d) => sum + d.avgTemp, 0) / days.length;
    };
    expect(await average("Moscow", "2026-07-15T12:00:00Z")).toBeGreaterThan(
      await average("Moscow", "2026-01-15T12:00:00Z"),
    );
    expect(await average("Sydney", "2026-01-15T12:00:00Z")).toBeGreaterThan(
      await average("Sydney", "2026-07-15T12:00:00Z"),
    );
  });

  it("answers °F and mph for units=f, consistently with °C and m/s for units=m", async () => {
    for (const place of ["Miami, FL", "Reykjavik", "Singapore", "-33.87,151.21"]) {
      const metric = (await weather("weekly", place, "m")).body[0];
      const imperial = (await weather("weekly", place, "f")).body[0];
      expect(imperial.location).toEqual(metric.location);
      expect(Math.abs(imperial.current.temperature - CELSIUS_TO_F(metric.current.temperature))).toBeLessThanOrEqual(
        1.5,
      );
      expect(imperial.current.windSpeed).toBeCloseTo(metric.current.windSpeed * 2.23694, 0);
      expect(imperial.current.weatherCode).toBe(metric.current.weatherCode);
      for (const date of Object.keys(metric.forecast)) {
        const m = metric.forecast[date];
        const f = imperial.forecast[date];
        for (const field of ["minTemp", "maxTemp", "avgTemp"]) {
          expect(Math.abs(f[field] - CELSIUS_TO_F(m[field])), `${place} ${date} ${field}`).toBeLessThanOrEqual(1.5);
        }
        m.hourly.forEach((hour: { temperature: number; weatherCode: number }, i: number) => {
          expect(Math.abs(f.hourly[i].temperature - CELSIUS_TO_F(hour.temperature))).toBeLessThanOrEqual(1.5);
          expect(f.hourly[i].weatherCode).toBe(hour.weatherCode);
        });
      }
    }
  });

  it("names coordinates after the nearest city and keeps the coordinates asked for", async () => {
    const { status, body } = await weather("current", "25.7617,-80.1918");
    expect(status).toBe(200);
    expect(body[0].location).toMatchObject({
      name: "Miami",
      region: "FL",
      country: "USA",
      lat: 25.7617,
      lon: -80.1918,
    });
    const miass = await weather("current", "55.045,60.1083");
    expect(miass.body[0].location).toMatchObject({ name: "Miass", region: "Chelyabinsk", country: "Russia" });
    const sea = await weather("current", "0,-30");
    expect(sea.status).toBe(200);
    expect(sea.body[0].location).toMatchObject({ name: "", region: "", country: "", lat: 0, lon: -30 });
    expect(sea.body[0].location.localTime).toBe("2026-03-02 08:00");
  });

  it("answers 404 NOT_FOUND for an empty location, a lone comma, bad coordinates or missing units", async () => {
    for (const location of ["", " ", ",", " , ", "91,0", "0,181", "-90.5,10", "12.5,-", "1,2,3", "1..2,3", "..."]) {
      for (const kind of ["current", "weekly"] as const) {
        const { status, body } = await weather(kind, location);
        expect(status, `${kind} ${JSON.stringify(location)}`).toBe(404);
        expect(body.message.errorCode).toBe("NOT_FOUND");
      }
    }
    for (const units of ["", "x", "metric"]) {
      expect((await weather("current", "Miami", units)).status, units).toBe(404);
    }
    expect((await get("/api/weather/live/current?location=Miami")).status).toBe(404);
    expect((await get("/api/weather/live/current?units=m")).status).toBe(404);
    expect((await weather("current", "90,180")).status).toBe(200);
    expect((await weather("current", "Miami", "F")).status).toBe(200);
  });

  it("answers [] for a place that matches nothing", async () => {
    for (const location of ["Qwxzyvv", "Xyzzy Qwertyville, Nowhere", "北京市"]) {
      expect(await weather("current", location), location).toMatchObject({ status: 200, body: [] });
    }
  });
});
