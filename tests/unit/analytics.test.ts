import { describe, expect, it } from "vitest";
import {
  analyticsAttributes,
  datasetKey,
  isoDate,
  LINK_EVENT,
  linkEvent,
  normaliseBrand,
  safeUrl,
  shortText,
  tagManagerScript,
  GTM_ID_PATTERN,
  type LinkDetails,
} from "~/domain/analytics";

const PAGE = "https://portal.example.com/insights/alert-centre?type=BALANCE_DUE&page=2";

/** What the browser's `dataset` makes of the attributes a link carries. */
function datasetOf(attributes: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(attributes).map(([name, value]) => [datasetKey(name.replace(/^data-analytics-/, "")), value]),
  );
}

describe("brand codes (R, C, V) in link events (brand_code)", () => {
  it.each([
    ["R", "R"],
    ["c", "C"],
    [" V ", "V"],
    ["Royal Caribbean", "R"],
    ["celebrity cruises", "C"],
    ["SILVERSEA", "V"],
    ["X", null],
    ["", null],
    ["Royal", null],
  ])("%j → %j", (input, expected) => {
    expect(normaliseBrand(input)).toBe(expected);
  });
});

describe("the booking's sailDate as the event's sail_date", () => {
  it.each([
    ["2026-12-01", "2026-12-01"],
    ["2026-12-01T00:00:00.000Z", "2026-12-01"],
    ["2026-02-30", null],
    ["01DEC2026", null],
    ["", null],
  ])("%j → %j", (input, expected) => {
    expect(isoDate(input)).toBe(expected);
  });
});

describe("page_url and link_url never carry tokens or a person's details", () => {
  it.each([
    ["/home?z=LEGACYTOKEN", "https://portal.example.com/home"],
    [
      "/travel-docs?bookingId=3104008&surname=Rivera&sailDate=2027-03-16",
      "https://portal.example.com/travel-docs?bookingId=3104008&sailDate=2027-03-16",
    ],
    [
      "/travel-docs/3104008/itinerary?email=ana%40example.com",
      "https://portal.example.com/travel-docs/3104008/itinerary",
    ],
    ["/travel-docs/html/preview?token=abc&x=1", "https://portal.example.com/travel-docs/html/preview?x=1"],
    ["/tools/GROUP-TOOL?tokenId=t&sso=s&brand=R", "https://portal.example.com/tools/GROUP-TOOL?brand=R"],
    ["/login?redirectTo=%2Fhome#main", "https://portal.example.com/login"],
    ["https://user:secret@partner.example.com/a?b=1", "https://partner.example.com/a?b=1"],
    ["mailto:trade.support@example.com", "mailto:"],
    ["javascript:alert(1)", "javascript:"],
  ])("%s → %s", (href, expected) => {
    expect(safeUrl(href, PAGE)).toBe(expected);
  });
});

describe("link text", () => {
  it.each([
    ["  Booking \n  1234567 ", "Booking 1234567"],
    ["", null],
    ["x".repeat(150), "x".repeat(100)],
  ])("%j → %j", (input, expected) => {
    expect(shortText(input)).toBe(expected);
  });
});

describe("link events: event_name, page_url, category, booking_id, brand_code and the others", () => {
  const link = { pageUrl: PAGE, href: "/insights/booking/1234567", text: "1234567" };
  const base = {
    event: LINK_EVENT,
    page_url: PAGE,
    link_url: "https://portal.example.com/insights/booking/1234567",
    link_text: "1234567",
  };
  it.each<[string, LinkDetails, Record<string, unknown>]>([
    [
      "a booking in an insights list",
      {
        name: "booking_click",
        bookingId: "1234567",
        brand: "Royal Caribbean",
        shipName: "Wonder of the Seas",
        sailDate: "2026-12-01T00:00:00Z",
        groupId: null,
      },
      {
        event_name: "booking_click",
        category: "insights",
        booking_id: "1234567",
        brand_code: "R",
        ship_name: "Wonder of the Seas",
        sail_date: "2026-12-01",
      },
    ],
    [
      "a group booking with its alert",
      { name: "booking_click", bookingId: "7654321", groupId: "G-1001", brand: "c", alertType: "balance_due" },
      {
        event_name: "booking_click",
        category: "insights",
        booking_id: "7654321",
        group_id: "G-1001",
        brand_code: "C",
        alert_type: "BALANCE_DUE",
      },
    ],
    [
      "an offer",
      { name: "offer_click", offerId: "OFF-0042", brand: "V" },
      { event_name: "offer_click", category: "promotions", offer_id: "OFF-0042", brand_code: "V" },
    ],
    [
      "a brand",
      { name: "brand_click", brand: "R" },
      { event_name: "brand_click", category: "promotions", brand_code: "R" },
    ],
    [
      "a partner tool",
      { name: "partner_tool_click", toolCode: "digital-brochures" },
      { event_name: "partner_tool_click", category: "partner_tools", tool_code: "DIGITAL-BROCHURES" },
    ],
    ["the gift link", { name: "gift_link_click" }, { event_name: "gift_link_click", category: "navigation" }],
    [
      "junk values are left out, not sent",
      { name: "booking_click", bookingId: "<script>", brand: "Carnival", sailDate: "soon", shipName: "   " },
      { event_name: "booking_click", category: "insights" },
    ],
  ])("%s", (_name, details, expected) => {
    expect(linkEvent(datasetOf(analyticsAttributes(details)), link)).toEqual({ ...base, ...expected });
  });

  it("markup that names no known event makes no event", () => {
    expect(linkEvent({}, link)).toBeNull();
    expect(linkEvent({ analyticsEvent: "toString" }, link)).toBeNull();
    expect(linkEvent({ analyticsEvent: "purchase" }, link)).toBeNull();
  });

  it("attributes edited in the page are checked again", () => {
    expect(
      linkEvent({ analyticsEvent: "booking_click", analyticsBrandCode: "Z", analyticsBookingId: "a b" }, link),
    ).toEqual({
      ...base,
      event_name: "booking_click",
      category: "insights",
    });
  });

  it("the attributes carry only fields that pass their rule", () => {
    expect(analyticsAttributes({ name: "booking_click", bookingId: "1234567", brand: "nope", sailDate: null })).toEqual(
      {
        "data-analytics-event": "booking_click",
        "data-analytics-booking-id": "1234567",
      },
    );
  });
});

describe("the tag manager", () => {
  it.each([
    ["GTM-ABC1234", true],
    ["GTM-AB", false],
    ["gtm-abc1234", false],
    ["GTM-ABC1234&x=1", false],
  ])("container id %s valid: %s", (id, valid) => {
    expect(GTM_ID_PATTERN.test(id)).toBe(valid);
  });
  it("script address", () => {
    expect(tagManagerScript("GTM-ABC1234")).toBe("https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234");
  });
});
