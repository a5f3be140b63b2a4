import { describe, expect, it } from "vitest";
import { SERVICE_UNAVAILABLE, loginErrorMessage } from "~/domain/login-errors";

describe("login error codes become texts in the form", () => {
  it.each([
    [{ errorCode: "unsuccessfulLoginMessage" }, /^The username or password is not correct\. Check them/],
    [{ errorCode: "attemptsRemaining", remainingAttempts: 3 }, /3 attempts remaining/],
    [{ errorCode: "attemptsRemaining", remainingAttempts: 1 }, /1 attempt remaining/],
    [{ errorCode: "attemptsRemaining" }, /^The username or password is not correct\. Check them/],
    [{ errorCode: "accountLockedMessage" }, /locked/],
    [{ errorCode: "qaModeMessage" }, /QA mode/],
    [{ errorCode: "INVALID_TOKEN" }, /could not be verified/],
  ])("%j", (error, text) => {
    expect(loginErrorMessage(error)).toMatch(text);
  });

  // Decision 033: the texts never tell a stranger whether the username has an account.
  it("an unknown username and a wrong password read the same; neither says which was wrong", () => {
    expect(loginErrorMessage({ errorCode: "unsuccessfulLoginMessage" })).toBe(
      loginErrorMessage({ errorCode: "attemptsRemaining" }),
    );
    expect(loginErrorMessage({ errorCode: "attemptsRemaining", remainingAttempts: 2 })).toBe(
      "The username or password is not correct. You have 2 attempts remaining before sign-in with this username is locked.",
    );
    for (const error of [
      { errorCode: "unsuccessfulLoginMessage" },
      { errorCode: "attemptsRemaining", remainingAttempts: 4 },
      { errorCode: "accountLockedMessage" },
    ]) {
      const text = loginErrorMessage(error);
      expect(text).not.toMatch(/could not find|no account|^the password is not correct|your account is locked/i);
    }
  });

  it.each([[{}], [{ errorCode: null }], [{ errorCode: "SOMETHING_NEW" }]])(
    "without a known errorCode (%j) the user sees 'Service unavailable, please try again later'",
    (error) => {
      expect(loginErrorMessage(error)).toBe("Service unavailable, please try again later");
      expect(SERVICE_UNAVAILABLE).toBe("Service unavailable, please try again later");
    },
  );
});
