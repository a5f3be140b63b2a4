import { Hono } from "hono";
import { requireApiKey } from "../lib/api-key";
import type { AppEnv, Deps } from "../lib/context";
import { ApiError } from "../lib/errors";
import { searchPlaces } from "../lib/gazetteer";
import { simulatedWeather } from "../lib/weather/simulated";
import type { Units, WeatherProvider, WeatherQuery } from "../lib/weather/types";
import { weatherstackWeather } from "../lib/weather/weatherstack";

/** Location queries: 3 to 100 characters (after trimming) with at least one letter or digit. */
export const MIN_QUERY_CHARS = 3;
export const MAX_QUERY_CHARS = 100;
/** Longest `location` accepted by the weather calls. */
const MAX_LOCATION_CHARS = 200;

const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** Only digits, signs, dots, commas and spaces: meant as coordinates, so they must parse as such. */
const COORDINATE_LIKE = /^[\d\s.,+-]+$/;
const NUMBER = String.raw`[+-]?(?:\d+(?:\.\d*)?|\.\d+)`;
const COORDINATES = new RegExp(`^(${NUMBER})\\s*,\\s*(${NUMBER})$`);

const weatherNotFound = () => new ApiError(404, "NOT_FOUND", "Weather conditions not found or invalid input.");
const locationNotFound = () => new ApiError(404, "NOT_FOUND", "Location not found or invalid input.");

/** `units`: `m` or `f` (any case); anything else answers 404. */
export function parseUnits(raw: string | undefined): Units {
  const units = raw?.trim().toLowerCase();
  if (units !== "m" && units !== "f") throw weatherNotFound();
  return units;
}

/** `location`: "lat,long" (−90..90, −180..180) or a place name ("City, Region, Country"); else 404. */
export function parseLocation(raw: string | undefined): WeatherQuery {
  const text = (raw ?? "").trim();
  if (!text || text.length > MAX_LOCATION_CHARS || !HAS_LETTER_OR_DIGIT.test(text)) throw weatherNotFound();
  if (!COORDINATE_LIKE.test(text)) return { kind: "place", text };
  const match = COORDINATES.exec(text);
  const lat = Number(match?.[1]);
  const lon = Number(match?.[2]);
  if (!match || !Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    throw weatherNotFound();
  }
  return { kind: "coordinates", lat, lon };
}

function weatherProvider(deps: Deps): WeatherProvider {
  const { config } = deps;
  if (config.weatherProvider === "weatherstack") {
    return weatherstackWeather({
      url: config.weatherstackUrl,
      key: config.weatherstackKey ?? "",
      timeoutMs: config.providerTimeoutMs,
      logger: deps.logger,
    });
  }
  return simulatedWeather(deps.clock);
}

/**
 * The weather widget's calls, behind the widget API key. They answer bare JSON arrays
 * (a list whose first item is the answer), not the `{data}` envelope; failures use the usual error body.
 */
export function weatherRoutes(deps: Deps) {
  const provider = weatherProvider(deps);
  const r = new Hono<AppEnv>();
  r.use("*", requireApiKey(deps));

  r.get("/locations", (c) => {
    const query = (c.req.query("query") ?? "").trim();
    const length = [...query].length;
    if (length < MIN_QUERY_CHARS || length > MAX_QUERY_CHARS || !HAS_LETTER_OR_DIGIT.test(query)) {
      throw locationNotFound();
    }
    return c.json(searchPlaces(query));
  });

  for (const [path, days] of [
    ["/live/current", 1],
    ["/live/weekly", 7],
  ] as const) {
    r.get(path, async (c) => {
      const units = parseUnits(c.req.query("units"));
      const location = parseLocation(c.req.query("location"));
      const report = await provider.report(location, units, days);
      return c.json(report ? [report] : []);
    });
  }

  return r;
}
