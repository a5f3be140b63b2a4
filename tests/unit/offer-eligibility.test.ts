import { describe, expect, it } from "vitest";
import {
  bookingReasons,
  offerApplies,
  offerStatus,
  partyGiven,
  partyReasons,
  refundabilityFits,
  residencyMatches,
  sailingReasons,
  type Ineligibility,
  type OfferParty,
  type SailingFacts,
} from "~/domain/catalogue/eligibility";
import { offerFare, perGuestWithOffer } from "~/domain/catalogue/fares";
import { NORTH_AMERICA, type OfferTerms } from "~/domain/catalogue/offers";

/** "Eligibility is a rule, once" (docs/promotions-contract.md, "Whether an offer applies"). */
const offer: OfferTerms = {
  brand: "C",
  ships: [],
  destinations: ["MEDITERRANEAN"],
  sailFrom: "2027-05-01",
  sailTo: "2027-09-30",
  bookFrom: "2026-11-01",
  bookTo: "2027-01-31",
  cabinClasses: ["BALCONY", "DELUXE"],
  refundability: "B",
  offerFor: "EVERYONE",
  residency: [],
  value: { kind: "PERCENT_OFF", amount: 30 },
};
const sailing: SailingFacts = {
  brand: "C",
  shipCode: "EG",
  destination: { code: "MEDITERRANEAN" },
  sailDate: "2027-07-10",
  refundability: "B",
  prices: [
    { cabinClass: "INTERIOR", availability: "OPEN" },
    { cabinClass: "BALCONY", availability: "FEW_LEFT" },
    { cabinClass: "DELUXE", availability: "SOLD_OUT" },
  ],
};
const nobody: OfferParty = {
  residency: "",
  age55Plus: false,
  lawEnforcement: false,
  fireDepartmentOrEMT: false,
  militaryOrForces: false,
  refundable: false,
};
const TODAY = "2026-11-24";

describe("the sailing half: brand, ship, destination, sail window, open class, refundability", () => {
  it.each<[string, Partial<OfferTerms>, Partial<SailingFacts>, Ineligibility[]]>([
    ["applies as given", {}, {}, []],
    ["another brand", { brand: "R" }, {}, ["BRAND"]],
    ["listed ships without this one", { ships: ["AX", "BY"] }, {}, ["SHIP"]],
    ["listed ships with this one", { ships: ["EG"] }, {}, []],
    ["another destination", {}, { destination: { code: "ALASKA" } }, ["DESTINATION"]],
    ["every destination", { destinations: [] }, { destination: { code: "ALASKA" } }, []],
    ["sails the day the window opens", {}, { sailDate: "2027-05-01" }, []],
    ["sails the day the window closes", {}, { sailDate: "2027-09-30" }, []],
    ["sails the day before the window", {}, { sailDate: "2027-04-30" }, ["SAIL_DATE"]],
    ["sails the day after the window", {}, { sailDate: "2027-10-01" }, ["SAIL_DATE"]],
    ["its only class sold out", { cabinClasses: ["DELUXE"] }, {}, ["CABIN_CLASS"]],
    ["its only class not priced", { cabinClasses: ["OUTSIDE"] }, {}, ["CABIN_CLASS"]],
    ["non-refundable offer, refundable sailing", { refundability: "N" }, { refundability: "R" }, ["REFUNDABILITY"]],
    ["refundable offer, non-refundable sailing", { refundability: "R" }, { refundability: "N" }, ["REFUNDABILITY"]],
    ["refundable offer, sailing with both fares", { refundability: "R" }, { refundability: "B" }, []],
    ["several at once", { brand: "R", ships: ["AX"] }, { sailDate: "2028-01-01" }, ["BRAND", "SHIP", "SAIL_DATE"]],
  ])("%s", (_, o, s, reasons) => {
    expect(sailingReasons({ ...offer, ...o }, { ...sailing, ...s })).toEqual(reasons);
  });

  it("a wanted class narrows the open classes", () => {
    expect(sailingReasons(offer, sailing, "BALCONY")).toEqual([]);
    expect(sailingReasons(offer, sailing, "INTERIOR")).toEqual(["CABIN_CLASS"]);
    expect(offerApplies(offer, { sailing, party: nobody, today: TODAY }).cabinClasses).toEqual(["BALCONY"]);
  });

  it.each([
    ["B", "N", true],
    ["B", "R", true],
    ["N", "N", true],
    ["N", "B", true],
    ["N", "R", false],
    ["R", "R", true],
    ["R", "B", true],
    ["R", "N", false],
  ] as const)("offer %s on a sailing %s: %s", (o, s, fits) => {
    expect(refundabilityFits(o, s)).toBe(fits);
  });
});

describe("the party half: who it is for, residency, refundable fares", () => {
  it.each<[string, Partial<OfferTerms>, Partial<OfferParty>, Ineligibility[]]>([
    ["everyone, nobody said", {}, {}, []],
    ["55 and over, not claimed", { offerFor: "SENIORS" }, {}, ["AUDIENCE"]],
    ["55 and over, claimed", { offerFor: "SENIORS" }, { age55Plus: true }, []],
    ["military, claimed police", { offerFor: "MILITARY" }, { lawEnforcement: true }, ["AUDIENCE"]],
    ["military, claimed", { offerFor: "MILITARY" }, { militaryOrForces: true }, []],
    ["police, claimed", { offerFor: "LAW_ENFORCEMENT" }, { lawEnforcement: true }, []],
    ["fire and EMT, claimed", { offerFor: "FIRE_EMT" }, { fireDepartmentOrEMT: true }, []],
    ["fire and EMT, claimed military", { offerFor: "FIRE_EMT" }, { militaryOrForces: true }, ["AUDIENCE"]],
    ["North America, no residency", { offerFor: "RESIDENTS", residency: NORTH_AMERICA }, {}, ["RESIDENCY"]],
    ["North America, USA", { offerFor: "RESIDENTS", residency: NORTH_AMERICA }, { residency: "USA" }, []],
    ["North America, CAN", { offerFor: "RESIDENTS", residency: NORTH_AMERICA }, { residency: "CAN" }, []],
    ["North America, PRI", { offerFor: "RESIDENTS", residency: NORTH_AMERICA }, { residency: "PRI" }, []],
    ["North America, a Floridian", { offerFor: "RESIDENTS", residency: NORTH_AMERICA }, { residency: "USA-FL" }, []],
    ["North America, MEX", { offerFor: "RESIDENTS", residency: NORTH_AMERICA }, { residency: "MEX" }, ["RESIDENCY"]],
    ["Florida only, a Floridian", { offerFor: "RESIDENTS", residency: ["USA-FL"] }, { residency: "USA-FL" }, []],
    ["Florida only, USA", { offerFor: "RESIDENTS", residency: ["USA-FL"] }, { residency: "USA" }, ["RESIDENCY"]],
    ["Florida only, a Texan", { offerFor: "RESIDENTS", residency: ["USA-FL"] }, { residency: "USA-TX" }, ["RESIDENCY"]],
    [
      "55+ resident of Canada, a 60-year-old American",
      { offerFor: "SENIORS", residency: ["CAN"] },
      { age55Plus: true, residency: "USA" },
      ["RESIDENCY"],
    ],
    [
      "55+ resident of USA, not claimed",
      { offerFor: "SENIORS", residency: ["USA"] },
      { residency: "USA" },
      ["AUDIENCE"],
    ],
    ["non-refundable offer, refundable wanted", { refundability: "N" }, { refundable: true }, ["REFUNDABLE_FARE"]],
    ["refundable offer, refundable wanted", { refundability: "R" }, { refundable: true }, []],
    ["both, refundable wanted", { refundability: "B" }, { refundable: true }, []],
  ])("%s", (_, o, p, reasons) => {
    expect(partyReasons({ ...offer, ...o }, { ...nobody, ...p })).toEqual(reasons);
  });

  it("a region's resident lives in its country, not the other way round", () => {
    expect(residencyMatches([], "")).toBe(true);
    expect(residencyMatches(["USA"], "USA-FL")).toBe(true);
    expect(residencyMatches(["USA-FL"], "USA")).toBe(false);
    expect(residencyMatches(["CAN-QC"], "CAN-QC")).toBe(true);
  });

  it("the party is given once a residency or any flag is", () => {
    expect(partyGiven(nobody)).toBe(false);
    expect(partyGiven({ ...nobody, residency: "USA" })).toBe(true);
    expect(partyGiven({ ...nobody, refundable: true })).toBe(true);
    expect(partyGiven({ ...nobody, fireDepartmentOrEMT: true })).toBe(true);
  });
});

describe("the day: the booking window", () => {
  it.each([
    ["2026-10-31", "UPCOMING", ["NOT_YET_BOOKABLE"]],
    ["2026-11-01", "CURRENT", []],
    ["2027-01-31", "CURRENT", []],
    ["2027-02-01", "EXPIRED", ["EXPIRED"]],
  ] as const)("on %s the offer is %s", (today, status, reasons) => {
    expect(offerStatus(offer, today)).toBe(status);
    expect(bookingReasons(offer, today)).toEqual(reasons);
  });
});

describe("the whole rule", () => {
  it("the done-when case: a 60-year-old US resident, a Celebrity Mediterranean sailing next summer", () => {
    const seniors = { ...offer, offerFor: "SENIORS" as const, residency: [...NORTH_AMERICA] };
    const party = { ...nobody, residency: "USA", age55Plus: true };
    expect(offerApplies(seniors, { sailing, party, today: TODAY })).toEqual({
      applies: true,
      reasons: [],
      cabinClasses: ["BALCONY"],
    });
    expect(offerApplies(seniors, { sailing, party: nobody, today: "2027-02-01" })).toEqual({
      applies: false,
      reasons: ["AUDIENCE", "RESIDENCY", "EXPIRED"],
      cabinClasses: ["BALCONY"],
    });
  });
  it("without a sailing, only the party and the day count", () => {
    expect(offerApplies({ ...offer, brand: "R" }, { party: nobody, today: TODAY }).applies).toBe(true);
  });
});

describe("what an offer does to the fare (contract value kinds)", () => {
  const price = { pricePerGuest: 1000, additionalGuestPrice: 500, taxesAndFees: 150, deposit: 250 };
  const lower = { pricePerGuest: 800, additionalGuestPrice: 400, taxesAndFees: 150, deposit: 250 };
  const terms = { singleSupplementPercent: 100, finalPaymentDate: "2027-03-01", today: TODAY };
  const four = { adults: 2, children: 2, infants: 0 };
  it.each([
    ["PERCENT_OFF", 30, 2100, 1000],
    ["AMOUNT_OFF", 200, 2200, 1000],
    ["AMOUNT_OFF", 700, 600, 1000],
    ["SECOND_GUEST_PERCENT_OFF", 50, 2500, 1000],
    ["ADDITIONAL_GUESTS_FREE", 0, 2000, 1000],
    ["UPGRADE", 1, 2400, 1000],
    ["ONBOARD_CREDIT", 250, 3000, 1000],
    ["REDUCED_DEPOSIT", 50, 3000, 200],
    ["BONUS_COMMISSION", 3, 3000, 1000],
  ] as const)("%s %i: two adults and two children pay a fare of %i, deposit %i", (kind, amount, fare, deposit) => {
    const result = offerFare(price, lower, four, { kind, amount }, terms);
    expect(result).toMatchObject({ fare, taxesAndFees: 600, total: fare + 600, deposit });
  });
  it("an upgrade with no class below saves nothing", () => {
    expect(offerFare(price, null, four, { kind: "UPGRADE", amount: 1 }, terms).fare).toBe(3000);
  });
  it("a guest alone pays the single supplement, then the saving", () => {
    expect(
      offerFare(price, null, { adults: 1, children: 0, infants: 0 }, { kind: "PERCENT_OFF", amount: 10 }, terms).fare,
    ).toBe(1800);
  });
  it("per guest, two sharing, as a list of sailings shows it", () => {
    const prices = [
      { cabinClass: "OUTSIDE" as const, pricePerGuest: 900 },
      { cabinClass: "BALCONY" as const, pricePerGuest: 1200 },
    ];
    expect(perGuestWithOffer(prices, "BALCONY", { kind: "PERCENT_OFF", amount: 25 })).toBe(900);
    expect(perGuestWithOffer(prices, "BALCONY", { kind: "SECOND_GUEST_PERCENT_OFF", amount: 50 })).toBe(900);
    expect(perGuestWithOffer(prices, "BALCONY", { kind: "UPGRADE", amount: 1 })).toBe(900);
    expect(perGuestWithOffer(prices, "OUTSIDE", { kind: "UPGRADE", amount: 1 })).toBe(900);
    expect(perGuestWithOffer(prices, "DELUXE", { kind: "PERCENT_OFF", amount: 25 })).toBeNull();
  });
});
