import { describe, expect, it } from "vitest";
import { OtpSchema } from "~/domain/auth-forms";
import { maskEmail, otpErrorMessage, resendWait } from "~/domain/otp";

describe("one-time code messages", () => {
  it.each([
    [{ errorCode: "OTP_INVALID", remainingAttempts: 2 }, /not correct. You have 2 tries left/],
    [{ errorCode: "OTP_INVALID", remainingAttempts: 1 }, /1 try left/],
    [{ errorCode: "OTP_EXPIRED" }, /expired/],
    [{ errorCode: "OTP_USED" }, /already been used/],
    [{ errorCode: "OTP_TOO_MANY_ATTEMPTS" }, /Too many wrong codes/],
    [{ errorCode: "OTP_RATE_LIMITED" }, /Too many codes/],
    [{}, /Service unavailable/],
  ])("%j", (error, text) => expect(otpErrorMessage(error)).toMatch(text));
});

describe("the code form", () => {
  it.each([
    [{ intent: "verify", code: "123456" }, true],
    [{ intent: "verify", code: " 123456 " }, true],
    [{ intent: "verify", code: "12345" }, false],
    [{ intent: "verify", code: "abcdef" }, false],
    [{ intent: "verify" }, false],
    [{ intent: "resend" }, true],
    [{ intent: "other" }, false],
  ])("%j valid: %s", (input, valid) => expect(OtpSchema.safeParse(input).success).toBe(valid));
});

describe("helpers", () => {
  it("masks the address", () => expect(maskEmail("agent.mfa@example.com")).toBe("a••••••••@example.com"));
  it("counts the resend cool-down", () => {
    expect(resendWait(0, 0)).toBe(30);
    expect(resendWait(0, 29_001)).toBe(1);
    expect(resendWait(0, 30_000)).toBe(0);
  });
});
