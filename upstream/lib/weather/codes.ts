/**
 * Weather condition codes as weatherstack (and World Weather Online) use them, with their English
 * descriptions. 113 reads "Sunny" by day and "Clear" by night.
 */
export const WEATHER_CODES: Readonly<Record<number, string>> = {
  113: "Sunny",
  116: "Partly cloudy",
  119: "Cloudy",
  122: "Overcast",
  143: "Mist",
  176: "Patchy rain possible",
  179: "Patchy snow possible",
  182: "Patchy sleet possible",
  185: "Patchy freezing drizzle possible",
  200: "Thundery outbreaks possible",
  227: "Blowing snow",
  230: "Blizzard",
  248: "Fog",
  260: "Freezing fog",
  263: "Patchy light drizzle",
  266: "Light drizzle",
  281: "Freezing drizzle",
  284: "Heavy freezing drizzle",
  293: "Patchy light rain",
  296: "Light rain",
  299: "Moderate rain at times",
  302: "Moderate rain",
  305: "Heavy rain at times",
  308: "Heavy rain",
  311: "Light freezing rain",
  314: "Moderate or heavy freezing rain",
  317: "Light sleet",
  320: "Moderate or heavy sleet",
  323: "Patchy light snow",
  326: "Light snow",
  329: "Patchy moderate snow",
  332: "Moderate snow",
  335: "Patchy heavy snow",
  338: "Heavy snow",
  350: "Ice pellets",
  353: "Light rain shower",
  356: "Moderate or heavy rain shower",
  359: "Torrential rain shower",
  362: "Light sleet showers",
  365: "Moderate or heavy sleet showers",
  368: "Light snow showers",
  371: "Moderate or heavy snow showers",
  374: "Light showers of ice pellets",
  377: "Moderate or heavy showers of ice pellets",
  386: "Patchy light rain with thunder",
  389: "Moderate or heavy rain with thunder",
  392: "Patchy light snow with thunder",
  395: "Moderate or heavy snow with thunder",
};

export type WeatherGroup = "clear" | "cloudy" | "fog" | "rain" | "snow" | "thunder";

const GROUPS: ReadonlyArray<[WeatherGroup, readonly number[]]> = [
  ["clear", [113]],
  ["cloudy", [116, 119, 122]],
  ["fog", [143, 248, 260]],
  ["thunder", [200, 386, 389, 392, 395]],
  [
    "snow",
    [
      179, 182, 185, 227, 230, 281, 284, 311, 314, 317, 320, 323, 326, 329, 332, 335, 338, 350, 362, 365, 368, 371, 374,
      377,
    ],
  ],
  ["rain", [176, 263, 266, 293, 296, 299, 302, 305, 308, 353, 356, 359]],
];

/** The family a code belongs to (clear, cloudy, fog, rain, snow or sleet, thunder). */
export function weatherGroup(code: number): WeatherGroup | undefined {
  return GROUPS.find(([, codes]) => codes.includes(code))?.[0];
}

export function describeWeather(code: number, isDay = true): string {
  if (code === 113 && !isDay) return "Clear";
  return WEATHER_CODES[code] ?? "Unknown";
}

/** The icon the portal serves for a code. */
export const weatherIcon = (code: number) => `/images/weather/${code}.svg`;

const COMPASS = [
  "N",
  "NNE",
  "NE",
  "ENE",
  "E",
  "ESE",
  "SE",
  "SSE",
  "S",
  "SSW",
  "SW",
  "WSW",
  "W",
  "WNW",
  "NW",
  "NNW",
] as const;

/** Degrees (where the wind comes from) as one of the 16 compass points. */
export function compassPoint(degrees: number): string {
  const normalized = ((degrees % 360) + 360) % 360;
  return COMPASS[Math.round(normalized / 22.5) % 16] as string;
}
