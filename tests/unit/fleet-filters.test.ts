import { FILTER_MESSAGES } from "~/domain/catalogue/filters";
import { describe, expect, it } from "vitest";
import { brandName } from "~/domain/catalogue/codes";
import {
  FLEET_MESSAGES,
  NO_FILTERS,
  fleetHref,
  parseFleetFilters,
  widenFleetHints,
  type FleetFilters,
} from "~/domain/catalogue/fleet";

const options = {
  shipClasses: [
    { name: "Oasis", brand: "R" },
    { name: "Quantum", brand: "R" },
    { name: "Edge", brand: "C" },
    { name: "Muse", brand: "V" },
  ],
  destinations: [
    { code: "CARIBBEAN", name: "Caribbean" },
    { code: "ALASKA", name: "Alaska" },
  ],
};

const parse = (query: string) => parseFleetFilters(new URLSearchParams(query), options);

describe("the fleet list's search params (one schema; never throws)", () => {
  it.each<[string, Partial<FleetFilters>, string[]]>([
    // query, filters applied, notices
    ["", {}, []],
    ["brand=&shipClass=&destination=", {}, []],
    ["brand=R", { brand: "R" }, []],
    ["brand=c", { brand: "C" }, []],
    ["brand=all&shipClass=ALL", {}, []],
    ["brand=%20V%20", { brand: "V" }, []],
    ["shipClass=Oasis", { shipClass: "Oasis" }, []],
    ["shipClass=edge", { shipClass: "Edge" }, []],
    ["brand=R&shipClass=Quantum", { brand: "R", shipClass: "Quantum" }, []],
    ["destination=ALASKA", { destination: "ALASKA" }, []],
    ["destination=alaska&brand=C", { destination: "ALASKA", brand: "C" }, []],
    ["utm_source=mail&page=3", {}, []],
    ["brand=X", {}, [FILTER_MESSAGES.unknown("cruise line", "X", "list", "every cruise line")]],
    ["shipClass=Titanic", {}, [FILTER_MESSAGES.unknown("ship class", "Titanic", "list", "every class")]],
    ["destination=MOON", {}, [FILTER_MESSAGES.unknown("destination", "MOON", "list", "ships of every destination")]],
    ["brand=C&shipClass=Oasis", { brand: "C" }, [FLEET_MESSAGES.classOfOtherBrand("Oasis", "C")]],
    ["brand=R&brand=C", { brand: "R" }, [FILTER_MESSAGES.repeated("cruise line", "R", "list")]],
    ["brand=R&brand=R", { brand: "R" }, []],
    ["brand=&brand=V", { brand: "V" }, []],
    [
      "brand=Q&brand=R",
      {},
      [
        FILTER_MESSAGES.repeated("cruise line", "Q", "list"),
        FILTER_MESSAGES.unknown("cruise line", "Q", "list", "every cruise line"),
      ],
    ],
    [
      "destination=ALASKA&destination=CARIBBEAN",
      { destination: "ALASKA" },
      [FILTER_MESSAGES.repeated("destination", "ALASKA", "list")],
    ],
    ["brand=%00%FF", {}, [FILTER_MESSAGES.unknown("cruise line", "\u0000\uFFFD", "list", "every cruise line")]],
  ])("?%s", (query, filters, notices) => {
    expect(parse(query)).toEqual({ filters: { ...NO_FILTERS, ...filters }, notices });
  });

  it("quotes a long junk value shortened", () => {
    const { filters, notices } = parse(`shipClass=${"x".repeat(5000)}`);
    expect(filters).toEqual(NO_FILTERS);
    expect(notices).toEqual([`"${"x".repeat(40)}…" is not a ship class we know, so the list shows every class.`]);
  });
});

describe("the list's address and what to widen", () => {
  it.each<[Partial<FleetFilters>, string]>([
    [{}, "/explore-our-fleet"],
    [{ brand: "R" }, "/explore-our-fleet?brand=R"],
    [{ destination: "ALASKA", brand: "C" }, "/explore-our-fleet?brand=C&destination=ALASKA"],
    [{ shipClass: "Oasis" }, "/explore-our-fleet?shipClass=Oasis"],
  ])("%o → %s", (filters, href) => {
    expect(fleetHref({ ...NO_FILTERS, ...filters })).toBe(href);
  });

  it("links to the list without each filter in use when nothing matched", () => {
    expect(
      widenFleetHints({ brand: "V", shipClass: "Muse", destination: "ALASKA" }, { destination: "Alaska" }),
    ).toEqual([
      { text: "Every destination instead of Alaska", href: "/explore-our-fleet?brand=V&shipClass=Muse" },
      { text: "Every class instead of Muse", href: "/explore-our-fleet?brand=V&destination=ALASKA" },
      {
        text: `Every cruise line instead of ${brandName("V")}`,
        href: "/explore-our-fleet?shipClass=Muse&destination=ALASKA",
      },
    ]);
    expect(widenFleetHints(NO_FILTERS, {})).toEqual([]);
  });
});
