import { constants, privateDecrypt } from "node:crypto";
import { z } from "zod";
import { ApiError, invalidRequest } from "./errors";
import type { Keys } from "./keys";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Shorter names (and e-mail local parts) are left out of the personal-information rule: too common to forbid. */
const PERSONAL_MIN_LENGTH = 3;

/** The rules, with the words the WEAK_PASSWORD message uses for each (the dictionary's passwordRule… keys). */
export const PASSWORD_RULES = {
  length: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`,
  uppercase: "an upper-case letter",
  lowercase: "a lower-case letter",
  number: "a number",
  special: "a character that is neither a letter nor a number",
  noPersonalInfo: "no part of your name or e-mail address",
} as const;
export type PasswordRule = keyof typeof PASSWORD_RULES;

/** Whose password it is: the personal-information rule forbids these inside it. */
export type PasswordOwner = { firstName: string; lastName: string; email: string };

/** The rules the password breaks, in the order of PASSWORD_RULES; empty when it is strong enough. */
export function passwordProblems(password: string, owner: PasswordOwner): PasswordRule[] {
  const problems: PasswordRule[] = [];
  const length = [...password].length; // characters, not UTF-16 units
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) problems.push("length");
  if (!/\p{Lu}/u.test(password)) problems.push("uppercase");
  if (!/\p{Ll}/u.test(password)) problems.push("lowercase");
  if (!/\p{Nd}/u.test(password)) problems.push("number");
  if (!/[^\p{L}\p{Nd}]/u.test(password)) problems.push("special");
  if (containsPersonalInfo(password, owner)) problems.push("noPersonalInfo");
  return problems;
}

function containsPersonalInfo(password: string, owner: PasswordOwner): boolean {
  const lower = password.toLowerCase();
  const localPart = owner.email.trim().split("@")[0] ?? "";
  return [owner.firstName, owner.lastName, localPart]
    .map((part) => part.trim().toLowerCase())
    .some((part) => [...part].length >= PERSONAL_MIN_LENGTH && lower.includes(part));
}

/** Throws 400 WEAK_PASSWORD naming every rule the password breaks. */
export function assertStrongPassword(password: string, owner: PasswordOwner): void {
  const problems = passwordProblems(password, owner);
  if (problems.length === 0) return;
  throw new ApiError(
    400,
    "WEAK_PASSWORD",
    `The password is not strong enough. It needs ${problems.map((rule) => PASSWORD_RULES[rule]).join("; ")}.`,
  );
}

// Long enough that a too-long password answers WEAK_PASSWORD, not INVALID_REQUEST (RSA-OAEP with SHA-256
// under a 2048-bit key carries at most 190 bytes anyway).
const passwordPayload = z.object({ password: z.string().max(1024) });

/**
 * Reads `encryptedPassword`: base64 of RSA-OAEP (SHA-256) over `{"password":"…"}` under the key of
 * `GET /auth/public-key`, as the login credentials are. Anything else throws 400 INVALID_REQUEST.
 */
export function decryptPassword(keys: Keys, encrypted: string): string {
  try {
    const plain = privateDecrypt(
      { key: keys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
      Buffer.from(encrypted, "base64"),
    );
    return passwordPayload.parse(JSON.parse(plain.toString("utf8"))).password;
  } catch {
    throw invalidRequest("The password could not be read. Please try again.");
  }
}

/** Decrypts the new password and checks it against the policy for its owner (INVALID_REQUEST, WEAK_PASSWORD). */
export function readNewPassword(keys: Keys, encrypted: string, owner: PasswordOwner): string {
  const password = decryptPassword(keys, encrypted);
  assertStrongPassword(password, owner);
  return password;
}
