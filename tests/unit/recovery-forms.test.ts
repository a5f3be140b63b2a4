import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { OUTCOME_LIMIT_MS, USERNAME_CODE_LIMIT_MS, isFresh, maskPhone } from "~/domain/recovery";
import {
  CodeSchema,
  ForgotPasswordSchema,
  ForgotUsernameSchema,
  ResetPasswordSchema,
} from "~/domain/registration-forms";
import type { z } from "zod";

/**
 * The recovery forms (the /account/forgot/... screens and /otp-verify), parsed as the actions
 * parse a posted form: through conform, so an empty field arrives as missing. Each row names the
 * field errors (dictionary keys) the form must answer, or none.
 */
function errorsOf(schema: z.ZodType, fields: Record<string, string>): Record<string, string[]> {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  const submission = parseWithZod(formData, { schema });
  if (submission.status === "success") return {};
  const errors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(submission.error ?? {})) if (messages?.length) errors[name] = messages;
  return errors;
}

describe("forgot password: username or e-mail address", () => {
  it.each<[string, Record<string, string>, Record<string, string[]>]>([
    ["a username", { usernameOrEmail: "agent.usa" }, {}],
    ["an e-mail address", { usernameOrEmail: "agent.usa@example.com" }, {}],
    ["nothing typed", { usernameOrEmail: "" }, { usernameOrEmail: ["errorRequired"] }],
    ["only spaces", { usernameOrEmail: "   " }, { usernameOrEmail: ["errorRequired"] }],
    ["the field missing", {}, { usernameOrEmail: ["errorRequired"] }],
    ["255 characters", { usernameOrEmail: "a".repeat(255) }, { usernameOrEmail: ["errorTooLong"] }],
  ])("%s", (_, fields, expected) => expect(errorsOf(ForgotPasswordSchema, fields)).toEqual(expected));

  it("sends the value trimmed", () => {
    const submission = parseWithZod(new URLSearchParams({ usernameOrEmail: "  agent.usa " }), {
      schema: ForgotPasswordSchema,
    });
    expect(submission.status === "success" && submission.value.usernameOrEmail).toBe("agent.usa");
  });
});

describe("reset password: the rules a new password breaks come back by key", () => {
  const both = (password: string, confirmPassword = password) => ({ password, confirmPassword });
  it.each<[string, Record<string, string>, Record<string, string[]>]>([
    ["a strong password", both("Harbour!2027"), {}],
    ["non-Latin letters with case count", both("Ÿacht!2027é"), {}],
    [
      "too short, no upper case, no number, no special",
      both("short"),
      {
        password: [
          "errorWeakPassword",
          "passwordRuleLength",
          "passwordRuleUppercase",
          "passwordRuleNumber",
          "passwordRuleSpecial",
        ],
      },
    ],
    ["no upper case", both("harbour!2027"), { password: ["errorWeakPassword", "passwordRuleUppercase"] }],
    ["no lower case", both("HARBOUR!2027"), { password: ["errorWeakPassword", "passwordRuleLowercase"] }],
    ["no number", both("Harbour!!!!"), { password: ["errorWeakPassword", "passwordRuleNumber"] }],
    ["no special character", both("Harbour2027"), { password: ["errorWeakPassword", "passwordRuleSpecial"] }],
    ["seven characters", both("Hb!2027"), { password: ["errorWeakPassword", "passwordRuleLength"] }],
    ["nothing typed", both(""), { password: ["errorRequired"] }],
    [
      "a confirmation that differs",
      both("Harbour!2027", "Harbour!2028"),
      { confirmPassword: ["errorPasswordsDontMatch"] },
    ],
    ["no confirmation", { password: "Harbour!2027" }, { confirmPassword: ["errorPasswordsDontMatch"] }],
  ])("%s", (_, fields, expected) => expect(errorsOf(ResetPasswordSchema, fields)).toEqual(expected));

  it("a password over 128 characters breaks the length rule", () => {
    const { password } = errorsOf(ResetPasswordSchema, both(`Aa1!${"x".repeat(125)}`));
    expect(password).toEqual(expect.arrayContaining(["errorWeakPassword", "passwordRuleLength"]));
  });
});

describe("forgot username: only the chosen channel's fields are checked", () => {
  it.each<[string, Record<string, string>, Record<string, string[]>]>([
    ["e-mail", { channel: "EMAIL", emailAddress: "agent.usa@example.com" }, {}],
    ["e-mail is the default channel", { emailAddress: "agent.usa@example.com" }, {}],
    [
      "e-mail, the phone fields ignored",
      { channel: "EMAIL", emailAddress: "agent.usa@example.com", mobilePhone: "abc" },
      {},
    ],
    ["e-mail missing", { channel: "EMAIL" }, { emailAddress: ["errorRequired"] }],
    ["e-mail without @", { channel: "EMAIL", emailAddress: "agent.usa" }, { emailAddress: ["errorInvalidEmail"] }],
    [
      "e-mail without a dot after @",
      { channel: "EMAIL", emailAddress: "agent@example" },
      { emailAddress: ["errorInvalidEmail"] },
    ],
    [
      "e-mail of 255 characters",
      { channel: "EMAIL", emailAddress: `${"a".repeat(243)}@example.com` },
      { emailAddress: ["errorTooLong"] },
    ],
    ["SMS", { channel: "SMS", telephoneCountryCode: "US", mobilePhone: "305 555 0142" }, {}],
    ["SMS written (305) 555-0142", { channel: "SMS", telephoneCountryCode: "US", mobilePhone: "(305) 555-0142" }, {}],
    [
      "SMS, the e-mail field ignored",
      { channel: "SMS", telephoneCountryCode: "US", mobilePhone: "3055550142", emailAddress: "x" },
      {},
    ],
    [
      "SMS without a country",
      { channel: "SMS", mobilePhone: "3055550142" },
      { telephoneCountryCode: ["errorRequired"] },
    ],
    ["SMS without a number", { channel: "SMS", telephoneCountryCode: "US" }, { mobilePhone: ["errorRequired"] }],
    [
      "SMS with letters",
      { channel: "SMS", telephoneCountryCode: "US", mobilePhone: "call me" },
      { mobilePhone: ["errorInvalidPhone"] },
    ],
    [
      "SMS with 21 characters",
      { channel: "SMS", telephoneCountryCode: "US", mobilePhone: "1".repeat(21) },
      { mobilePhone: ["errorTooLong"] },
    ],
  ])("%s", (_, fields, expected) => expect(errorsOf(ForgotUsernameSchema, fields)).toEqual(expected));

  it("refuses a channel other than EMAIL or SMS", () => {
    expect(
      Object.keys(errorsOf(ForgotUsernameSchema, { channel: "FAX", emailAddress: "agent.usa@example.com" })),
    ).toEqual(["channel"]);
  });
});

describe("the one-time code form: Verify needs six digits, a resend nothing", () => {
  it.each<[string, Record<string, string>, Record<string, string[]>]>([
    ["six digits", { intent: "verify", code: "123456" }, {}],
    ["six digits with spaces around", { intent: "verify", code: " 123456 " }, {}],
    ["five digits", { intent: "verify", code: "12345" }, { code: ["errorInvalidCode"] }],
    ["seven digits", { intent: "verify", code: "1234567" }, { code: ["errorInvalidCode"] }],
    ["letters", { intent: "verify", code: "abcdef" }, { code: ["errorInvalidCode"] }],
    ["nothing typed", { intent: "verify", code: "" }, { code: ["errorRequired"] }],
    ["a resend", { intent: "resend" }, {}],
    ["a resend with a half-typed code", { intent: "resend", code: "12" }, {}],
  ])("%s", (_, fields, expected) => expect(errorsOf(CodeSchema, fields)).toEqual(expected));

  it.each<Record<string, string>>([{ intent: "other", code: "123456" }, { code: "123456" }])(
    "refuses an unknown intent %j",
    (fields) => {
      expect(errorsOf(CodeSchema, fields)).not.toEqual({});
    },
  );
});

describe("recovery rules", () => {
  it.each([
    ["+13055550142", "•••••••0142"],
    ["(305) 555-0142", "••••••0142"],
    ["0142", "0142"],
  ])("masks %s as %s", (number, masked) => expect(maskPhone(number)).toBe(masked));

  const now = 1_000_000_000;
  it.each<[string, number | undefined, number, boolean]>([
    ["just started", now, USERNAME_CODE_LIMIT_MS, true],
    ["at the limit", now - USERNAME_CODE_LIMIT_MS, USERNAME_CODE_LIMIT_MS, true],
    ["a millisecond past the limit", now - USERNAME_CODE_LIMIT_MS - 1, USERNAME_CODE_LIMIT_MS, false],
    ["an outcome of eleven minutes", now - 11 * 60_000, OUTCOME_LIMIT_MS, false],
    ["never started", undefined, OUTCOME_LIMIT_MS, false],
    ["started in the future (a clock or a forged value)", now + 1, OUTCOME_LIMIT_MS, false],
  ])("%s: fresh %s", (_, since, limit, fresh) => expect(isFresh(since, limit, now)).toBe(fresh));
});
