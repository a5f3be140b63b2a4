import { describe, expect, it } from "vitest";
import { lowestInRow, perNight } from "~/domain/catalogue/compare";
import { PARTNER_TOOLS, partnerLaunchUrl } from "~/domain/partners";
import { offersQuote, quoteClass, quoteContextParams, quoteSailingHref, readQuoteContext } from "~/domain/quote";

const party = (adults: number, children = 0, infants = 0) => ({ adults, children, infants });

describe("Quote this sailing: the quote tool's single sign-on address carries the sailing, class and party", () => {
  it("builds the portal address of the sidebar's quote entry with the context", () => {
    expect(quoteSailingHref({ sailingId: "OA20261205", cabinClass: "BALCONY", party: party(2, 1) })).toBe(
      "/tools/EQUOTE?sailing=OA20261205&cabinClass=BALCONY&adults=2&children=1&infants=0",
    );
    expect(quoteSailingHref({ sailingId: "OA20261205", cabinClass: null, party: party(1) })).toBe(
      "/tools/EQUOTE?sailing=OA20261205&adults=1&children=0&infants=0",
    );
  });

  it.each([
    // address → context read back
    ["sailing=OA20261205&cabinClass=BALCONY&adults=2&children=1&infants=0", ["OA20261205", "BALCONY", party(2, 1)]],
    ["sailing=OA20261205&cabinClass=balcony&adults=1", ["OA20261205", "BALCONY", party(1)]],
    ["sailing=OA20261205&cabinClass=PENTHOUSE", ["OA20261205", null, party(2)]],
    ["sailing=OA20261205&adults=9&children=3", ["OA20261205", null, party(4)]],
    ["sailing=OA20261205&adults=abc", ["OA20261205", null, party(2)]],
    ["sailing=%20OA20261205%20&adults=3&children=2", ["OA20261205", null, party(3, 1)]],
  ])("%s is read as %j (the class from a closed list, the party by the group size rules)", (query, expected) => {
    const [sailingId, cabinClass, kept] = expected as [string, string | null, ReturnType<typeof party>];
    expect(readQuoteContext(new URLSearchParams(query))).toEqual({ sailingId, cabinClass, party: kept });
  });

  it.each(["", "sailing=", "sailing=oa20261205", "sailing=<script>", "adults=2"])(
    "%j carries no sailing: the tool opens plainly, as from the sidebar",
    (query) => expect(readQuoteContext(new URLSearchParams(query))).toBeNull(),
  );

  it("reads back what it writes", () => {
    const context = { sailingId: "AL20270110", cabinClass: "DELUXE" as const, party: party(1, 0, 2) };
    expect(readQuoteContext(new URLSearchParams(quoteSailingHref(context).split("?")[1]))).toEqual(context);
  });

  it("the quote tool's address gets the context beside the single sign-on parameters", () => {
    const context = quoteContextParams({ sailingId: "OA20261205", cabinClass: "OUTSIDE", party: party(2) });
    const href = partnerLaunchUrl(
      "https://partner.example/partners/quote?agency_id=&tagent_id=",
      PARTNER_TOOLS.EQUOTE!,
      "TOKEN",
      { agencyId: "AG1", agentId: "200001", primaryCurrency: "USD" },
      undefined,
      context,
    );
    expect(Object.fromEntries(new URL(href).searchParams)).toEqual({
      agency_id: "AG1",
      tagent_id: "200001",
      p: "professional-portal",
      sso: "TOKEN",
      sailing: "OA20261205",
      cabinClass: "OUTSIDE",
      adults: "2",
      children: "0",
      infants: "0",
    });
  });

  it.each([
    [{ hasEquoteAccess: true, eQuoteAcceptanceTC: true }, true],
    [{ hasEquoteAccess: true, eQuoteAcceptanceTC: false }, true],
    [{ hasEquoteAccess: false, eQuoteAcceptanceTC: true }, false],
    [{ hasEquoteAccess: false, eQuoteAcceptanceTC: false }, false],
  ])("offered by the sidebar's quote rule: %j → %s", (profile, offered) => expect(offersQuote(profile)).toBe(offered));
});

describe("the class a quote starts from: the searched class when bookable, else the cheapest bookable", () => {
  const prices = [
    { cabinClass: "INTERIOR" as const, pricePerGuest: 900, availability: "SOLD_OUT" },
    { cabinClass: "OUTSIDE" as const, pricePerGuest: 1100, availability: "OPEN" },
    { cabinClass: "BALCONY" as const, pricePerGuest: 1500, availability: "FEW_LEFT" },
  ];
  it.each([
    ["BALCONY", "BALCONY"],
    ["", "OUTSIDE"],
    [null, "OUTSIDE"],
    ["INTERIOR", "OUTSIDE"],
    ["DELUXE", "OUTSIDE"],
  ] as const)("searched %j → %s", (chosen, expected) => expect(quoteClass(prices, chosen)).toBe(expected));
  it("every class sold out: none", () =>
    expect(quoteClass([{ cabinClass: "INTERIOR", pricePerGuest: 1, availability: "SOLD_OUT" }], "")).toBeNull());
});

describe("the comparison marks each row's lowest price", () => {
  it.each([
    [
      [1200, 900, 1500],
      [false, true, false],
    ],
    [
      [900, 900, 1500],
      [true, true, false],
    ],
    [
      [null, 900, 1500],
      [false, true, false],
    ],
    [
      [1200, null, null],
      [false, false, false],
    ],
    [[1200], [false]],
    [
      [null, null],
      [false, false],
    ],
  ])("%j → %j (ties all lowest; fewer than two prices mark none)", (row, marks) =>
    expect(lowestInRow(row)).toEqual(marks),
  );
  it.each([
    [1400, 7, 200],
    [1000, 3, 1000 / 3],
    [500, 0, 500],
  ])("%d over %d nights is %d a night", (price, nights, each) => expect(perNight(price, nights)).toBeCloseTo(each));
});
