import type { Clock } from "../clock";
import { nearestPlace, searchPlaces, type Place } from "../gazetteer";
import { compassPoint, describeWeather, weatherGroup, weatherIcon } from "./codes";
import type { ForecastDay, HourlyWeather, Units, WeatherProvider, WeatherQuery, WeatherReport } from "./types";

/**
 * SIMULATED weather, offline and deterministic: nothing here is a real observation or forecast.
 *
 * Climate comes from latitude and day of year: an annual mean that falls with latitude
 * (28 °C − 0.0065·lat²), a seasonal swing that grows with latitude (0.2 °C per degree, at most
 * 16 °C) peaking in mid-July in the north and mid-January in the south, and a wet season in the
 * tropics and subtropics. Each day adds a pseudo-random variation (temperature anomaly, chance and
 * kind of precipitation, cloud, wind, humidity) from a generator seeded with the latitude and
 * longitude rounded to 0.1° and the local date, smoothed with the previous day's. Sunrise, sunset,
 * day length and UV come from the solar declination. The time zone is approximated from the
 * longitude (UTC + round(lon / 15) hours). Same place, date and units: same answer.
 */
export function simulatedWeather(clock: Clock): WeatherProvider {
  return {
    async report(query, units, days) {
      const place = resolve(query);
      if (!place) return null;
      return simulate(place, units, days, clock());
    },
  };
}

type Resolved = { name: string; region: string; country: string; lat: number; lon: number };

function resolve(query: WeatherQuery): Resolved | undefined {
  if (query.kind === "coordinates") {
    const near: Place | undefined = nearestPlace(query.lat, query.lon);
    return {
      name: near?.name ?? "",
      region: near?.region ?? "",
      country: near?.country ?? "",
      lat: round(query.lat, 4),
      lon: round(query.lon, 4),
    };
  }
  return searchPlaces(query.text, { limit: 1, exactFirst: true })[0];
}

const DAY_MS = 86_400_000;
const RAD = Math.PI / 180;

const round = (value: number, digits = 0) => {
  const factor = 10 ** digits;
  const rounded = Math.round(value * factor) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
};
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const pad2 = (n: number) => String(n).padStart(2, "0");

/** The place's time zone, approximated from its longitude: whole hours, −12 to +12. */
export const utcOffsetHours = (lon: number) => clamp(Math.round(lon / 15), -12, 12);

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** FNV-1a over the seed text, then mulberry32: a small, fast, well-mixed generator. */
function seededRandom(seed: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Daylight =
  { kind: "normal"; rise: number; set: number; hours: number } | { kind: "polar-day" | "polar-night"; hours: number };

type SimulatedDay = {
  date: string;
  avgC: number;
  rangeC: number;
  windKmh: number;
  windDeg: number;
  humidity: number;
  precipMm: number;
  snowCm: number;
  sunHour: number;
  uvIndex: number;
  daylight: Daylight;
  /** Codes for 00:00, 03:00, … 21:00. */
  codes: number[];
};

const DRY_STEPS = [113, 116, 119, 122];
const LIGHT = new Set([176, 179, 182, 185, 200, 263, 266, 293, 296, 323, 326, 353, 368, 386, 392]);
const HEAVY = new Set([230, 305, 308, 335, 338, 359]);
const CLOUD_COVER: Record<string, number> = { clear: 0.05, fog: 0.8, rain: 0.75, snow: 0.8, thunder: 0.7 };

function cloudCover(code: number): number {
  if (code === 116) return 0.35;
  if (code === 119) return 0.65;
  if (code === 122) return 0.9;
  return CLOUD_COVER[weatherGroup(code) ?? "clear"] ?? 0.5;
}

function dayOfYear(date: string): number {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Math.floor((ms - Date.UTC(new Date(ms).getUTCFullYear(), 0, 1)) / DAY_MS) + 1;
}

function daylightOf(lat: number, lon: number, doy: number): Daylight {
  const declination = 23.44 * Math.sin((2 * Math.PI * (284 + doy)) / 365);
  const cosH = -Math.tan(lat * RAD) * Math.tan(declination * RAD);
  if (cosH <= -1) return { kind: "polar-day", hours: 24 };
  if (cosH >= 1) return { kind: "polar-night", hours: 0 };
  const halfDayHours = Math.acos(cosH) / RAD / 15;
  const solarNoon = 12 + (utcOffsetHours(lon) * 15 - lon) / 15;
  return { kind: "normal", rise: solarNoon - halfDayHours, set: solarNoon + halfDayHours, hours: 2 * halfDayHours };
}

function noonElevation(lat: number, doy: number): number {
  const declination = 23.44 * Math.sin((2 * Math.PI * (284 + doy)) / 365);
  return 90 - Math.abs(lat - declination);
}

function dayCode(avgC: number, rain: boolean, rCloud: number, rKind: number): number {
  if (!rain) {
    if (rCloud < 0.35) return 113;
    if (rCloud < 0.6) return 116;
    if (rCloud < 0.8) return 119;
    if (rCloud < 0.94) return 122;
    return avgC < 0 ? 260 : rCloud < 0.97 ? 143 : 248;
  }
  if (avgC < 0.5) {
    const snow = [179, 323, 326, 368, 329, 332, 371, 335, 338, 227, 230];
    return snow[Math.min(snow.length - 1, Math.floor(rKind * snow.length))] as number;
  }
  if (avgC < 2.5) return rKind < 0.6 ? 182 : 185;
  if (avgC >= 22 && rKind > 0.6) return rKind < 0.8 ? 200 : rKind < 0.93 ? 386 : 389;
  const rainCodes = [176, 263, 266, 293, 296, 353, 299, 302, 356, 305, 308, 359];
  return rainCodes[Math.min(rainCodes.length - 1, Math.floor(rKind * rainCodes.length))] as number;
}

/** A lighter code of the same family, for the hours of a wet day that are not at the peak. */
function lighterCode(code: number): number {
  const group = weatherGroup(code);
  if (group === "thunder") return code === 200 ? 176 : 200;
  if (group === "snow") return code === 179 ? 119 : 179;
  if (group === "rain") return code === 176 ? 119 : 176;
  return code;
}

function simulateDay(lat: number, lon: number, date: string): SimulatedDay {
  const seed = `${lat.toFixed(1)}|${lon.toFixed(1)}`;
  const r = seededRandom(`${seed}|${date}`);
  const previousDate = isoDate(Date.parse(`${date}T00:00:00Z`) - DAY_MS);
  const previousNoise = seededRandom(`${seed}|${previousDate}`)() * 2 - 1;

  const doy = dayOfYear(date);
  const absLat = Math.abs(lat);
  const meanC = 28 - 0.0065 * lat * lat;
  const amplitude = Math.min(0.2 * absLat, 16);
  const season = Math.cos((2 * Math.PI * (doy - 200)) / 365.25) * (lat >= 0 ? 1 : -1);
  const summer = (season + 1) / 2;

  const noise = r() * 2 - 1;
  const avgC = meanC + amplitude * season + 3.5 * (0.65 * noise + 0.35 * previousNoise);

  const wetChance = absLat < 12 ? 0.45 + 0.1 * summer : absLat < 30 ? 0.15 + 0.35 * summer : absLat < 60 ? 0.38 : 0.3;
  const rain = r() < wetChance;
  const code = dayCode(avgC, rain, r(), r());
  const group = weatherGroup(code);
  const wet = group === "rain" || group === "snow" || group === "thunder";

  let rangeC = 5 + r() * 6;
  if (wet) rangeC *= 0.6;
  if (absLat < 15) rangeC *= 0.8;

  const windKmh = 4 + r() * 22 + (group === "thunder" || code === 227 || code === 230 ? 12 : 0);
  const windDeg = r() * 360;
  const humidity = clamp(
    60 +
      (absLat < 25 ? 12 : 0) +
      (wet ? 18 : 0) +
      (group === "fog" ? 25 : 0) -
      (code === 113 ? 10 : 0) +
      (r() * 16 - 8),
    15,
    100,
  );

  const amount = r();
  const band = LIGHT.has(code) ? [0.3, 3] : HEAVY.has(code) ? [10, 35] : [3, 10];
  const precipMm = wet ? (band[0] as number) + amount * ((band[1] as number) - (band[0] as number)) : 0;
  const snowCm = group === "snow" && code !== 182 && code !== 185 ? precipMm : 0;

  const daylight = daylightOf(lat, lon, doy);
  const cloud = cloudCover(code);
  const elevation = noonElevation(lat, doy);
  const uvClear = elevation > 0 ? 12.5 * Math.sin(elevation * RAD) ** 2.5 : 0;

  const codes: number[] = [];
  for (let slot = 0; slot < 8; slot++) {
    const hourDraw = r();
    if (group === "fog") codes.push(slot <= 3 ? code : 116);
    else if (wet) codes.push(hourDraw < 0.6 ? code : lighterCode(code));
    else {
      const step = DRY_STEPS.indexOf(code);
      const shifted = hourDraw < 0.75 ? step : hourDraw < 0.875 ? step - 1 : step + 1;
      codes.push(DRY_STEPS[clamp(shifted, 0, DRY_STEPS.length - 1)] as number);
    }
  }

  return {
    date,
    avgC,
    rangeC,
    windKmh,
    windDeg,
    humidity,
    precipMm,
    snowCm,
    sunHour: daylight.hours * (1 - cloud),
    uvIndex: clamp(Math.round(uvClear * (1 - 0.75 * cloud)), 0, 11),
    daylight,
    codes,
  };
}

/** Temperature at a local hour: lowest at 03:00, highest at 15:00. */
const temperatureAt = (day: SimulatedDay, hour: number) =>
  day.avgC + (day.rangeC / 2) * Math.cos((2 * Math.PI * (hour - 15)) / 24);

const temperature = (celsius: number, units: Units) => round(units === "f" ? (celsius * 9) / 5 + 32 : celsius);
const wind = (kmh: number, units: Units) => round(units === "f" ? kmh / 1.609344 : kmh / 3.6, 1);
const precipitation = (mm: number, units: Units) => (units === "f" ? round(mm / 25.4, 2) : round(mm, 1));
const snow = (cm: number, units: Units) => (units === "f" ? round(cm / 2.54, 1) : round(cm, 1));

function clockTime(hours: number): string {
  const minutes = ((Math.round(hours * 60) % 1440) + 1440) % 1440;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${pad2(h12)}:${pad2(m)} ${h < 12 ? "AM" : "PM"}`;
}

function astro(daylight: Daylight): ForecastDay["astro"] {
  if (daylight.kind !== "normal") return { sunrise: "No sunrise", sunset: "No sunset" };
  return { sunrise: clockTime(daylight.rise), sunset: clockTime(daylight.set) };
}

function forecastDay(day: SimulatedDay, units: Units): ForecastDay {
  const hourly: HourlyWeather[] = day.codes.map((code, slot) => ({
    time: String(slot * 300),
    weatherCode: code,
    temperature: temperature(temperatureAt(day, slot * 3), units),
  }));
  return {
    date: day.date,
    dateEpoch: Date.parse(`${day.date}T00:00:00Z`) / 1000,
    minTemp: temperature(day.avgC - day.rangeC / 2, units),
    maxTemp: temperature(day.avgC + day.rangeC / 2, units),
    avgTemp: temperature(day.avgC, units),
    totalSnow: snow(day.snowCm, units),
    sunHour: round(day.sunHour, 1),
    uvIndex: day.uvIndex,
    hourly,
    astro: astro(day.daylight),
  };
}

function isDaytime(daylight: Daylight, hour: number): boolean {
  if (daylight.kind !== "normal") return daylight.kind === "polar-day";
  return hour >= daylight.rise && hour < daylight.set;
}

/** The report for a resolved place at `now`: today's conditions and `days` forecast days from today. */
export function simulate(place: Resolved, units: Units, days: number, now: number): WeatherReport {
  const lat = round(place.lat, 1);
  const lon = round(place.lon, 1);
  const local = new Date(now + utcOffsetHours(place.lon) * 3_600_000);
  const todayMs = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const hour = local.getUTCHours() + local.getUTCMinutes() / 60;

  const simulated = Array.from({ length: days }, (_, i) => simulateDay(lat, lon, isoDate(todayMs + i * DAY_MS)));
  const today = simulated[0] as SimulatedDay;
  const code = today.codes[Math.min(7, Math.floor(hour / 3))] as number;
  const group = weatherGroup(code);
  const wetNow = group === "rain" || group === "snow" || group === "thunder";

  const forecast: Record<string, ForecastDay> = {};
  for (const day of simulated) forecast[day.date] = forecastDay(day, units);

  return {
    location: {
      name: place.name,
      region: place.region,
      country: place.country,
      localTime: `${isoDate(todayMs)} ${pad2(local.getUTCHours())}:${pad2(local.getUTCMinutes())}`,
      lat: place.lat,
      lon: place.lon,
    },
    current: {
      temperature: temperature(temperatureAt(today, hour), units),
      windSpeed: wind(today.windKmh, units),
      windDir: compassPoint(today.windDeg),
      humidity: round(clamp(today.humidity + 8 * Math.cos((2 * Math.PI * (hour - 4)) / 24), 10, 100)),
      precip: precipitation(wetNow ? today.precipMm / 8 : 0, units),
      weatherCode: code,
      weatherDescriptions: [describeWeather(code, isDaytime(today.daylight, hour))],
      icon: weatherIcon(code),
    },
    forecast,
  };
}
