import { afterAll, describe, expect, it } from "vitest";
import { portalEnv, profile } from "./harness";

/**
 * The profile's derived fields (hasFlexPayAccess, hasEquoteAccess, primaryCurrency) are computed
 * where the profile is read (the profile client's schema), so every loader's `agent.profile` carries
 * them from the one rule in `~/domain/profile`, and a profile cached in the session (parsed again on
 * read) keeps them.
 */
const { cleanup } = portalEnv();
const { profileSchema } = await import("~/server/clients/api.server");
afterAll(cleanup);

describe("the parsed profile carries hasFlexPayAccess, hasEquoteAccess and primaryCurrency", () => {
  it.each([
    [
      "agent.usa",
      { countryCode: "USA", reportingOfficeCode: "MIA" },
      { hasFlexPayAccess: true, hasEquoteAccess: true, primaryCurrency: "USD" },
    ],
    [
      "agent.sgp",
      { countryCode: "SGP", reportingOfficeCode: "SIN", currencies: [{ currencyCode: "SGD", primaryCurrency: true }] },
      { hasFlexPayAccess: true, hasEquoteAccess: true, primaryCurrency: "SGD" },
    ],
    [
      "admin.can",
      { countryCode: "CAN", reportingOfficeCode: "TOR", currencies: [{ currencyCode: "CAD", primaryCurrency: true }] },
      // Canada has flex pay: the specification's "CAD" read as the country CAN (decision 032).
      { hasFlexPayAccess: true, hasEquoteAccess: false, primaryCurrency: "CAD" },
    ],
    [
      "a profile without currencies or office",
      { countryCode: "GBR", reportingOfficeCode: null, currencies: [] },
      { hasFlexPayAccess: false, hasEquoteAccess: false, primaryCurrency: "USD" },
    ],
  ])("%s", (_name, fields, derived) => {
    const parsed = profileSchema.parse(profile(fields));
    expect(parsed).toMatchObject(derived);
    // As the session cache reads it back: the same fields, from the same rule.
    expect(profileSchema.parse(JSON.parse(JSON.stringify(parsed)))).toEqual(parsed);
  });

  it("derives from the profile's own fields, not from derived fields the upstream might send", () => {
    const parsed = profileSchema.parse({
      ...profile({ countryCode: "GBR", reportingOfficeCode: "LON" }),
      hasEquoteAccess: true,
      hasFlexPayAccess: true,
    });
    expect(parsed).toMatchObject({ hasEquoteAccess: false, hasFlexPayAccess: false });
  });
});
