import { z } from "zod";
import { ApiError } from "../errors";
import type { Logger } from "../logger";
import { getJson, providerUnavailable } from "../provider-http";
import { compassPoint, weatherIcon } from "./codes";
import type { ForecastDay, Units, WeatherProvider, WeatherQuery, WeatherReport } from "./types";

/**
 * A weatherstack-compatible service (`WEATHER_PROVIDER=weatherstack`):
 * `GET {WEATHERSTACK_URL}/forecast?access_key&query&units&forecast_days=1|7&hourly=1&interval=3`,
 * falling back to `/current?access_key&query&units` (no forecast days) when the plan has no
 * forecasts. Its answer is mapped into the upstream's shape: wind km/h → m/s for `m`, icons → the
 * portal's `/images/weather/{code}.svg`, numbers from strings. Error 615 (no such place) → `null`;
 * other 6xx (bad query) → 404 NOT_FOUND; anything else, a 5xx, garbage → 502 PROVIDER_UNAVAILABLE;
 * no answer within the time limit → 504 PROVIDER_UNAVAILABLE.
 */
export function weatherstackWeather(options: {
  url: string;
  key: string;
  timeoutMs: number;
  logger: Logger;
}): WeatherProvider {
  const call = async (path: "forecast" | "current", query: WeatherQuery, units: Units, days: number) => {
    const url = new URL(`${options.url}/${path}`);
    url.searchParams.set("access_key", options.key);
    url.searchParams.set("query", query.kind === "coordinates" ? `${query.lat},${query.lon}` : query.text);
    url.searchParams.set("units", units);
    if (path === "forecast") {
      url.searchParams.set("forecast_days", String(days));
      url.searchParams.set("hourly", "1");
      url.searchParams.set("interval", "3");
    }
    const reply = await getJson(url, { what: "weather", timeoutMs: options.timeoutMs, logger: options.logger });
    if (reply.status !== 200) {
      options.logger.error(`weather provider ${url.origin}${url.pathname}: HTTP ${reply.status}`);
      throw providerUnavailable("weather");
    }
    return reply.body;
  };

  return {
    async report(query, units, days) {
      let body = await call("forecast", query, units, days);
      let error = providerError(body);
      if (error && FORECAST_NOT_IN_PLAN.has(error.code)) {
        body = await call("current", query, units, days);
        error = providerError(body);
      }
      if (error) {
        if (error.code === NO_RESULTS) return null;
        if (error.code >= 600 && error.code < 700) {
          throw new ApiError(404, "NOT_FOUND", "Weather conditions not found or invalid input.");
        }
        options.logger.error(`weather provider: error ${error.code} ${error.type}`);
        throw providerUnavailable("weather");
      }
      const parsed = answerSchema.safeParse(body);
      if (!parsed.success) {
        options.logger.error(`weather provider: unexpected answer (${parsed.error.issues[0]?.path.join(".") ?? "?"})`);
        throw providerUnavailable("weather");
      }
      return mapAnswer(parsed.data, units);
    },
  };
}

/** weatherstack: "request_failed", what it answers for a place it does not know. */
const NO_RESULTS = 615;
/** "invalid_api_function" and "function_access_restricted": the plan has no forecasts. */
const FORECAST_NOT_IN_PLAN = new Set([103, 105]);

const errorSchema = z.object({
  success: z.literal(false).optional(),
  error: z.object({ code: z.coerce.number(), type: z.string().optional().default("") }),
});

function providerError(body: unknown): { code: number; type: string } | undefined {
  const parsed = errorSchema.safeParse(body);
  return parsed.success ? parsed.data.error : undefined;
}

const num = z.coerce.number().refine(Number.isFinite, "must be a number");
const text = z.string().catch("");

const hourSchema = z.object({
  time: z.union([z.string(), z.number()]).transform(String),
  temperature: num,
  weather_code: num,
});

const daySchema = z.object({
  date: z.string(),
  date_epoch: num,
  astro: z.object({ sunrise: text, sunset: text }).catch({ sunrise: "", sunset: "" }),
  mintemp: num,
  maxtemp: num,
  avgtemp: num,
  totalsnow: num.catch(0),
  sunhour: num.catch(0),
  uv_index: num.catch(0),
  hourly: z.array(hourSchema).catch([]),
});

const answerSchema = z.object({
  location: z.object({
    name: text,
    region: text,
    country: text,
    localtime: text,
    lat: num,
    lon: num,
  }),
  current: z.object({
    temperature: num,
    wind_speed: num,
    wind_dir: z.string().optional(),
    wind_degree: num.optional(),
    humidity: num,
    precip: num.catch(0),
    weather_code: num,
    weather_descriptions: z.array(z.string()).catch([]),
  }),
  forecast: z.record(z.string(), daySchema).optional(),
});

type Answer = z.infer<typeof answerSchema>;

/** weatherstack's metric wind is km/h; the portal wants m/s (imperial stays mph). */
const windOf = (speed: number, units: Units) => (units === "m" ? Math.round((speed / 3.6) * 10) / 10 : speed);

function mapAnswer(answer: Answer, units: Units): WeatherReport {
  const { location, current } = answer;
  const forecast: Record<string, ForecastDay> = {};
  for (const day of Object.values(answer.forecast ?? {}).sort((a, b) => a.date.localeCompare(b.date))) {
    forecast[day.date] = {
      date: day.date,
      dateEpoch: day.date_epoch,
      minTemp: day.mintemp,
      maxTemp: day.maxtemp,
      avgTemp: day.avgtemp,
      totalSnow: day.totalsnow,
      sunHour: day.sunhour,
      uvIndex: day.uv_index,
      hourly: day.hourly.map((h) => ({ time: h.time, weatherCode: h.weather_code, temperature: h.temperature })),
      astro: { sunrise: day.astro.sunrise, sunset: day.astro.sunset },
    };
  }
  return {
    location: {
      name: location.name,
      region: location.region,
      country: location.country,
      localTime: location.localtime,
      lat: location.lat,
      lon: location.lon,
    },
    current: {
      temperature: current.temperature,
      windSpeed: windOf(current.wind_speed, units),
      windDir: current.wind_dir ?? (current.wind_degree === undefined ? "" : compassPoint(current.wind_degree)),
      humidity: current.humidity,
      precip: current.precip,
      weatherCode: current.weather_code,
      weatherDescriptions: current.weather_descriptions,
      icon: weatherIcon(current.weather_code),
    },
    forecast,
  };
}
