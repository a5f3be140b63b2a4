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

describe("a month is written as the date's month and year: NOV 2026", () => {
  it.each([
    ["2026-06", "JUN 2026"],
    ["2027-01", "JAN 2027"],
    ["2026-12", "DEC 2026"],
    ["2026-13", ""],
    ["June", ""],
  ])("%s → %j", (month, expected) => {
    expect(monthName(month)).toBe(expected);
  });
});
