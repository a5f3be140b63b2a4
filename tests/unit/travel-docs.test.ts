import { describe, expect, it } from "vitest";
import {
  EmailSchema,
  FindSchema,
  PREVIEW_REFUSALS,
  pdfFileName,
  previewRefusal,
  readSailDate,
  readiness,
  readyBookingHref,
  readyPageOf,
  type DocumentKind,
} from "~/domain/travel-docs";

const booking = (status: string, amountDue: number, balanceDueDate: string | null = "2027-01-15") => ({
  status,
  amountDue,
  currency: "USD",
  balanceDueDate,
});

describe("document readiness", () => {
  it.each<[DocumentKind, string, number, boolean, RegExp]>([
    ["cruise-documents", "CONFIRMED", 0, true, /paid in full/],
    ["luggage-tags", "OPEN", 0, true, /paid in full/],
    ["itinerary", "CONFIRMED", 0, true, /paid in full/],
    ["cruise-documents", "CONFIRMED", 193, false, /\$193\.00 is still due \(balance due by 15JAN2027\)/],
    ["luggage-tags", "OPEN", 0.01, false, /\$0\.01 is still due/],
    ["itinerary", "CANCELLED", 0, false, /cancelled/],
    ["itinerary", "CANCELLED", 500, false, /cancelled/],
    ["invoice", "CONFIRMED", 193, true, /always available/],
    ["invoice", "CANCELLED", 0, true, /always available/],
  ])("%s of a %s booking with %d due: ready %s", (kind, status, due, ready, why) => {
    const state = readiness(kind, booking(status, due));
    expect(state.ready).toBe(ready);
    expect(state.why).toMatch(why);
  });

  it("says no date when the booking has no balance due date", () => {
    expect(readiness("itinerary", booking("OPEN", 10, null)).why).toBe(
      "Ready once the booking is paid in full: $10.00 is still due.",
    );
  });
});

describe("the finder's fields", () => {
  it.each([
    ["2027-03-16", "2027-03-16"],
    ["16MAR2027", "2027-03-16"],
    [" 16mar2027 ", "2027-03-16"],
    ["6 MAR 2027", "2027-03-06"],
    ["2027-02-30", null],
    ["30FEB2027", null],
    ["16XYZ2027", null],
    ["16/03/2027", null],
    ["", null],
  ])("the sail date %j reads as %s", (typed, iso) => {
    expect(readSailDate(typed)).toBe(iso);
  });

  it("reads the three fields, the booking id upper-cased", () => {
    expect(FindSchema.parse({ bookingId: " 3104008 ", surname: " Evans ", sailDate: "28DEC2026" })).toEqual({
      bookingId: "3104008",
      surname: "Evans",
      sailDate: "2026-12-28",
    });
  });

  it.each([
    [{ bookingId: "", surname: "Evans", sailDate: "2026-12-28" }, "bookingId", "Enter the booking id."],
    [{ bookingId: "31'; --", surname: "Evans", sailDate: "2026-12-28" }, "bookingId", /as it is shown/],
    [{ bookingId: "3104008", surname: " ", sailDate: "2026-12-28" }, "surname", /surname of a guest/],
    [{ bookingId: "3104008", surname: "Evans", sailDate: "" }, "sailDate", "Enter the sail date."],
    [{ bookingId: "3104008", surname: "Evans", sailDate: "soon" }, "sailDate", /like 2027-03-16/],
  ])("refuses %j on %s", (typed, field, message) => {
    const parsed = FindSchema.safeParse(typed);
    expect(parsed.success).toBe(false);
    const issue = parsed.error?.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toMatch(message);
  });
});

describe("the guest's e-mail address", () => {
  it.each([
    ["guest@example.com", true],
    ["  guest@example.com ", true],
    ["guest@", false],
    ["", false],
    [`${"a".repeat(250)}@example.com`, false],
  ])("%j valid: %s", (email, valid) => {
    expect(EmailSchema.safeParse({ email }).success).toBe(valid);
  });
});

describe("preview link refusals", () => {
  it.each([
    ["LINK_INVALID", 404, "This link is not valid"],
    ["LINK_EXPIRED", 410, "This link has expired"],
    ["LINK_REVOKED", 410, "This link was withdrawn"],
    ["SOMETHING_ELSE", 404, "This link is not valid"],
    [undefined, 404, "This link is not valid"],
  ])("%s is a %i saying %j", (code, status, heading) => {
    expect(previewRefusal(code)).toMatchObject({ status, heading });
  });

  it("never says anything of the booking", () => {
    for (const refusal of Object.values(PREVIEW_REFUSALS)) expect(refusal.text).not.toMatch(/\d{5,}/);
  });
});

describe("the PDF's file name", () => {
  it.each([
    ["itinerary", "3104008", "itinerary-3104008.pdf"],
    ["invoice", 'AB-12"; x', "invoice-AB-12x.pdf"],
  ] as const)("%s of %j is %s", (kind, bookingId, name) => {
    expect(pdfFileName(kind, bookingId)).toBe(name);
  });
});

describe("the agency's upcoming bookings with documents ready", () => {
  it.each([
    ["", 1],
    ["page=3", 3],
    ["page=0", 1],
    ["page=-2", 1],
    ["page=2.5", 1],
    ["page=abc", 1],
    ["page=100001", 1],
  ])("?%s is page %i", (query, page) => {
    expect(readyPageOf(new URLSearchParams(query))).toBe(page);
  });

  it("opens a booking's documents through the look-up with its three facts filled in", () => {
    expect(readyBookingHref({ bookingId: "1234567", sailDate: "2027-03-16", leadSurname: "Núñez" })).toBe(
      "/travel-docs?bookingId=1234567&surname=N%C3%BA%C3%B1ez&sailDate=2027-03-16",
    );
  });

  it("opens the invoice's page for a booking with no guest named (no surname to look it up by)", () => {
    expect(readyBookingHref({ bookingId: "1234567", sailDate: "2027-03-16", leadSurname: null })).toBe(
      "/travel-docs/1234567/invoice",
    );
  });
});
