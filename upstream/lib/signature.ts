import { timingSafeEqual } from "node:crypto";

/**
 * Whether a token's base64url signature is exactly the expected MAC's encoding. The strings are
 * compared, not the decoded bytes: a 32-byte MAC is 43 characters whose last carries two spare bits,
 * so decoding would let four spellings of one signature through (a tampered token that still passes).
 */
export function signatureMatches(given: string, expected: Buffer): boolean {
  const a = Buffer.from(given, "utf8");
  const b = Buffer.from(expected.toString("base64url"), "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}
