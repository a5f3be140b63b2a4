/** `m`: °C, wind m/s, precipitation mm, snow cm. `f`: °F, wind mph, precipitation and snow in inches. */
export type Units = "m" | "f";

export type WeatherLocation = {
  name: string;
  region: string;
  country: string;
  /** "YYYY-MM-DD HH:mm" in the place's time zone. */
  localTime: string;
  lat: number;
  lon: number;
};

export type CurrentWeather = {
  temperature: number;
  windSpeed: number;
  /** Where the wind comes from, one of the 16 compass points ("NNE"). */
  windDir: string;
  humidity: number;
  precip: number;
  weatherCode: number;
  weatherDescriptions: string[];
  /** A path the portal serves, `/images/weather/{code}.svg`. */
  icon: string;
};

export type HourlyWeather = {
  /** Local time as weatherstack writes it: "0", "300", … "2100". */
  time: string;
  weatherCode: number;
  temperature: number;
};

export type ForecastDay = {
  date: string;
  /** Seconds since the epoch at 00:00 UTC of `date`. */
  dateEpoch: number;
  minTemp: number;
  maxTemp: number;
  avgTemp: number;
  totalSnow: number;
  sunHour: number;
  uvIndex: number;
  hourly: HourlyWeather[];
  /** Local times like "06:52 AM"; "No sunrise" / "No sunset" in polar day or night. */
  astro: { sunrise: string; sunset: string };
};

export type WeatherReport = {
  location: WeatherLocation;
  current: CurrentWeather;
  /** Keyed by date ("YYYY-MM-DD"): today only for `current`, seven days from today for `weekly`. */
  forecast: Record<string, ForecastDay>;
};

export type WeatherQuery = { kind: "coordinates"; lat: number; lon: number } | { kind: "place"; text: string };

/**
 * Where weather comes from. `null` means the place is not known (the endpoint answers `[]`); a
 * failure of a real service throws an `ApiError` (502 / 504 PROVIDER_UNAVAILABLE).
 */
export type WeatherProvider = {
  report(query: WeatherQuery, units: Units, days: 1 | 7): Promise<WeatherReport | null>;
};
