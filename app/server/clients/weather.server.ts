import { z } from "zod";
import {
  FORECAST_DAYS,
  LOCATION_MAX_CHARS,
  WEATHER_MESSAGES,
  agentPlace,
  agentPlaceLabel,
  forecastCards,
  placeLabel,
  searchResults,
  searchableQuery,
  shouldFetchWeather,
  weatherLocation,
  weatherView,
  type ForecastCard,
  type LocationResult,
  type Unit,
  type WeatherItem,
  type WeatherView,
} from "~/domain/weather";
import type { UserProfile } from "~/server/clients/api.server";
import { cachedRead } from "~/server/infra/cache.server";
import { env } from "~/server/infra/env.server";
import { requestJson, UpstreamError } from "~/server/infra/http.server";

/**
 * The weather service: current and weekly conditions, location search, and the
 * profile update after a location is chosen. Every call sends the widget api key, has the upstream
 * timeout and is zod-parsed; reads are cached (weather 10 minutes fresh and 10 stale, locations an
 * hour), keyed by every parameter.
 */
const SERVICE = "weather";
export const WEATHER_CACHE = { ttl: 10 * 60_000, staleWhileRevalidate: 10 * 60_000 } as const;
export const LOCATIONS_CACHE = { ttl: 60 * 60_000, staleWhileRevalidate: 60 * 60_000 } as const;

// ---------- response schemas ----------
const text = z.union([z.string(), z.number()]).transform(String);
const num = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

export const locationResultSchema = z.object({
  name: z.string(),
  region: z.string().default(""),
  country: z.string().default(""),
  lat: text,
  lon: text,
}) satisfies z.ZodType<LocationResult, unknown>;
export const locationsSchema = z.array(locationResultSchema);

const forecastDaySchema = z.object({
  date: z.string(),
  dateEpoch: num.optional(),
  minTemp: num,
  maxTemp: num,
  avgTemp: num.optional(),
  totalSnow: num.optional(),
  sunHour: num.optional(),
  uvIndex: num.optional(),
  hourly: z.array(z.object({ time: text, weatherCode: num, temperature: num.optional() })).default([]),
  astro: z.object({ sunrise: z.string().optional(), sunset: z.string().optional() }).optional(),
});

export const weatherItemSchema = z.object({
  location: z.object({
    name: z.string().default(""),
    region: z.string().default(""),
    country: z.string().default(""),
    localTime: z.string().optional(),
    lat: text.optional(),
    lon: text.optional(),
  }),
  current: z.object({
    temperature: num,
    windSpeed: num,
    windDir: z.string().default(""),
    humidity: num,
    precip: num.optional(),
    weatherCode: num,
    weatherDescriptions: z.array(z.string()).default([]),
    icon: z.string().optional(),
  }),
  forecast: z.record(z.string(), forecastDaySchema).nullish(),
}) satisfies z.ZodType<WeatherItem, unknown>;
export const weatherSchema = z.array(weatherItemSchema);

/** A widget call that failed, with the specification's message and the status the portal answers with. */
export class WidgetError extends Error {
  constructor(
    readonly status: 404 | 502,
    message: string,
  ) {
    super(message);
    this.name = "WidgetError";
  }
}

export function widgetError(error: unknown, notFound: string, failed: string): WidgetError {
  if (error instanceof WidgetError) return error;
  if (error instanceof UpstreamError && error.failure === "http" && error.status === 404)
    return new WidgetError(404, notFound);
  return new WidgetError(502, failed);
}

function call<S extends z.ZodType>(path: string, schema: S) {
  return requestJson({
    service: SERVICE,
    baseUrl: env.WEATHER_API_URL,
    path,
    headers: { "x-api-key": env.WIDGET_API_KEY },
    schema,
  });
}

export type WeatherKind = "current" | "weekly";

/**
 * GET /api/weather/live/{current|weekly}?location=&units=. Answers the service's list (empty when
 * it has no data for the place); throws a WidgetError (404 not found or invalid, 502 otherwise).
 */
export async function fetchWeather(kind: WeatherKind, location: string, units: Unit): Promise<WeatherItem[]> {
  const query = new URLSearchParams({ location, units });
  try {
    return await cachedRead({
      key: `weather:${kind}:${units}:${location}`,
      ...WEATHER_CACHE,
      schema: weatherSchema as z.ZodType<WeatherItem[]>,
      getFreshValue: () => call(`/api/weather/live/${kind}?${query}`, weatherSchema),
    });
  } catch (error) {
    throw widgetError(error, WEATHER_MESSAGES.notFound, WEATHER_MESSAGES.failed);
  }
}

/** GET /api/weather/locations?query=: at most ten places; throws a WidgetError. */
export async function searchLocations(query: string): Promise<LocationResult[]> {
  try {
    const results = await cachedRead({
      key: `weather:locations:${query}`,
      ...LOCATIONS_CACHE,
      schema: locationsSchema as z.ZodType<LocationResult[]>,
      getFreshValue: () => call(`/api/weather/locations?${new URLSearchParams({ query })}`, locationsSchema),
    });
    return results.slice(0, 10);
  } catch (error) {
    throw widgetError(error, WEATHER_MESSAGES.locationNotFound, WEATHER_MESSAGES.locationFailed);
  }
}

// ---------- what the home page's weather widget gets ----------
export type LocationOption = LocationResult & { label: string };

export type WeatherWidgetData = {
  /** The agent's place, title-cased, or 'Unknown Location'. */
  place: string;
  unit: Unit;
  /** The service's location parameter, for the browser's weekly call; "" when there is none. */
  location: string;
  current: WeatherView | null;
  /** Why there are no current conditions (the specification's message), else null. */
  message: string | null;
  /** Asked for with ?forecast=1 (the modal drawn open without JavaScript). */
  forecast: { cards: ForecastCard[]; message: string | null } | null;
  /** Asked for with ?location-query= (the search without JavaScript). */
  search: { query: string; results: LocationOption[]; message: string | null } | null;
};

export const NO_LOCATION_MESSAGE = "Choose your location below to see its weather.";
export const SHORT_QUERY_MESSAGE = "Type at least 3 characters to search.";
export const LONG_QUERY_MESSAGE = "A location search has at most 100 characters.";

export function locationOptions(results: readonly LocationResult[], query: string): LocationOption[] {
  return searchResults(results, query).map((result) => ({ ...result, label: placeLabel(result) }));
}

/**
 * Everything the weather widget shows, read concurrently. Never throws: each failure becomes its
 * message so the page and the other widget still render.
 */
export async function weatherWidget(
  profile: Pick<UserProfile, "locationData">,
  unit: Unit,
  options: { forecast: boolean; query: string | null },
): Promise<WeatherWidgetData> {
  const place = agentPlace(profile.locationData);
  const location = weatherLocation(place);
  const canFetch = shouldFetchWeather(location, unit);

  const current = (async () => {
    if (!canFetch) return { current: null, message: NO_LOCATION_MESSAGE };
    try {
      const [item] = await fetchWeather("current", location, unit);
      if (!item) return { current: null, message: WEATHER_MESSAGES.empty };
      return { current: weatherView(item, unit, agentPlaceLabel(place)), message: null };
    } catch (error) {
      return { current: null, message: widgetError(error, WEATHER_MESSAGES.notFound, WEATHER_MESSAGES.failed).message };
    }
  })();

  const forecast = (async (): Promise<WeatherWidgetData["forecast"]> => {
    if (!options.forecast) return null;
    if (!canFetch) return { cards: forecastCards(null, unit), message: NO_LOCATION_MESSAGE };
    try {
      const [item] = await fetchWeather("weekly", location, unit);
      if (!item) return { cards: forecastCards(null, unit), message: WEATHER_MESSAGES.empty };
      return { cards: forecastCards(item.forecast, unit, FORECAST_DAYS), message: null };
    } catch (error) {
      const message = widgetError(error, WEATHER_MESSAGES.notFound, WEATHER_MESSAGES.failed).message;
      return { cards: forecastCards(null, unit), message };
    }
  })();

  const search = (async (): Promise<WeatherWidgetData["search"]> => {
    if (options.query === null) return null;
    const raw = options.query.slice(0, 200);
    const query = searchableQuery(raw);
    if (!query)
      return {
        query: raw,
        results: [],
        message: raw.trim().length > LOCATION_MAX_CHARS ? LONG_QUERY_MESSAGE : SHORT_QUERY_MESSAGE,
      };
    try {
      const results = locationOptions(await searchLocations(query), query);
      return { query: raw, results, message: results.length ? null : WEATHER_MESSAGES.noResults };
    } catch (error) {
      const message = widgetError(error, WEATHER_MESSAGES.locationNotFound, WEATHER_MESSAGES.locationFailed).message;
      return { query: raw, results: [], message };
    }
  })();

  const [now, week, found] = await Promise.all([current, forecast, search]);
  return {
    place: agentPlaceLabel(place),
    unit,
    location: canFetch ? location : "",
    ...now,
    forecast: week,
    search: found,
  };
}
