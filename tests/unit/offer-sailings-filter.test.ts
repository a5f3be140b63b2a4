import { describe, expect, it } from "vitest";
import { offerSailingFilters, withoutSailingFilters } from "~/domain/catalogue/offer-sailings";

const TODAY = "2026-11-26";
const none = { ship: "", destination: "", port: "", departureDate: TODAY, nights: "", cabinClass: "" } as const;

describe("an offer's eligible sailings narrowed by the itinerary search's own filters", () => {
  it.each([
    ["nothing chosen narrows nothing", {}, [], []],
    ["a departure date of today narrows nothing (the sailings are from today)", { departureDate: TODAY }, [], []],
    [
      "a later departure date is sent as departureFrom",
      { departureDate: "2027-06-01" },
      [["departureDate", "2027-06-01"]],
      [["departureFrom", "2027-06-01"]],
    ],
    [
      "a length of cruise is sent as its range of nights",
      { nights: "6-9" },
      [["nights", "6-9"]],
      [
        ["nightsMin", "6"],
        ["nightsMax", "9"],
      ],
    ],
    ["an open-ended length has no upper bound", { nights: "15+" }, [["nights", "15+"]], [["nightsMin", "15"]]],
    [
      "ship, destination, port and stateroom are sent as they are",
      { ship: "OA", destination: "CARIBBEAN", port: "MIA", cabinClass: "BALCONY" },
      [
        ["ship", "OA"],
        ["destination", "CARIBBEAN"],
        ["port", "MIA"],
        ["cabinClass", "BALCONY"],
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

  it("the filter form carries the rest of the URL, never a filter of its own twice", () => {
    expect(
      withoutSailingFilters([
        ["offer", "C0042"],
        ["destination", "MEDITERRANEAN"],
        ["residency", "USA"],
        ["departureDate", "2027-06-01"],
        ["page", "2"],
      ]),
    ).toEqual([
      ["offer", "C0042"],
      ["residency", "USA"],
      ["page", "2"],
    ]);
  });
});
