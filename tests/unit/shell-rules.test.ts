import { describe, expect, it } from "vitest";
import { activeAlerts, alertText, fill } from "~/domain/alerts";
import { format, parseISO } from "date-fns";
import { displayDate } from "~/domain/dates";
import { footerLinks } from "~/domain/footer";
import { brandCode, brandsForTool, BRAND_NAMES, MENU_EXEMPT_TOOL, visibleTo } from "~/domain/navigation";
import { isDismissed, type Dismissal } from "~/domain/notifications";

const NOW = Date.parse("2026-11-22T12:00:00Z");

/** The specification's literal reading, kept beside the rule we implement (decision 010). */
function literalReading(id: string, dismissals: readonly Dismissal[], now: number): boolean {
  return dismissals.some(
    (d) => d.notificationId === id || !(now < Date.parse(d.start ?? "")) || !(now > Date.parse(d.end ?? "")),
  );
}

describe("notification dismissal", () => {
  const inside = { notificationId: "2001", start: "2026-11-01T00:00:00Z", end: "2026-11-30T00:00:00Z" };
  const ended = { notificationId: "2001", start: "2026-10-01T00:00:00Z", end: "2026-10-31T00:00:00Z" };
  const future = { notificationId: "2001", start: "2026-12-01T00:00:00Z", end: "2026-12-31T00:00:00Z" };
  const other = { notificationId: "2002", start: "2026-11-01T00:00:00Z", end: "2026-11-30T00:00:00Z" };
  it.each([
    ["no dismissals", "2001", [], false, false],
    ["its own dismissal, now inside the window", "2001", [inside], true, true],
    ["its own dismissal, window ended", "2001", [ended], false, true],
    ["its own dismissal, window not begun", "2001", [future], false, true],
    ["only another notification's dismissal", "2001", [other], false, true],
    ["its own dismissal without bounds", "2001", [{ notificationId: "2001" }], true, true],
  ] as const)("%s → strict %s (literal %s)", (_name, id, dismissals, strict, literal) => {
    expect(isDismissed(id, dismissals, NOW)).toBe(strict);
    expect(literalReading(id, dismissals, NOW)).toBe(literal);
  });
});

describe("the alert bar", () => {
  const brands = {
    "royal:brands/royal-caribbean": "Royal Caribbean",
    "royal:brands/celebrity-cruises": "Celebrity Cruises",
  };
  it("reads 'brand - title - From start to end' with ddMMMyyyy upper case", () => {
    const text = alertText(
      {
        id: "1",
        start: "2026-11-05T00:00:00Z",
        end: "2026-11-30T00:00:00Z",
        title: "Final payment reminder",
        brandType: ["royal:brands/royal-caribbean"],
      },
      brands,
    );
    expect(text).toBe("Royal Caribbean - Final payment reminder - From 05NOV2026 to 30NOV2026");
  });
  it("names every brand of an alert for several", () => {
    expect(
      alertText(
        {
          id: "1",
          start: "2026-11-05T00:00:00Z",
          end: "2026-11-06T00:00:00Z",
          title: "T",
          brandType: Object.keys(brands),
        },
        brands,
      ),
    ).toMatch(/^Royal Caribbean, Celebrity Cruises - T - /);
  });
  it.each([
    ["2026-01-09T00:00:00Z", "09JAN2026"],
    ["2026-12-31T12:00:00Z", "31DEC2026"],
  ])("displays %s as %s", (iso, shown) => expect(displayDate(iso)).toBe(shown));
  it.each([
    "2026-01-09T00:00:00Z",
    "2026-12-31T23:59:59.999Z",
    "2026-06-01T23:30:00+02:00",
    "2027-02-28T01:00-05:00",
    "2026-11-05T10:00:00",
  ])("shows %s as date-fns formats it where the server runs", (iso) => {
    expect(displayDate(iso)).toBe(format(parseISO(iso), "ddMMMyyyy").toUpperCase());
  });
  it("keeps only the alerts active now, in start order", () => {
    const alerts = [
      { id: "b", start: "2026-11-10T00:00:00Z", end: "2026-12-01T00:00:00Z" },
      { id: "past", start: "2026-10-01T00:00:00Z", end: "2026-10-02T00:00:00Z" },
      { id: "a", start: "2026-11-01T00:00:00Z", end: "2026-11-23T00:00:00Z" },
      { id: "future", start: "2026-12-01T00:00:00Z", end: "2026-12-02T00:00:00Z" },
    ];
    expect(activeAlerts(alerts, NOW).map((a) => a.id)).toEqual(["a", "b"]);
  });
  it("fills 'n of m'", () => expect(fill("{} of {}", "2", "3")).toBe("2 of 3"));
});

describe("brand availability per tool", () => {
  it.each([
    ["HOTELS", ["C", "R"]],
    ["CRUISE-PLANNER", ["C", "R"]],
    ["DIGITAL-BROCHURES", ["C", "R", "V"]],
    ["IMAGE-LIBRARY", ["C", "R"]],
  ])("%s serves %j", (tool, brands) => expect(brandsForTool(tool)).toEqual(brands));
  it("maps brand codes to names and back", () => {
    expect(BRAND_NAMES).toEqual({ R: "Royal Caribbean", C: "Celebrity Cruises", V: "Silversea" });
    expect(brandCode("Silversea")).toBe("V");
  });
});

describe("menu entries by tool", () => {
  const menu = [
    { id: "home" },
    { id: "promotions", toolCode: "SEARCH-PROMOTIONS", children: [{ id: "search" }] },
    { id: "insights", toolCode: "INSIGHT", children: [{ id: "overview" }, { id: "coupons", toolCode: "COUPON" }] },
    { id: "quote", toolCode: MENU_EXEMPT_TOOL },
  ];
  it.each([
    [
      "every tool, quote access",
      ["SEARCH-PROMOTIONS", "INSIGHT", "COUPON", "EQUOTE"],
      true,
      ["home", "promotions", "insights", "quote"],
      ["overview", "coupons"],
    ],
    ["INSIGHT without COUPON", ["INSIGHT"], true, ["home", "insights", "quote"], ["overview"]],
    ["no tools: entries without a toolCode and the exempt code (by hasEquoteAccess)", [], true, ["home", "quote"], []],
    [
      "every tool but no hasEquoteAccess: no quote entry",
      ["SEARCH-PROMOTIONS", "INSIGHT", "COUPON", "EQUOTE"],
      false,
      ["home", "promotions", "insights"],
      ["overview", "coupons"],
    ],
  ])("%s", (_name, codes, hasEquoteAccess, top, insightChildren) => {
    const shown = visibleTo(
      menu,
      codes.map((toolCode) => ({ toolCode })),
      { hasEquoteAccess },
    );
    expect(shown.map((e) => e.id)).toEqual(top);
    expect(shown.find((e) => e.id === "insights")?.children?.map((c) => c.id) ?? []).toEqual(insightChildren);
  });

  it("the exempt code is the quote tool's", () => expect(MENU_EXEMPT_TOOL).toBe("EQUOTE"));

  it("hides a group whose only entry is the quote tool from agents without hasEquoteAccess", () => {
    const group = [{ id: "partner-tools", children: [{ id: "quote", toolCode: MENU_EXEMPT_TOOL }] }];
    expect(visibleTo(group, [], { hasEquoteAccess: false })).toEqual([]);
    expect(visibleTo(group, [], { hasEquoteAccess: true }).map((e) => e.id)).toEqual(["partner-tools"]);
  });
});

describe("footer links", () => {
  const links = [
    { key: "terms-of-use", label: "Terms", href: "/terms-of-use", public: true },
    { key: "travel-agent-guidelines", label: "Guidelines", href: "/travel-agent-guidelines", public: false },
    { key: "register-agency", label: "Register your agency", href: "/register-agency", public: true },
  ];
  it.each([
    [true, ["terms-of-use", "travel-agent-guidelines"]],
    [false, ["terms-of-use", "register-agency"]],
  ])("signed in %s → %j", (signedIn, keys) => expect(footerLinks(links, signedIn).map((l) => l.key)).toEqual(keys));
  it("shows the guidelines link to visitors when it is public", () => {
    expect(footerLinks([{ ...links[1]!, public: true }], false).map((l) => l.key)).toEqual(["travel-agent-guidelines"]);
  });
});

describe("menu entries without children", () => {
  it("keep plain links (children: [] is not an emptied group)", () => {
    expect(visibleTo([{ id: "home", children: [] }], [], { hasEquoteAccess: false }).map((e) => e.id)).toEqual([
      "home",
    ]);
  });
});
