import { describe, expect, it } from "vitest";
import {
  EQUOTE_MARKETS,
  FLEX_PAY_COUNTRIES,
  derivedProfileFields,
  hasEquoteAccess,
  hasFlexPayAccess,
  quoteToolState,
} from "~/domain/profile";

describe("hasFlexPayAccess: country is USA, CAD, SGP or PRI (the flex pay countries), CAD read as CAN", () => {
  it("holds the specification's list, in its order, with Canada's country code for the currency code CAD (decision 032)", () => {
    expect(FLEX_PAY_COUNTRIES).toEqual(["USA", "CAN", "SGP", "PRI"]);
  });

  it.each([
    ["USA", true],
    // Canada (decision 032): the specification's "CAD" is the Canadian dollar, not a country code.
    ["CAN", true],
    ["can", true],
    ["SGP", true],
    ["PRI", true],
    ["usa", true],
    [" SGP ", true],
    // A currency code is not a country: no profile carries CAD, and CAD alone grants nothing.
    ["CAD", false],
    ["USD", false],
    ["GBR", false],
    ["BRA", false],
    ["AUS", false],
    ["MIA", false],
    ["", false],
    [null, false],
  ])("country %j → %s", (countryCode, expected) => {
    expect(hasFlexPayAccess({ countryCode })).toBe(expected);
  });
});

describe("hasEquoteAccess: country or reporting office is in BRN … VNM, MIA", () => {
  const listed = [
    "BRN",
    "HKG",
    "IDN",
    "IND",
    "JPN",
    "KHM",
    "KOR",
    "LKA",
    "MMR",
    "MYS",
    "PAK",
    "PHL",
    "SGP",
    "THA",
    "TWN",
    "VNM",
    "MIA",
  ];

  it("holds the specification's list, in its order", () => {
    expect(EQUOTE_MARKETS).toEqual(listed);
  });

  it.each(listed)("country %s gives access, whatever the office", (code) => {
    expect(hasEquoteAccess({ countryCode: code, reportingOfficeCode: "LON" })).toBe(true);
  });

  it.each(listed)("reporting office %s gives access, whatever the country", (code) => {
    expect(hasEquoteAccess({ countryCode: "GBR", reportingOfficeCode: code })).toBe(true);
  });

  it.each([
    ["USA", "MIA", true], // agent.usa
    ["SGP", "SIN", true], // agent.sgp
    ["USA", "TOR", false],
    ["CAN", "TOR", false], // admin.can
    ["GBR", "LON", false], // agent.basic
    ["BRA", "SAO", false], // agent.bra
    ["usa", " mia ", true],
    ["AUS", null, false],
    ["AUS", undefined, false],
    ["", "", false],
  ])("country %j, office %j → %s", (countryCode, reportingOfficeCode, expected) => {
    expect(hasEquoteAccess({ countryCode, reportingOfficeCode })).toBe(expected);
  });
});

describe("the derived profile fields together", () => {
  it.each([
    [
      { countryCode: "USA", reportingOfficeCode: "MIA", currencies: [{ currencyCode: "USD", primaryCurrency: true }] },
      { hasFlexPayAccess: true, hasEquoteAccess: true, primaryCurrency: "USD" },
    ],
    [
      { countryCode: "SGP", reportingOfficeCode: "SIN", currencies: [{ currencyCode: "SGD", primaryCurrency: true }] },
      { hasFlexPayAccess: true, hasEquoteAccess: true, primaryCurrency: "SGD" },
    ],
    [
      { countryCode: "CAN", reportingOfficeCode: "TOR", currencies: [{ currencyCode: "CAD", primaryCurrency: true }] },
      { hasFlexPayAccess: true, hasEquoteAccess: false, primaryCurrency: "CAD" },
    ],
    [
      { countryCode: "GBR", reportingOfficeCode: "LON", currencies: [] },
      { hasFlexPayAccess: false, hasEquoteAccess: false, primaryCurrency: "USD" },
    ],
  ])("%j → %j", (profile, derived) => {
    expect(derivedProfileFields(profile)).toEqual(derived);
  });
});

describe("the quote tool (decision 015)", () => {
  it.each([
    [true, true, "open"],
    [true, false, "quote-terms"], // without eQuoteAcceptanceTC, the internal quote page
    [false, true, "unavailable"],
    [false, false, "unavailable"],
  ] as const)("hasEquoteAccess %s, eQuoteAcceptanceTC %s → %s", (access, terms, state) => {
    expect(quoteToolState({ hasEquoteAccess: access, eQuoteAcceptanceTC: terms })).toBe(state);
  });
});
