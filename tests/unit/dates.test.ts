import { describe, expect, it } from "vitest";
import { displayDate, monthName, readDisplayDate } from "~/domain/dates";

/** The date display (ddMMMyyyy, upper case) read back, and a month in words. */
describe("readDisplayDate: the portal's own ddMMMyyyy as YYYY-MM-DD", () => {
  it.each([
    ["16MAR2027", "2027-03-16"],
    ["16mar2027", "2027-03-16"],
    [" 6 Mar 2027 ", "2027-03-06"],
    ["29FEB2028", "2028-02-29"],
    ["29FEB2027", null],
    ["16XYZ2027", null],
    ["2027-03-16", null],
    ["", null],
  ])("%j → %j", (typed, expected) => {
    expect(readDisplayDate(typed)).toBe(expected);
  });

  it("reads back what displayDate writes", () => {
    expect(readDisplayDate(displayDate("2026-11-05"))).toBe("2026-11-05");
  });
});

describe("monthName", () => {
  it.each([
    ["2026-06", "June 2026"],
    ["2027-01", "January 2027"],
    ["2026-12", "December 2026"],
  ])("%s → %s", (month, expected) => {
    expect(monthName(month)).toBe(expected);
  });
});
