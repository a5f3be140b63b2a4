import { describe, expect, it } from "vitest";
import { alertBrands, alertsByPhase, alertsForBrand, chooseAlertBrand } from "~/domain/alerts";

/** The /alerts page's rules (current and upcoming, the brand filter). */

const NOW = Date.parse("2026-11-22T12:00:00Z");
const ROYAL = "royal:brands/royal-caribbean";
const CELEBRITY = "royal:brands/celebrity-cruises";
const SILVERSEA = "royal:brands/silversea";

const alert = (id: string, start: string, end: string, brandType: string[] = [ROYAL]) => ({
  id,
  start,
  end,
  title: id,
  brandType,
});

describe("alertsByPhase: current (start ≤ now ≤ end) and upcoming (start > now); ended ones are left out", () => {
  it.each([
    ["running", "current", "2026-11-01T00:00:00Z", "2026-12-01T00:00:00Z"],
    ["starts exactly now", "current", "2026-11-22T12:00:00Z", "2026-12-01T00:00:00Z"],
    ["ends exactly now", "current", "2026-11-01T00:00:00Z", "2026-11-22T12:00:00Z"],
    ["a one-instant alert, now", "current", "2026-11-22T12:00:00Z", "2026-11-22T12:00:00Z"],
    ["starts a millisecond from now", "upcoming", "2026-11-22T12:00:00.001Z", "2026-12-01T00:00:00Z"],
    ["starts next month", "upcoming", "2026-12-01T00:00:00Z", "2026-12-31T00:00:00Z"],
    ["ended a millisecond ago", "neither", "2026-11-01T00:00:00Z", "2026-11-22T11:59:59.999Z"],
    ["ended last month", "neither", "2026-10-01T00:00:00Z", "2026-10-31T00:00:00Z"],
    ["a start that does not read", "neither", "soon", "2026-12-01T00:00:00Z"],
    ["an end that does not read", "neither", "2026-11-01T00:00:00Z", ""],
    ["an offset timestamp, running", "current", "2026-11-22T06:59:59-05:00", "2026-11-23T00:00:00+01:00"],
    ["an offset timestamp, later", "upcoming", "2026-11-22T08:00:01-04:00", "2026-11-23T00:00:00Z"],
  ])("%s → %s", (_name, phase, start, end) => {
    const { current, upcoming } = alertsByPhase([alert("x", start, end)], NOW);
    const found = current.length ? "current" : upcoming.length ? "upcoming" : "neither";
    expect(found).toBe(phase);
    expect(current.length + upcoming.length).toBeLessThanOrEqual(1);
  });

  it("keeps each group in start order", () => {
    const alerts = [
      alert("later", "2026-12-10T00:00:00Z", "2026-12-20T00:00:00Z"),
      alert("running-2", "2026-11-20T00:00:00Z", "2026-11-30T00:00:00Z"),
      alert("ended", "2026-10-01T00:00:00Z", "2026-10-02T00:00:00Z"),
      alert("soon", "2026-11-25T00:00:00Z", "2026-11-26T00:00:00Z"),
      alert("running-1", "2026-11-01T00:00:00Z", "2026-12-30T00:00:00Z"),
    ];
    const { current, upcoming } = alertsByPhase(alerts, NOW);
    expect(current.map((a) => a.id)).toEqual(["running-1", "running-2"]);
    expect(upcoming.map((a) => a.id)).toEqual(["soon", "later"]);
  });
});

describe("alertsForBrand: the alerts tagged with the chosen brand; none chosen keeps all", () => {
  const alerts = [
    alert("royal", "2026-11-01T00:00:00Z", "2026-12-01T00:00:00Z", [ROYAL]),
    alert("celebrity", "2026-11-01T00:00:00Z", "2026-12-01T00:00:00Z", [CELEBRITY]),
    alert("both", "2026-11-01T00:00:00Z", "2026-12-01T00:00:00Z", [ROYAL, CELEBRITY]),
    alert("untagged", "2026-11-01T00:00:00Z", "2026-12-01T00:00:00Z", []),
  ];
  it.each([
    [null, ["royal", "celebrity", "both", "untagged"]],
    [ROYAL, ["royal", "both"]],
    [CELEBRITY, ["celebrity", "both"]],
    [SILVERSEA, []],
  ])("brand %s → %j", (brand, ids) => {
    expect(alertsForBrand(alerts, brand).map((a) => a.id)).toEqual(ids);
  });
});

describe("chooseAlertBrand: a brand tag id the content service lists, else every brand (null)", () => {
  const known = [ROYAL, CELEBRITY, SILVERSEA];
  it.each([
    [CELEBRITY, known, CELEBRITY],
    [` ${SILVERSEA} `, known, SILVERSEA],
    ["", known, null],
    [null, known, null],
    [undefined, known, null],
    ["C", known, null],
    ["Celebrity Cruises", known, null],
    ["ROYAL:BRANDS/ROYAL-CARIBBEAN", known, null],
    ["royal:brands/unknown", known, null],
    ['"><script>alert(1)</script>', known, null],
    [CELEBRITY, [], null],
  ])("%j of %j → %j", (value, brandIds, chosen) => {
    expect(chooseAlertBrand(value, brandIds)).toBe(chosen);
  });
});

describe("alertBrands: the brands of an alert by name", () => {
  const titles = { [ROYAL]: "Royal Caribbean", [CELEBRITY]: "Celebrity Cruises" };
  it.each([
    [[ROYAL], "Royal Caribbean"],
    [[ROYAL, CELEBRITY], "Royal Caribbean, Celebrity Cruises"],
    [[SILVERSEA], SILVERSEA],
    [[], ""],
  ])("%j → %j", (brandType, shown) => expect(alertBrands(brandType, titles)).toBe(shown));
});
