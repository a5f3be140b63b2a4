/**
 * Places an offer or a search names by code, in words (docs/style-guide.md, "Codes"): residencies are
 * an alpha-3 country ("CAN") or `{country}-{region}` ("USA-FL", "CAN-ON"). The North-American
 * countries and their states and provinces are the ones offers name; a small table here keeps the
 * names in markup the browser also renders, without a country library in the bundle. A code the
 * table does not know is shown as it is (never an empty cell).
 */
const COUNTRIES: Readonly<Record<string, string>> = {
  USA: "United States of America",
  CAN: "Canada",
  PRI: "Puerto Rico",
  MEX: "Mexico",
  GBR: "United Kingdom",
  IRL: "Ireland",
  AUS: "Australia",
  NZL: "New Zealand",
  DEU: "Germany",
  AUT: "Austria",
  CHE: "Switzerland",
  BRA: "Brazil",
  SGP: "Singapore",
  MYS: "Malaysia",
};

const US_STATES: Readonly<Record<string, string>> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
};

const CA_PROVINCES: Readonly<Record<string, string>> = {
  AB: "Alberta",
  BC: "British Columbia",
  MB: "Manitoba",
  NB: "New Brunswick",
  NL: "Newfoundland and Labrador",
  NS: "Nova Scotia",
  NT: "Northwest Territories",
  NU: "Nunavut",
  ON: "Ontario",
  PE: "Prince Edward Island",
  QC: "Quebec",
  SK: "Saskatchewan",
  YT: "Yukon",
};

const REGIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = { USA: US_STATES, CAN: CA_PROVINCES };

/** "USA-FL" → "Florida", "CAN-ON" → "Ontario", "CAN" → "Canada"; an unknown code as it is. */
export function placeName(code: string): string {
  const [country = "", region] = code.split("-");
  if (region !== undefined) return REGIONS[country]?.[region] ?? code;
  return COUNTRIES[country] ?? code;
}

/** A list of residencies in words: "Florida and Georgia", "United States of America, Canada and Puerto Rico". */
export function placeList(codes: readonly string[]): string {
  const names = codes.map(placeName);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
