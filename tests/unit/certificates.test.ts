import { describe, expect, it } from "vitest";
import {
  BookingIdSchema,
  CODE_FORMAT_MESSAGE,
  CodeSchema,
  REDEEM_FAILED,
  brandName,
  certificateValue,
  refusalMessage,
} from "~/domain/certificates";

describe("certificate code", () => {
  it.each([
    ["RC-DEMO-0100", "RC-DEMO-0100"],
    [" rc-demo-0100 ", "RC-DEMO-0100"],
    ["rc demo 0100", "RC-DEMO-0100"],
    ["CE-AB12-9Z9Z", "CE-AB12-9Z9Z"],
  ])("%j reads as %s", (typed, code) => {
    expect(CodeSchema.parse(typed)).toBe(code);
  });

  it.each([
    ["", "Enter a certificate or voucher code."],
    ["RC-DEMO", CODE_FORMAT_MESSAGE],
    ["RCDEMO0100", CODE_FORMAT_MESSAGE],
    ["R1-DEMO-0100", CODE_FORMAT_MESSAGE],
    ["RC-DEMO-01000", CODE_FORMAT_MESSAGE],
    ["RC-DE_O-0100", CODE_FORMAT_MESSAGE],
    ["x".repeat(41), CODE_FORMAT_MESSAGE],
  ])("%j is refused: %s", (typed, message) => {
    const parsed = CodeSchema.safeParse(typed);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});

describe("booking id", () => {
  it.each([
    ["1234567", true],
    [" 1234567 ", true],
    ["", false],
    ["12 34", false],
    ["1".repeat(21), false],
  ])("%j valid: %s", (typed, valid) => {
    expect(BookingIdSchema.safeParse(typed).success).toBe(valid);
  });
});

describe("refusals", () => {
  it.each([
    ["ALREADY_REDEEMED", /already been redeemed/],
    ["EXPIRED", /expired/],
    ["BRAND_MISMATCH", /brand/],
    ["SAILING_MISMATCH", /sailing/],
    ["UNKNOWN_CODE", /could not find/],
    ["INVALID_CODE", /two letters/],
    ["NOT_FOUND", /no booking/],
    ["SOMETHING_ELSE", new RegExp(REDEEM_FAILED)],
    [undefined, new RegExp(REDEEM_FAILED)],
  ])("%s → %s", (code, message) => {
    expect(refusalMessage(code)).toMatch(message);
  });
});

describe("display", () => {
  it.each([
    [100, "USD", "$100.00"],
    [1234.5, "CAD", "CA$1,234.50"],
    [5, "ZZ", "ZZ 5.00"],
  ])("%d %s is %s", (value, currency, text) => {
    expect(certificateValue(value, currency)).toBe(text);
  });

  it.each([
    ["R", "Royal Caribbean"],
    ["C", "Celebrity Cruises"],
    ["V", "Silversea"],
    ["X", "X"],
  ])("brand %s is %s", (code, name) => {
    expect(brandName(code)).toBe(name);
  });
});
