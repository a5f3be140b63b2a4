import { describe, expect, it } from "vitest";
import { nearestSailings, sameItineraryQuery } from "~/domain/catalogue/same-itinerary";
import { fareChart } from "~/server/catalogue/fare-chart.server";

const sailing = {
  sailingId: "OA20270605",
  shipCode: "OA",
  destination: { code: "CARIBBEAN" },
  departurePort: { code: "MIA" },
  voyageType: "ROUNDTRIP",
  tourType: "CO",
  nights: 7,
  sailDate: "2027-06-05",
};

describe("the same itinerary: same ship, destination, departure port, voyage, tour type and length", () => {
  it("asks the catalogue for them by sail date, from half a year before the sailing", () => {
    expect(Object.fromEntries(sameItineraryQuery(sailing, "2026-11-26"))).toEqual({
      ship: "OA",
      destination: "CARIBBEAN",
      port: "MIA",
      voyageType: "ROUNDTRIP",
      tourType: "CO",
      nightsMin: "7",
      nightsMax: "7",
      departureFrom: "2026-12-05",
      sort: "date",
      order: "asc",
      page: "1",
      pageSize: "40",
    });
  });
  it("never from before today", () =>
    expect(sameItineraryQuery({ ...sailing, sailDate: "2027-01-02" }, "2026-11-26").get("departureFrom")).toBe(
      "2026-11-26",
    ));

  const at = (sailDate: string) => ({ sailingId: `OA${sailDate.replace(/-/g, "")}`, sailDate });
  const current = at("2027-06-05");
  const weekly = ["2027-05-08", "2027-05-15", "2027-05-22", "2027-05-29", "2027-06-12", "2027-06-19", "2027-06-26"].map(
    at,
  );
  it.each([
    [3, ["2027-05-29", "2027-06-05", "2027-06-12"]],
    [4, ["2027-05-22", "2027-05-29", "2027-06-05", "2027-06-12"]],
    [1, ["2027-06-05"]],
    [20, [...weekly.slice(0, 4), current, ...weekly.slice(4)].map((s) => s.sailDate)],
  ])("shows at most %d: this sailing and its nearest, by date (an earlier one first on a tie)", (shown, dates) => {
    expect(nearestSailings([...weekly, current], current, shown).map((s) => s.sailDate)).toEqual(dates);
  });
  it("adds this sailing when the search did not return it", () =>
    expect(nearestSailings(weekly.slice(0, 2), current, 8).map((s) => s.sailDate)).toEqual([
      "2027-05-08",
      "2027-05-15",
      "2027-06-05",
    ]));
});

describe("the fare chart's layout", () => {
  const priced = (sailingId: string, sailDate: string, interior: number, soldOutBalcony = false) => ({
    sailingId,
    sailDate,
    prices: [
      { cabinClass: "INTERIOR" as const, pricePerGuest: interior, availability: "OPEN" as const },
      {
        cabinClass: "BALCONY" as const,
        pricePerGuest: 2000,
        availability: soldOutBalcony ? ("SOLD_OUT" as const) : ("OPEN" as const),
      },
    ],
  });
  const chart = fareChart(
    [priced("A", "2027-05-29", 1000), priced("B", "2027-06-05", 500, true)],
    "B",
    2, // two units of the shown currency per dollar
  );
  it("converts each fare and leaves a sold-out or missing class out (the table says so)", () => {
    expect(chart.sailings.map((s) => s.fares)).toEqual([
      { INTERIOR: 2000, OUTSIDE: null, BALCONY: 4000, DELUXE: null },
      { INTERIOR: 1000, OUTSIDE: null, BALCONY: null, DELUXE: null },
    ]);
    expect(chart.bars.map((b) => b.key)).toEqual(["A:INTERIOR", "A:BALCONY", "B:INTERIOR"]);
  });
  it("bars stand on the axis, taller for a higher fare", () => {
    const [aInterior, aBalcony, bInterior] = chart.bars;
    for (const bar of chart.bars) expect(bar.y + bar.height).toBeCloseTo(chart.plot.bottom, 0);
    expect(aBalcony!.height).toBeCloseTo(aInterior!.height * 2, 0);
    expect(aInterior!.height).toBeCloseTo(bInterior!.height * 2, 0);
  });
  it("names this sailing and puts a band behind its bars", () => {
    expect(chart.xTicks.map((t) => [t.label, t.current])).toEqual([
      ["29MAY2027", false],
      ["05JUN2027", true],
    ]);
    const band = chart.highlight!;
    const b = chart.bars.find((bar) => bar.key === "B:INTERIOR")!;
    expect(band.x).toBeLessThanOrEqual(b.x);
    expect(band.x + band.width).toBeGreaterThan(b.x + b.width);
  });
});
