import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./testing/harness";

const WEATHERSTACK = "http://weatherstack.test";
const FRANKFURTER = "http://frankfurter.test";
const KEY = { "x-api-key": "demo-widget-key" };

const server = setupServer();
let h: Harness;
beforeAll(() => {
  server.listen({ onUnhandledRequest: "error" });
  h = startHarness({
    env: {
      WEATHER_PROVIDER: "weatherstack",
      WEATHERSTACK_KEY: "secret-access-key",
      WEATHERSTACK_URL: `${WEATHERSTACK}/`,
      FOREX_PROVIDER: "frankfurter",
      FRANKFURTER_URL: FRANKFURTER,
      PROVIDER_TIMEOUT_MS: "200",
    },
  });
});
afterEach(() => {
  server.resetHandlers();
  h.logs.error.length = 0;
});
afterAll(() => {
  server.close();
  h.close();
});

const get = (path: string) => h.call("GET", path, undefined, KEY);

/** A weatherstack /forecast answer, as its documentation shows one (metric: km/h). */
function weatherstackAnswer(days: number) {
  const forecast: Record<string, unknown> = {};
  for (let i = 0; i < days; i++) {
    const date = `2026-03-0${2 + i}`;
    forecast[date] = {
      date,
      date_epoch: Date.parse(`${date}T00:00:00Z`) / 1000,
      astro: {
        sunrise: "06:36 AM",
        sunset: "06:05 PM",
        moonrise: "x",
        moonset: "y",
        moon_phase: "Waxing",
        moon_illumination: 50,
      },
      mintemp: 19 + i,
      maxtemp: 27 + i,
      avgtemp: 23 + i,
      totalsnow: 0,
      sunhour: 10.5,
      uv_index: 7,
      hourly: Array.from({ length: 8 }, (_, slot) => ({
        time: String(slot * 300),
        temperature: 20 + slot,
        wind_speed: 10,
        wind_degree: 90,
        wind_dir: "E",
        weather_code: slot < 4 ? 113 : 116,
        weather_icons: ["https://cdn.worldweatheronline.com/images/wsymbols01_png_64/wsymbol_0001_sunny.png"],
        weather_descriptions: ["Sunny"],
      })),
    };
  }
  return {
    request: { type: "City", query: "Miami, United States of America", language: "en", unit: "m" },
    location: {
      name: "Miami",
      country: "United States of America",
      region: "Florida",
      lat: "25.774",
      lon: "-80.194",
      timezone_id: "America/New_York",
      localtime: "2026-03-02 05:00",
      localtime_epoch: 1772427600,
      utc_offset: "-5.0",
    },
    current: {
      observation_time: "10:00 AM",
      temperature: 21,
      weather_code: 116,
      weather_icons: ["https://cdn.worldweatheronline.com/images/wsymbols01_png_64/wsymbol_0002_sunny_intervals.png"],
      weather_descriptions: ["Partly cloudy"],
      wind_speed: 18,
      wind_degree: 25,
      wind_dir: "NNE",
      pressure: 1018,
      precip: 0.2,
      humidity: 74,
      cloudcover: 25,
      feelslike: 21,
      uv_index: 0,
      visibility: 16,
      is_day: "no",
    },
    forecast,
  };
}

describe("the weatherstack adapter", () => {
  it("asks for the forecast and maps the answer into the upstream's shape", async () => {
    const seen: URL[] = [];
    server.use(
      http.get(`${WEATHERSTACK}/forecast`, ({ request }) => {
        const url = new URL(request.url);
        seen.push(url);
        return HttpResponse.json(weatherstackAnswer(Number(url.searchParams.get("forecast_days"))));
      }),
    );
    const weekly = await get("/api/weather/live/weekly?location=Miami,%20FL,%20USA&units=m");
    expect(weekly.status).toBe(200);
    expect(seen[0]!.searchParams.get("access_key")).toBe("secret-access-key");
    expect(seen[0]!.searchParams.get("query")).toBe("Miami, FL, USA");
    expect(seen[0]!.searchParams.get("units")).toBe("m");
    expect(seen[0]!.searchParams.get("forecast_days")).toBe("7");
    const [report] = weekly.body;
    expect(report.location).toEqual({
      name: "Miami",
      region: "Florida",
      country: "United States of America",
      localTime: "2026-03-02 05:00",
      lat: 25.774,
      lon: -80.194,
    });
    expect(report.current).toEqual({
      temperature: 21,
      windSpeed: 5, // 18 km/h in m/s
      windDir: "NNE",
      humidity: 74,
      precip: 0.2,
      weatherCode: 116,
      weatherDescriptions: ["Partly cloudy"],
      icon: "/images/weather/116.svg",
    });
    expect(Object.keys(report.forecast)).toHaveLength(7);
    expect(report.forecast["2026-03-02"]).toEqual({
      date: "2026-03-02",
      dateEpoch: Date.parse("2026-03-02T00:00:00Z") / 1000,
      minTemp: 19,
      maxTemp: 27,
      avgTemp: 23,
      totalSnow: 0,
      sunHour: 10.5,
      uvIndex: 7,
      hourly: Array.from({ length: 8 }, (_, slot) => ({
        time: String(slot * 300),
        weatherCode: slot < 4 ? 113 : 116,
        temperature: 20 + slot,
      })),
      astro: { sunrise: "06:36 AM", sunset: "06:05 PM" },
    });

    const current = await get("/api/weather/live/current?location=25.7617,-80.1918&units=f");
    expect(current.status).toBe(200);
    expect(seen[1]!.searchParams.get("query")).toBe("25.7617,-80.1918");
    expect(seen[1]!.searchParams.get("units")).toBe("f");
    expect(seen[1]!.searchParams.get("forecast_days")).toBe("1");
    expect(current.body[0].current.windSpeed).toBe(18); // mph passes through
    expect(Object.keys(current.body[0].forecast)).toEqual(["2026-03-02"]);
  });

  it("falls back to /current when the plan has no forecasts", async () => {
    server.use(
      http.get(`${WEATHERSTACK}/forecast`, () =>
        HttpResponse.json({
          success: false,
          error: { code: 105, type: "function_access_restricted", info: "Upgrade." },
        }),
      ),
      http.get(`${WEATHERSTACK}/current`, ({ request }) => {
        expect(new URL(request.url).searchParams.get("forecast_days")).toBeNull();
        const { forecast: _forecast, ...answer } = weatherstackAnswer(0);
        return HttpResponse.json(answer);
      }),
    );
    const { status, body } = await get("/api/weather/live/current?location=Miami&units=m");
    expect(status).toBe(200);
    expect(body[0].current.temperature).toBe(21);
    expect(body[0].forecast).toEqual({});
  });

  it("answers [] when the service does not know the place (error 615)", async () => {
    server.use(
      http.get(`${WEATHERSTACK}/forecast`, () =>
        HttpResponse.json({
          success: false,
          error: { code: 615, type: "request_failed", info: "Your API request failed." },
        }),
      ),
    );
    expect(await get("/api/weather/live/weekly?location=Qwxzyvv&units=m")).toMatchObject({ status: 200, body: [] });
  });

  it("checks the request before calling the service", async () => {
    expect((await get("/api/weather/live/weekly?location=,&units=m")).status).toBe(404);
    expect((await get("/api/weather/live/weekly?location=Miami")).status).toBe(404);
  });

  it("answers 502 PROVIDER_UNAVAILABLE for a 5xx, a key error or garbage, without logging the key", async () => {
    const answers = [
      () => new HttpResponse("upstream down", { status: 503 }),
      () => HttpResponse.json({ success: false, error: { code: 101, type: "invalid_access_key" } }),
      () => HttpResponse.json({ location: { name: "Miami" } }),
      () => new HttpResponse("<html>", { status: 200, headers: { "content-type": "text/html" } }),
      () => HttpResponse.error(),
    ];
    for (const answer of answers) {
      server.use(http.get(`${WEATHERSTACK}/forecast`, answer));
      const { status, body } = await get("/api/weather/live/current?location=Miami&units=m");
      expect(status).toBe(502);
      expect(body.message.errorCode).toBe("PROVIDER_UNAVAILABLE");
    }
    expect(h.logs.error.length).toBeGreaterThanOrEqual(answers.length);
    expect(h.logs.error.join("\n")).not.toContain("secret-access-key");
  });

  it("answers 504 PROVIDER_UNAVAILABLE when the service does not answer in time", async () => {
    server.use(
      http.get(`${WEATHERSTACK}/forecast`, async () => {
        await delay(2_000);
        return HttpResponse.json(weatherstackAnswer(1));
      }),
    );
    const started = Date.now();
    const { status, body } = await get("/api/weather/live/current?location=Miami&units=m");
    expect(status).toBe(504);
    expect(body.message.errorCode).toBe("PROVIDER_UNAVAILABLE");
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("needs WEATHERSTACK_KEY and uses a 5-second limit by default", async () => {
    const { parseConfig } = await import("./config");
    expect(() => parseConfig({ WEATHER_PROVIDER: "weatherstack" })).toThrow(/WEATHERSTACK_KEY/);
    expect(parseConfig({}).providerTimeoutMs).toBe(5000);
  });
});

describe("the Frankfurter adapter", () => {
  it("maps the latest rates, adds the base and rounds to six significant digits", async () => {
    let asked: URL | undefined;
    server.use(
      http.get(`${FRANKFURTER}/latest`, ({ request }) => {
        asked = new URL(request.url);
        return HttpResponse.json({
          amount: 1,
          base: "GBP",
          date: "2026-10-30",
          rates: { EUR: 1.1324712345, USD: 1.31506, JPY: 202.3361 },
        });
      }),
    );
    const { status, body } = await get("/api/forex?base=GBP");
    expect(status).toBe(200);
    expect(asked!.searchParams.get("from")).toBe("GBP");
    expect(body).toEqual([
      { base: "GBP", date: "2026-10-30", rates: { EUR: 1.13247, USD: 1.31506, JPY: 202.336, GBP: 1 } },
    ]);
  });

  it("answers 404 NOT_FOUND for a currency the service does not have", async () => {
    server.use(http.get(`${FRANKFURTER}/latest`, () => HttpResponse.json({ message: "not found" }, { status: 404 })));
    const { status, body } = await get("/api/forex?base=XCD");
    expect(status).toBe(404);
    expect(body.message.errorCode).toBe("NOT_FOUND");
    expect((await get("/api/forex?base=US")).status).toBe(404);
  });

  it("answers 502 for a 5xx or garbage and 504 on timeout", async () => {
    server.use(http.get(`${FRANKFURTER}/latest`, () => new HttpResponse(null, { status: 500 })));
    expect((await get("/api/forex?base=USD")).status).toBe(502);
    server.use(http.get(`${FRANKFURTER}/latest`, () => HttpResponse.json({ rates: "none" })));
    expect((await get("/api/forex?base=USD")).status).toBe(502);
    server.use(
      http.get(`${FRANKFURTER}/latest`, async () => {
        await delay(2_000);
        return HttpResponse.json({ base: "USD", date: "2026-10-30", rates: {} });
      }),
    );
    const timedOut = await get("/api/forex?base=USD");
    expect(timedOut.status).toBe(504);
    expect(timedOut.body.message.errorCode).toBe("PROVIDER_UNAVAILABLE");
  });
});
