import { z } from "zod";
import { WEATHER_MESSAGES, searchableQuery, shouldFetchWeather } from "~/domain/weather";
import { fetchRates, forexError, forexFailure } from "~/server/clients/forex.server";
import { fetchWeather, searchLocations, widgetError, type WeatherKind } from "~/server/clients/weather.server";

/**
 * The portal's own widget endpoints (app/routes/api/*): what the browser's widgets fetch once
 * JavaScript runs. Each answers the service's list as is, or `{message}` with 404 or 502.
 */

/** A JSON answer of a widget endpoint: private to the agent, briefly cacheable by their browser. */
export function widgetJson(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "private, max-age=60", Vary: "Cookie" } });
}

export const weatherQuerySchema = z.object({
  location: z.string().trim().min(1).max(200),
  units: z.enum(["m", "f"]),
});

/** /api/weather/live/{current|weekly}: the service's answer as is, or `{message}` with 404 or 502. */
export async function weatherEndpoint(kind: WeatherKind, params: URLSearchParams): Promise<Response> {
  const query = weatherQuerySchema.safeParse({
    location: params.get("location") ?? "",
    units: params.get("units") ?? "",
  });
  if (!query.success || !shouldFetchWeather(query.data.location, query.data.units)) {
    return widgetJson({ message: WEATHER_MESSAGES.notFound }, 404);
  }
  try {
    return widgetJson(await fetchWeather(kind, query.data.location, query.data.units));
  } catch (error) {
    const failure = widgetError(error, WEATHER_MESSAGES.notFound, WEATHER_MESSAGES.failed);
    return widgetJson({ message: failure.message }, failure.status);
  }
}

/** /api/weather/locations?query=: 3 to 100 trimmed characters, else 404 as the service answers. */
export async function locationsEndpoint(params: URLSearchParams): Promise<Response> {
  const query = searchableQuery(params.get("query") ?? "");
  if (!query) return widgetJson({ message: WEATHER_MESSAGES.locationNotFound }, 404);
  try {
    return widgetJson(await searchLocations(query));
  } catch (error) {
    const failure = widgetError(error, WEATHER_MESSAGES.locationNotFound, WEATHER_MESSAGES.locationFailed);
    return widgetJson({ message: failure.message }, failure.status);
  }
}

/** /api/forex?base=: a three-letter code in capitals, else 404 as the service answers an unknown base. */
export async function forexEndpoint(params: URLSearchParams): Promise<Response> {
  const base = params.get("base") ?? "";
  if (!/^[A-Z]{3}$/.test(base)) {
    return widgetJson({ message: forexFailure("the base must be a three-letter currency code such as USD.") }, 404);
  }
  try {
    return widgetJson(await fetchRates(base));
  } catch (error) {
    const failure = forexError(error, base);
    return widgetJson({ message: failure.message }, failure.status);
  }
}
