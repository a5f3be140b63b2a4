import { describe, expect, it } from "vitest";
import { passwordProblems } from "~/domain/password";
import {
  EMAIL_PATTERN,
  SANCTIONED_COUNTRIES,
  WEB_ADDRESS_PATTERN,
  allowedStep,
  isSanctioned,
  isStepperComplete,
  phoneCountryChoices,
  stepState,
} from "~/domain/registration";
import { errorKeyFor, upstreamErrorText } from "~/domain/registration-errors";
import { translator } from "~/domain/translate";

describe("stepper states", () => {
  it.each([
    [0, 2, "completed"],
    [1, 2, "completed"],
    [2, 2, "current"],
    [3, 2, "inactive"],
    [0, 0, "current"],
    [3, 4, "completed"],
  ] as const)("step %i with active %i is %s", (index, active, state) => expect(stepState(index, active)).toBe(state));

  it.each([
    [3, 4, false],
    [4, 4, true],
    [5, 4, true],
    [0, 0, true],
  ])("completion at active index %i of %i steps: %s", (active, count, done) =>
    expect(isStepperComplete(active, count)).toBe(done),
  );
});

describe("a step opened or posted out of order lands where the agent is", () => {
  it.each([
    ["1", 1, 1],
    ["3", 1, 1],
    ["3", 3, 3],
    ["2", 4, 2],
    ["9", 4, 4],
    [null, 3, 1],
    ["0", 3, 1],
    ["-2", 3, 1],
    ["abc", 2, 1],
    ["2", 9, 2],
  ] as const)("asked %s, reached %i → %i", (asked, reached, expected) =>
    expect(allowedStep(asked, reached, 4)).toBe(expected),
  );
});

describe("sanctioned countries cannot register", () => {
  it.each(SANCTIONED_COUNTRIES)("%s is sanctioned", (code) => expect(isSanctioned(code)).toBe(true));
  it.each(["US", "GB", "BR", "SG", "cu"])("%s", (code) => expect(isSanctioned(code)).toBe(code === "cu"));
});

describe("hidden phone countries are left out of the selector", () => {
  it("removes them, whatever the case", () => {
    const all = [{ code: "US" }, { code: "CU" }, { code: "GB" }, { code: "KP" }];
    expect(phoneCountryChoices(all, ["cu", "KP"]).map((c) => c.code)).toEqual(["US", "GB"]);
  });
});

describe("e-mail and web address patterns", () => {
  it.each([
    ["name@agency.com", true],
    ["a@b.co", true],
    ["first.last+tag@sub.agency.travel", true],
    ["name@agency", false],
    ["name agency@x.com", false],
    ["@agency.com", false],
    ["name@.com", false],
    ["", false],
  ])("e-mail %s: %s", (value, ok) => expect(EMAIL_PATTERN.test(value)).toBe(ok));

  it.each([
    ["www.agency.com", true],
    ["https://agency.co.uk/path?q=1#top", true],
    ["http://agency.travel", true],
    ["agency.c", false],
    ["ftp://agency.com", false],
    ["agency", false],
    ["https://agency .com", false],
    ["sub-domain.agency-name.com/a/b", true],
  ])("web address %s: %s", (value, ok) => expect(WEB_ADDRESS_PATTERN.test(value)).toBe(ok));
});

describe("password rules name what failed", () => {
  it.each([
    ["Sunny#Deck42", {}, []],
    ["short1!", {}, ["passwordRuleLength", "passwordRuleUppercase"]],
    ["alllowercase1!", {}, ["passwordRuleUppercase"]],
    ["ALLUPPER1!", {}, ["passwordRuleLowercase"]],
    ["NoDigits!!", {}, ["passwordRuleNumber"]],
    ["NoSpecial12", {}, ["passwordRuleSpecial"]],
    ["Olivia#2026", { firstName: "Olivia" }, ["passwordRuleNoPersonalInfo"]],
    ["Bennett#2026x", { lastName: "bennett" }, ["passwordRuleNoPersonalInfo"]],
    ["Xagent.usa#1", { emailAddress: "agent.usa@example.com" }, ["passwordRuleNoPersonalInfo"]],
    ["Al#Secure2026", { firstName: "Al" }, []],
    ["a".repeat(129) + "A1!", {}, ["passwordRuleLength"]],
    // Characters, not UTF-16 units: 7 characters of which one is outside the BMP is still too short.
    ["Ab1!🚢xy", {}, ["passwordRuleLength"]],
    ["Ab1!🚢xyz", {}, []],
  ] as const)("%s", (password, personal, broken) => expect(passwordProblems(password, personal)).toEqual(broken));
});

describe("the upstream's registration errors become the dictionary's texts", () => {
  const t = translator({
    errorEmailAlreadyExists: "taken",
    otpInvalid: "wrong, {} left",
    otpInvalidNoCount: "wrong",
    otpInvalidOneLeft: "wrong, last try",
    errorServiceUnavailable: "unavailable",
    errorGeneric: "generic",
    agencyNotFound: "no agency",
  });
  it.each([
    [{ errorCode: "EMAIL_ALREADY_EXISTS" }, "taken"],
    [{ errorCode: "OTP_INVALID", remainingAttempts: 2 }, "wrong, 2 left"],
    [{ errorCode: "OTP_INVALID", remainingAttempts: 1 }, "wrong, last try"],
    [{ errorCode: "OTP_INVALID" }, "wrong"],
    [{ errorCode: "AGENCY_NOT_FOUND" }, "no agency"],
    [{ errorCode: "SOMETHING_NEW" }, "generic"],
    [{}, "unavailable"],
    [undefined, "unavailable"],
  ])("%j → %s", (error, text) => expect(upstreamErrorText(t, error)).toBe(text));

  it("every mapped code names a key", () => {
    for (const code of [
      "WEAK_PASSWORD",
      "EMAIL_NOT_VERIFIED",
      "PHONE_NOT_VERIFIED",
      "SANCTIONED_COUNTRY",
      "RESET_TOKEN_INVALID",
    ]) {
      expect(errorKeyFor(code)).not.toBe("errorGeneric");
    }
  });
});
