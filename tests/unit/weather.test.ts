import { describe, expect, it } from "vitest";
import {
  UNKNOWN_LOCATION,
  agentPlace,
  agentPlaceLabel,
  dayLabel,
  dayWeatherCode,
  dedupeLocations,
  defaultUnit,
  forecastCards,
  formatTemperature,
  formatWind,
  rankLocations,
  resultsAnnouncement,
  searchResults,
  searchableQuery,
  shouldFetchWeather,
  titleCase,
  weatherGroup,
  weatherLocation,
  weatherView,
  type ForecastDay,
  type WeatherItem,
} from "~/domain/weather";

describe("weather-code icons group into clear, cloudy, rain, snow, thunder and fog", () => {
  it.each([
    // World Weather Online codes (weatherstack)
    [113, "clear"],
    [116, "cloudy"],
    [119, "cloudy"],
    [122, "cloudy"],
    [143, "fog"],
    [248, "fog"],
    [260, "fog"],
    [176, "rain"],
    [263, "rain"],
    [296, "rain"],
    [308, "rain"],
    [353, "rain"],
    [359, "rain"],
    [179, "snow"],
    [227, "snow"],
    [230, "snow"],
    [338, "snow"],
    [350, "snow"],
    [377, "snow"],
    [200, "thunder"],
    [386, "thunder"],
    [395, "thunder"],
    // WMO codes, should a service speak those
    [0, "clear"],
    [1, "clear"],
    [3, "cloudy"],
    [45, "fog"],
    [61, "rain"],
    [81, "rain"],
    [73, "snow"],
    [86, "snow"],
    [95, "thunder"],
  ] as const)("code %i → %s", (code, group) => {
    expect(weatherGroup(code)).toBe(group);
  });

  it.each([
    [999, "Light snow showers", "snow"],
    [999, "Thunderstorm in vicinity", "thunder"],
    [999, "Patchy rain nearby", "rain"],
    [999, "Haze", "fog"],
    [999, "Sunny", "clear"],
    [999, "", "cloudy"],
    [null, "", "cloudy"],
  ] as const)("an unknown code %s is read from its description %j → %s", (code, description, group) => {
    expect(weatherGroup(code, description)).toBe(group);
  });
});

describe("the temperature unit defaults to f for country USA, else m", () => {
  it.each([
    ["USA", "f"],
    ["usa", "f"],
    [" USA ", "f"],
    ["CAN", "m"],
    ["GBR", "m"],
    ["PRI", "m"],
    ["", "m"],
    [null, "m"],
    [undefined, "m"],
  ] as const)("%j → %s", (country, unit) => {
    expect(defaultUnit(country)).toBe(unit);
  });

  it.each([
    [12.44, "m", "12.4 m/s"],
    [3, "m", "3 m/s"],
    [12.5, "f", "13 mph"],
    [7.4, "f", "7 mph"],
    [0, "f", "0 mph"],
    [Number.NaN, "m", "-"],
  ] as const)("wind %s in %s → %s (m/s metric, rounded mph imperial)", (speed, unit, text) => {
    expect(formatWind(speed, unit)).toBe(text);
  });

  it.each([
    [21.6, "m", "22°C"],
    [-3.4, "m", "-3°C"],
    [71, "f", "71°F"],
  ] as const)("temperature %s in %s → %s", (value, unit, text) => {
    expect(formatTemperature(value, unit)).toBe(text);
  });
});

describe("country and region names are title-cased, except NY, NJ, FL, USA and QLD", () => {
  it.each([
    ["new york", "New York"],
    ["NEW YORK", "New York"],
    ["ny", "NY"],
    ["nj", "NJ"],
    ["Fl", "FL"],
    ["usa", "USA"],
    ["qld", "QLD"],
    ["brisbane qld", "Brisbane QLD"],
    ["united states of america", "United States of America"],
    ["trinidad and tobago", "Trinidad and Tobago"],
    ["the bahamas", "The Bahamas"],
    ["winston-salem", "Winston-Salem"],
    ["capo d'orlando", "Capo D'Orlando"],
    ["o'fallon", "O'Fallon"],
    ["people's republic", "People's Republic"],
    ["  saint   lucia ", "Saint Lucia"],
    ["florida", "Florida"],
    ["ca", "Ca"],
    // Region names from the gazetteer's GeoNames admin1 list, never a bare admin code.
    ["SICHUAN", "Sichuan"],
    ["chelyabinsk", "Chelyabinsk"],
    ["auvergne-rhône-alpes", "Auvergne-Rhône-Alpes"],
    ["île-de-france", "Île-de-France"],
    ["Rio De Janeiro", "Rio de Janeiro"],
    ["mato grosso do sul", "Mato Grosso do Sul"],
    ["andorra la vella", "Andorra la Vella"],
    ["STOKE-ON-TRENT", "Stoke-on-Trent"],
    ["frankfurt am main", "Frankfurt am Main"],
    ["de la paz", "De la Paz"],
    ["la rioja", "La Rioja"],
    ["long an province", "Long An Province"],
    ["gyeonggi-do", "Gyeonggi-do"],
    ["", ""],
  ])("%j → %j", (input, output) => {
    expect(titleCase(input)).toBe(output);
  });
});

const place = (name: string, region: string, country = "United States of America") => ({
  name,
  region,
  country,
  lat: "0",
  lon: "0",
});

describe("location search results are de-duplicated by full name and ranked by a contains match", () => {
  it.each([
    ["", null],
    ["  ", null],
    ["or", null],
    [" or ", null],
    ["orl", "orl"],
    ["  orl  ", "orl"],
    ["x".repeat(100), "x".repeat(100)],
    ["x".repeat(101), null],
  ])("the search starts only at 3 trimmed characters: %j → %j", (query, searched) => {
    expect(searchableQuery(query)).toBe(searched);
  });

  it("keeps the first of each full name, case-insensitively, and keeps places that differ in any part", () => {
    const results = [
      place("Orlando", "Florida"),
      place("ORLANDO", "florida"),
      place("Orlando", "Florida", "USA"),
      place("Orlando", "Oklahoma"),
      place("Orlando", "Florida"),
    ];
    expect(dedupeLocations(results)).toEqual([results[0], results[2], results[3]]);
  });

  it.each([
    [
      "orl",
      ["Port Orleans", "New Orleans", "Orlando", "Orleans", "Miami"],
      ["Orlando", "Orleans", "Port Orleans", "New Orleans", "Miami"],
    ],
    ["lon", ["Barcelona", "London", "Longview", "Paris"], ["London", "Longview", "Barcelona", "Paris"]],
    ["flo", ["Miami", "Orlando", "Florence"], ["Florence", "Miami", "Orlando"]],
    [
      "orlando, florida",
      ["Port Orlando", "Orlando", "Miami", "Orlando"],
      ["Orlando", "Orlando", "Port Orlando", "Miami"],
    ],
    ["Miami, Florida", ["Orlando", "North Miami", "Miami"], ["Miami", "North Miami", "Orlando"]],
  ])(
    "query %j ranks names starting with it, then containing it, then full names containing it",
    (query, names, ranked) => {
      const results = names.map((name) =>
        place(name, name === "Miami" || name === "Orlando" ? "Florida" : "Somewhere"),
      );
      expect(rankLocations(results, query).map((r) => r.name)).toEqual(ranked);
    },
  );

  it("de-duplicates, then ranks", () => {
    const results = [place("New Orleans", "Louisiana"), place("Orlando", "Florida"), place("orlando", "FLORIDA")];
    expect(searchResults(results, "Orl").map((r) => r.name)).toEqual(["Orlando", "New Orleans"]);
  });

  it.each([
    [0, "No results found"],
    [1, "1 location found"],
    [4, "4 locations found"],
  ])("%i results are announced as %j", (count, text) => {
    expect(resultsAnnouncement(count)).toBe(text);
  });
});

describe("weather is fetched only if the location is not empty or just a comma and a unit is set", () => {
  it.each([
    ["25.76,-80.19", "m", true],
    ["25.76,-80.19", "f", true],
    ["Miami, Florida, USA", "f", true],
    ["", "m", false],
    ["   ", "m", false],
    [",", "m", false],
    [" , ", "f", false],
    [null, "m", false],
    ["25.76,-80.19", "", false],
    ["25.76,-80.19", undefined, false],
    ["25.76,-80.19", "k", false],
  ])("%j with unit %j → %s", (location, unit, fetch) => {
    expect(shouldFetchWeather(location, unit)).toBe(fetch);
  });

  it.each([
    [
      [
        { key: "lat", value: "25.76" },
        { key: "long", value: "-80.19" },
        { key: "name", value: "miami" },
      ],
      "25.76,-80.19",
    ],
    [
      [
        { key: "name", value: "Miami" },
        { key: "region", value: "Florida" },
        { key: "country", value: "USA" },
      ],
      "Miami, Florida, USA",
    ],
    [
      [
        { key: "lat", value: "25.76" },
        { key: "city", value: "Miami" },
      ],
      "Miami",
    ],
    [[], ""],
  ])("the location parameter of %j is %j", (locationData, location) => {
    expect(weatherLocation(agentPlace(locationData))).toBe(location);
  });

  it.each([
    [
      [
        { key: "name", value: "orlando" },
        { key: "region", value: "florida" },
        { key: "country", value: "usa" },
      ],
      "Orlando, Florida, USA",
    ],
    [
      [
        { key: "city", value: "miami" },
        { key: "region", value: "fl" },
      ],
      "Miami, FL",
    ],
    [
      [
        { key: "lat", value: "1" },
        { key: "long", value: "2" },
        { key: "region", value: "Florida" },
      ],
      UNKNOWN_LOCATION,
    ],
    [[], UNKNOWN_LOCATION],
  ])("the place label of %j is %j ('Unknown Location' without a name)", (locationData, label) => {
    expect(agentPlaceLabel(agentPlace(locationData))).toBe(label);
  });
});

const day = (date: string, min: number, max: number, codes: number[] = [113]): ForecastDay => ({
  date,
  minTemp: min,
  maxTemp: max,
  hourly: codes.map((weatherCode, i) => ({ time: String(i * 300), weatherCode })),
  astro: { sunrise: "06:58 AM", sunset: "06:31 PM" },
});

describe("the forecast: seven cards; 0 and - placeholders when the forecast is missing", () => {
  it.each([
    ["2026-03-09", { weekday: "Mon", date: "09MAR" }],
    ["2026-12-31", { weekday: "Thu", date: "31DEC" }],
    ["2026-02-30", { weekday: "-", date: "-" }],
    ["soon", { weekday: "-", date: "-" }],
  ])("%s → %j", (date, label) => {
    expect(dayLabel(date)).toEqual(label);
  });

  it.each([
    [[113, 116, 119, 122, 176, 200, 227, 248], 176],
    [[113, 116, 296], 116],
    [[], null],
  ])("a day's icon comes from its midday hour: %j → %s", (codes, code) => {
    expect(dayWeatherCode(day("2026-03-09", 0, 0, codes))).toBe(code);
  });

  it("sorts the days by date and draws seven cards", () => {
    const forecast = Object.fromEntries(
      [
        "2026-03-15",
        "2026-03-09",
        "2026-03-10",
        "2026-03-11",
        "2026-03-12",
        "2026-03-13",
        "2026-03-14",
        "2026-03-16",
      ].map((date, i) => [date, day(date, 10 + i, 20 + i, [296])]),
    );
    const cards = forecastCards(forecast, "m");
    expect(cards).toHaveLength(7);
    expect(cards[0]).toEqual({
      key: "2026-03-09",
      weekday: "Mon",
      date: "09MAR",
      group: "rain",
      min: "11°C",
      max: "21°C",
    });
    expect(cards.map((c) => c.key)).toEqual([
      "2026-03-09",
      "2026-03-10",
      "2026-03-11",
      "2026-03-12",
      "2026-03-13",
      "2026-03-14",
      "2026-03-15",
    ]);
  });

  it.each([[null], [undefined], [{}]])("a missing forecast (%j) gives seven 0 and - cards", (forecast) => {
    const cards = forecastCards(forecast, "f");
    expect(cards).toHaveLength(7);
    for (const card of cards)
      expect(card).toMatchObject({ weekday: "-", date: "-", group: null, min: "0°F", max: "0°F" });
  });

  it("a short forecast is padded to seven", () => {
    const cards = forecastCards({ "2026-03-09": day("2026-03-09", 1, 2) }, "m");
    expect(cards.map((c) => c.date)).toEqual(["09MAR", "-", "-", "-", "-", "-", "-"]);
  });
});

describe("the current conditions as the widget shows them", () => {
  const item: WeatherItem = {
    location: { name: "Miami", region: "Florida", country: "USA", localTime: "2026-03-09 10:00" },
    current: {
      temperature: 81.4,
      windSpeed: 12.6,
      windDir: "ESE",
      humidity: 63,
      weatherCode: 116,
      weatherDescriptions: ["Partly cloudy"],
    },
    forecast: { "2026-03-09": day("2026-03-09", 72.2, 84.9) },
  };

  it("formats temperature, wind, humidity and today's figures in the unit", () => {
    expect(weatherView(item, "f", "Miami, Florida, USA")).toEqual({
      place: "Miami, Florida, USA",
      localTime: "2026-03-09 10:00",
      unit: "f",
      temperature: "81°F",
      description: "Partly cloudy",
      group: "cloudy",
      wind: "13 mph",
      windDir: "ESE",
      humidity: "63%",
      today: { min: "72°F", max: "85°F", sunrise: "06:58 AM", sunset: "06:31 PM" },
    });
  });

  it("shows 0 and - for today when the forecast is missing", () => {
    const view = weatherView({ ...item, forecast: null }, "m", "Miami");
    expect(view.today).toEqual({ min: "0°C", max: "0°C", sunrise: "-", sunset: "-" });
    expect(view.wind).toBe("12.6 m/s");
  });
});
