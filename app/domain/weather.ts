/**
 * The weather widget's rules of the specification, shared by the server and
 * the browser. No I/O, no zod: the browser bundle stays small.
 */

// ---------- shapes (the weather service's contract) ----------
export type Unit = "m" | "f";

export type LocationResult = { name: string; region: string; country: string; lat: string; lon: string };

export type ForecastDay = {
  date: string;
  dateEpoch?: number;
  minTemp: number;
  maxTemp: number;
  avgTemp?: number;
  totalSnow?: number;
  sunHour?: number;
  uvIndex?: number;
  hourly: Array<{ time: string; weatherCode: number; temperature?: number }>;
  astro?: { sunrise?: string; sunset?: string };
};

export type WeatherItem = {
  location: { name: string; region: string; country: string; localTime?: string; lat?: string; lon?: string };
  current: {
    temperature: number;
    windSpeed: number;
    windDir: string;
    humidity: number;
    precip?: number;
    weatherCode: number;
    weatherDescriptions: string[];
    icon?: string;
  };
  forecast?: Record<string, ForecastDay> | null;
};

// ---------- messages (the specification's, exactly) ----------
export const WEATHER_MESSAGES = {
  empty: "Weather data not available for this location.",
  notFound: "Weather conditions not found or invalid input.",
  failed: "Error fetching weather data.",
  locationNotFound: "location conditions not found or invalid input.",
  locationFailed: "Error fetching location data.",
  noResults: "No results found",
} as const;

export const UNKNOWN_LOCATION = "Unknown Location";
export const LOCATION_PLACEHOLDER = "City, State/Province, Country";
/** The location search starts at 3 trimmed characters, debounced 300 ms. */
export const LOCATION_MIN_CHARS = 3;
export const LOCATION_MAX_CHARS = 100;
export const LOCATION_DEBOUNCE_MS = 300;
export const FORECAST_DAYS = 7;

// ---------- units (temperature: m metric or f imperial; wind: m/s or rounded mph) ----------
export function isUnit(value: unknown): value is Unit {
  return value === "m" || value === "f";
}

/** f (°F, mph) for country USA, otherwise m (°C, m/s). */
export function defaultUnit(countryCode: string | null | undefined): Unit {
  return (countryCode ?? "").trim().toUpperCase() === "USA" ? "f" : "m";
}

export function temperatureSymbol(unit: Unit): "°C" | "°F" {
  return unit === "f" ? "°F" : "°C";
}

export function formatTemperature(value: number, unit: Unit): string {
  return `${Math.round(value)}${temperatureSymbol(unit)}`;
}

/** Wind: m/s in metric (one decimal at most), rounded mph in imperial. */
export function formatWind(speed: number, unit: Unit): string {
  if (!Number.isFinite(speed)) return "-";
  if (unit === "f") return `${Math.round(speed)} mph`;
  return `${Math.round(speed * 10) / 10} m/s`;
}

// ---------- weather-code groups ----------
export type WeatherGroup = "clear" | "cloudy" | "rain" | "snow" | "thunder" | "fog";

export const WEATHER_GROUP_LABELS: Record<WeatherGroup, string> = {
  clear: "Clear",
  cloudy: "Cloudy",
  rain: "Rain",
  snow: "Snow",
  thunder: "Thunderstorm",
  fog: "Fog",
};

// World Weather Online codes (the ones weatherstack speaks), 113 and up.
const WWO: ReadonlyArray<[WeatherGroup, readonly number[]]> = [
  ["clear", [113]],
  ["cloudy", [116, 119, 122]],
  ["fog", [143, 248, 260]],
  ["thunder", [200, 386, 389, 392, 395]],
  ["snow", [179, 182, 227, 230, 317, 320, 323, 326, 329, 332, 335, 338, 350, 362, 365, 368, 371, 374, 377]],
  ["rain", [176, 185, 263, 266, 281, 284, 293, 296, 299, 302, 305, 308, 311, 314, 353, 356, 359]],
];

// WMO codes (0–99), in case a service speaks those instead: the two ranges do not overlap.
function wmoGroup(code: number): WeatherGroup | null {
  if (code === 0 || code === 1) return "clear";
  if (code === 2 || code === 3) return "cloudy";
  if (code === 45 || code === 48) return "fog";
  if ((code >= 51 && code <= 67) || (code >= 80 && code <= 82)) return "rain";
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return "snow";
  if (code >= 95 && code <= 99) return "thunder";
  return null;
}

/** The icon group of a weather code; an unknown code is read from the description, else cloudy. */
export function weatherGroup(code: number | null | undefined, description = ""): WeatherGroup {
  if (typeof code === "number" && Number.isInteger(code)) {
    const wwo = WWO.find(([, codes]) => codes.includes(code));
    if (wwo) return wwo[0];
    const wmo = code < 100 ? wmoGroup(code) : null;
    if (wmo) return wmo;
  }
  const text = description.toLowerCase();
  if (/thunder/.test(text)) return "thunder";
  if (/snow|sleet|blizzard|ice/.test(text)) return "snow";
  if (/rain|drizzle|shower/.test(text)) return "rain";
  if (/fog|mist|haze/.test(text)) return "fog";
  if (/sun|clear/.test(text)) return "clear";
  return "cloudy";
}

// ---------- names (title case but for five abbreviations) ----------
export const KEPT_ABBREVIATIONS = ["NY", "NJ", "FL", "USA", "QLD"] as const;
/**
 * Words that stay lower case inside a name: English "of", "and", "the", and the particles of the
 * place names the gazetteer answers (Île-de-France, Rio de Janeiro, Mato Grosso do Sul, Andorra la
 * Vella, Frankfurt am Main, Stoke-on-Trent, Boulogne-sur-Mer).
 */
const MINOR_WORDS = new Set([
  "of",
  "and",
  "the",
  "on",
  "upon",
  "de",
  "del",
  "della",
  "di",
  "da",
  "do",
  "dos",
  "das",
  "du",
  "des",
  "la",
  "le",
  "les",
  "en",
  "sur",
  "e",
  "y",
  "am",
  "der",
  "op",
]);

/**
 * Country and region names are title-cased, except the abbreviations NY, NJ, FL, USA and QLD,
 * which stay upper case. Words are split at spaces and hyphens; the minor words above stay lower
 * case anywhere but at the start of the name; after a one-letter elision the name is capitalised
 * too (O'Fallon).
 */
export function titleCase(name: string): string {
  let first = true;
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) =>
      word
        .split("-")
        .map((part) => {
          const atStart = first;
          if (part) first = false;
          const upper = part.toUpperCase();
          if ((KEPT_ABBREVIATIONS as readonly string[]).includes(upper)) return upper;
          const lower = part.toLowerCase();
          if (!atStart && MINOR_WORDS.has(lower)) return lower;
          // O'Fallon, D'Orlando: a one-letter elision capitalises the name after it.
          const elided = /^(\p{L})['’](\p{L}.*)$/u.exec(lower);
          if (elided) return `${elided[1]!.toUpperCase()}'${elided[2]!.charAt(0).toUpperCase()}${elided[2]!.slice(1)}`;
          return lower.charAt(0).toUpperCase() + lower.slice(1);
        })
        .join("-"),
    )
    .join(" ");
}

/** "Name, Region, Country" with the empty parts left out (not title-cased). */
export function fullName(place: { name?: string; region?: string; country?: string }): string {
  return [place.name, place.region, place.country]
    .map((part) => (part ?? "").trim())
    .filter(Boolean)
    .join(", ");
}

/** The title-cased label of a place, for the widget and the search results. */
export function placeLabel(place: { name?: string; region?: string; country?: string }): string {
  return [place.name, place.region, place.country]
    .map((part) => titleCase(part ?? ""))
    .filter(Boolean)
    .join(", ");
}

// ---------- location search ----------
/** The search starts only at 3 or more trimmed characters (and the portal's 100 at most). */
export function searchableQuery(query: string): string | null {
  const trimmed = query.trim();
  return trimmed.length >= LOCATION_MIN_CHARS && trimmed.length <= LOCATION_MAX_CHARS ? trimmed : null;
}

/** Results de-duplicated by full name ("name, region, country"), case-insensitively; first one wins. */
export function dedupeLocations<T extends { name: string; region: string; country: string }>(
  results: readonly T[],
): T[] {
  const seen = new Set<string>();
  return results.filter((result) => {
    const key = fullName(result).toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Ranked by a contains match on the query: names that start with its first part (before a comma),
 * then names that contain it, then full names that contain the whole query, then the rest, each
 * group in the service's order (which already weighs "City, Region" qualifiers).
 */
export function rankLocations<T extends { name: string; region: string; country: string }>(
  results: readonly T[],
  query: string,
): T[] {
  const q = query.trim().toLowerCase();
  const head = q.split(",")[0]!.trim();
  const score = (result: T) => {
    const name = result.name.toLowerCase();
    if (!head) return 3;
    if (name.startsWith(head)) return 0;
    if (name.includes(head)) return 1;
    if (fullName(result).toLowerCase().includes(q)) return 2;
    return 3;
  };
  return results
    .map((result, index) => ({ result, index, score: score(result) }))
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .map((entry) => entry.result);
}

/** What the search list shows: de-duplicated, then ranked. */
export function searchResults<T extends { name: string; region: string; country: string }>(
  results: readonly T[],
  query: string,
): T[] {
  return rankLocations(dedupeLocations(results), query);
}

export function resultsAnnouncement(count: number): string {
  if (count === 0) return WEATHER_MESSAGES.noResults;
  return count === 1 ? "1 location found" : `${count} locations found`;
}

// ---------- the agent's location (profile locationData) ----------
export type AgentPlace = { name: string; region: string; country: string; lat: string; long: string };

/** locationData's key/value pairs; `city` is read when `name` is absent. */
export function agentPlace(locationData: ReadonlyArray<{ key: string; value: string }>): AgentPlace {
  const get = (key: string) => locationData.find((entry) => entry.key === key)?.value?.trim() ?? "";
  return {
    name: get("name") || get("city"),
    region: get("region"),
    country: get("country"),
    lat: get("lat"),
    long: get("long"),
  };
}

/** The widget's place label: the title-cased location, or 'Unknown Location' without a name. */
export function agentPlaceLabel(place: AgentPlace): string {
  return place.name ? placeLabel(place) : UNKNOWN_LOCATION;
}

/** The weather service's location parameter: "lat,long" when both are known, else the place's name. */
export function weatherLocation(place: AgentPlace): string {
  if (place.lat && place.long) return `${place.lat},${place.long}`;
  return fullName(place);
}

/** Weather is fetched only if the location is not empty or just a comma, and a unit is set. */
export function shouldFetchWeather(location: string | null | undefined, unit: unknown): boolean {
  const trimmed = (location ?? "").trim();
  return trimmed !== "" && trimmed.replace(/\s/g, "") !== "," && isUnit(unit);
}

// ---------- what the widget shows ----------
export type WeatherView = {
  place: string;
  localTime: string;
  unit: Unit;
  temperature: string;
  description: string;
  group: WeatherGroup;
  wind: string;
  windDir: string;
  humidity: string;
  today: { min: string; max: string; sunrise: string; sunset: string };
};

export type ForecastCard = {
  key: string;
  weekday: string;
  date: string;
  group: WeatherGroup | null;
  min: string;
  max: string;
};

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

/** "2026-03-09" → { weekday: "Mon", date: "09MAR" } (ddMMM upper case); else placeholders. */
export function dayLabel(isoDate: string): { weekday: string; date: string } {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return { weekday: "-", date: "-" };
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  if (day.getUTCMonth() !== m - 1) return { weekday: "-", date: "-" };
  return { weekday: WEEKDAYS[day.getUTCDay()]!, date: `${String(d).padStart(2, "0")}${MONTHS[m - 1]}` };
}

/** A day's weather code: the midday hour's, else the middle hour's, else none. */
export function dayWeatherCode(day: Pick<ForecastDay, "hourly"> | undefined): number | null {
  const hourly = day?.hourly ?? [];
  if (hourly.length === 0) return null;
  const noon = hourly.find((h) => String(h.time) === "1200" || String(h.time) === "12:00");
  return (noon ?? hourly[Math.floor(hourly.length / 2)]!).weatherCode;
}

function sortedDays(forecast: WeatherItem["forecast"]): ForecastDay[] {
  return Object.values(forecast ?? {}).sort((a, b) => a.date.localeCompare(b.date));
}

/** The forecast as seven cards; missing days show the 0 and - placeholders. */
export function forecastCards(forecast: WeatherItem["forecast"], unit: Unit, count = FORECAST_DAYS): ForecastCard[] {
  const days = sortedDays(forecast).slice(0, count);
  const cards: ForecastCard[] = days.map((day) => {
    const code = dayWeatherCode(day);
    return {
      key: day.date,
      ...dayLabel(day.date),
      group: code === null ? null : weatherGroup(code),
      min: formatTemperature(day.minTemp, unit),
      max: formatTemperature(day.maxTemp, unit),
    };
  });
  while (cards.length < count) {
    cards.push({
      key: `missing-${cards.length}`,
      weekday: "-",
      date: "-",
      group: null,
      min: formatTemperature(0, unit),
      max: formatTemperature(0, unit),
    });
  }
  return cards;
}

/** The current conditions as the widget shows them; today's figures fall back to 0 and -. */
export function weatherView(item: WeatherItem, unit: Unit, place: string): WeatherView {
  const today = sortedDays(item.forecast)[0];
  const description = item.current.weatherDescriptions.filter(Boolean).join(", ");
  return {
    place,
    localTime: item.location.localTime ?? "",
    unit,
    temperature: formatTemperature(item.current.temperature, unit),
    description: description || WEATHER_GROUP_LABELS[weatherGroup(item.current.weatherCode)],
    group: weatherGroup(item.current.weatherCode, description),
    wind: formatWind(item.current.windSpeed, unit),
    windDir: item.current.windDir || "",
    humidity: `${Math.round(item.current.humidity)}%`,
    today: {
      min: formatTemperature(today?.minTemp ?? 0, unit),
      max: formatTemperature(today?.maxTemp ?? 0, unit),
      sunrise: today?.astro?.sunrise || "-",
      sunset: today?.astro?.sunset || "-",
    },
  };
}
