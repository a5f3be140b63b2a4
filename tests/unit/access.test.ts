import { describe, expect, it } from "vitest";
import {
  isAgencyAdmin,
  mayOpen,
  mustVisitLegacyFirst,
  requiredTools,
  seesAgentManagement,
  seesSuperUserLogin,
} from "~/domain/access";

const tools = (...codes: string[]) => codes.map((toolCode) => ({ toolCode }));
const EVERY = tools("SEE-OUR-SHIPS", "SEARCH-PROMOTIONS", "GUEST-DOCS", "INSIGHT", "COUPON");

describe("the tool-to-route table: a route needs every one of its tools", () => {
  it.each([
    ["/explore-our-fleet", ["SEE-OUR-SHIPS"]],
    ["/explore-our-fleet/symphony-of-the-seas", ["SEE-OUR-SHIPS"]],
    ["/promotion/home", ["SEARCH-PROMOTIONS"]],
    ["/promotion/offers-list", ["SEARCH-PROMOTIONS"]],
    ["/travel-docs", ["GUEST-DOCS"]],
    ["/travel-docs/guest/123", ["GUEST-DOCS"]],
    ["/travel-docs/html/preview", []],
    ["/insights/overview", ["INSIGHT"]],
    ["/insights/alert-centre", ["INSIGHT"]],
    ["/insights/coupon-application-details", ["INSIGHT", "COUPON"]],
    ["/home", []],
    ["/profile/info", []],
    ["/promotions-elsewhere", []],
    ["/insightsx", []],
  ])("%s needs %j", (path, expected) => {
    expect(requiredTools(path)).toEqual(expected);
  });

  it.each([
    ["/insights/overview", tools("INSIGHT"), true],
    ["/insights/coupon-application-details", tools("INSIGHT"), false],
    ["/insights/coupon-application-details", tools("INSIGHT", "COUPON"), true],
    ["/explore-our-fleet", tools(), false],
    ["/explore-our-fleet", EVERY, true],
    ["/home", tools(), true],
  ])("%s with %j → %s", (path, owned, expected) => {
    expect(mayOpen(path, owned)).toBe(expected);
  });
});

describe("roles: who administers an agency, who manages agents, who is a super user", () => {
  it.each([
    ["ADMIN", true, true, false],
    ["RCCLADMIN", false, true, true],
    ["RCCL", false, false, true],
    ["AGENT", false, false, false],
    [null, false, false, false],
  ])("%s: agency admin %s, agent management %s, super user %s", (role, admin, management, superUser) => {
    expect(isAgencyAdmin(role)).toBe(admin);
    expect(seesAgentManagement(role)).toBe(management);
    expect(seesSuperUserLogin(role)).toBe(superUser);
  });
});

describe("the auth guard: a BRA user who has not been to the legacy site goes to espresso", () => {
  it.each([
    ["BRA", false, true],
    ["BRA", true, false],
    ["USA", false, false],
  ])("%s, visited %s → %s", (countryCode, legacySiteVisited, expected) => {
    expect(mustVisitLegacyFirst({ countryCode, legacySiteVisited })).toBe(expected);
  });
});

describe("the legacy first-visit rule leaves the way out alone", () => {
  it.each([
    ["/legacy/espresso", true],
    ["/logout", true],
    ["/home", false],
    ["/legacyx", false],
  ])("%s exempt: %s", async (path, expected) => {
    const { exemptFromLegacyRule } = await import("~/domain/access");
    expect(exemptFromLegacyRule(path)).toBe(expected);
  });
});
