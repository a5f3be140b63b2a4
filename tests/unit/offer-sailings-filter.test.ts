import { describe, expect, it } from "vitest";
import { offerSailingFilters, sailingFilterQuery } from "~/domain/catalogue/offer-sailings";

const TODAY = "2026-11-26";
const none = { ship: "", destination: "", port: "", departureDate: TODAY, nights: "", cabinClass: "" } as const;

describe("an offer's eligible sailings narrowed by the itinerary search's own filters", () => {
  it.each([
    ["nothing chosen narrows nothing", {}, [], []],
    ["a departure date of today narrows nothing (the sailings are from today)", { departureDate: TODAY }, [], []],
    [
      "a later departure date is sent as departureFrom",
      { departureDate: "2027-06-01" },
      [["sailingFrom", "2027-06-01"]],
      [["departureFrom", "2027-06-01"]],
    ],
    [
      "a length of cruise is sent as its range of nights",
      { nights: "6-9" },
      [["sailingNights", "6-9"]],
      [
        ["nightsMin", "6"],
        ["nightsMax", "9"],
      ],
    ],
    ["an open-ended length has no upper bound", { nights: "15+" }, [["sailingNights", "15+"]], [["nightsMin", "15"]]],
    [
      "ship, destination, port and stateroom are sent as they are, kept under the page's own names",
      { ship: "OA", destination: "CARIBBEAN", port: "MIA", cabinClass: "BALCONY" },
      [
        ["sailingShip", "OA"],
        ["sailingDestination", "CARIBBEAN"],
        ["sailingPort", "MIA"],
        ["sailingCabinClass", "BALCONY"],
      ],
      [
        ["ship", "OA"],
        ["destination", "CARIBBEAN"],
        ["port", "MIA"],
        ["cabinClass", "BALCONY"],
      ],
    ],
  ] as const)("%s", (_, chosen, portal, upstream) => {
    const filters = offerSailingFilters({ ...none, ...chosen }, TODAY);
    expect(filters.portal).toEqual(portal);
    expect(filters.upstream).toEqual(upstream);
    expect(filters.narrowed).toBe(portal.length > 0);
  });

  it("the itinerary search's parser reads the sailing filters only, never the offer search's fields of the same names", () => {
    const page = new URLSearchParams([
      ["offer", "C0042"],
      // The offer search the agent came from ("Back to the offers").
      ["destination", "MEDITERRANEAN"],
      ["ship", "OA"],
      ["departureDate", "2027-01-01"],
      ["residency", "USA"],
      ["page", "2"],
      // The sailing filters of the offer page.
      ["sailingDestination", "CARIBBEAN"],
      ["sailingFrom", "2027-06-01"],
      ["sailingNights", "6-9"],
      ["sailingsPage", "3"],
    ]);
    expect([...sailingFilterQuery(page)]).toEqual([
      ["destination", "CARIBBEAN"],
      ["departureDate", "2027-06-01"],
      ["nights", "6-9"],
    ]);
    expect([...sailingFilterQuery(new URLSearchParams("offer=C0042&ship=OA&nights=6-9"))]).toEqual([]);
  });
});
