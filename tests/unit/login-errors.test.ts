import { describe, expect, it } from "vitest";
import { SERVICE_UNAVAILABLE, loginErrorMessage } from "~/domain/login-errors";

describe("section 8: login error codes become texts in the form", () => {
  it.each([
    [{ errorCode: "unsuccessfulLoginMessage" }, /could not find an account/],
    [{ errorCode: "attemptsRemaining", remainingAttempts: 3 }, /3 attempts remaining/],
    [{ errorCode: "attemptsRemaining", remainingAttempts: 1 }, /1 attempt remaining/],
    [{ errorCode: "attemptsRemaining" }, /password is not correct/],
    [{ errorCode: "accountLockedMessage" }, /locked/],
    [{ errorCode: "qaModeMessage" }, /QA mode/],
    [{ errorCode: "INVALID_TOKEN" }, /could not be verified/],
  ])("%j", (error, text) => {
    expect(loginErrorMessage(error)).toMatch(text);
  });

  it.each([[{}], [{ errorCode: null }], [{ errorCode: "SOMETHING_NEW" }]])(
    "without a known errorCode (%j) the user sees 'Service unavailable, please try again later'",
    (error) => {
      expect(loginErrorMessage(error)).toBe("Service unavailable, please try again later");
      expect(SERVICE_UNAVAILABLE).toBe("Service unavailable, please try again later");
    },
  );
});
