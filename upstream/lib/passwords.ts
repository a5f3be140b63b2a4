import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from "node:crypto";

// scrypt parameters (OWASP: N=2^17 r=8 p=1 is the high end; 2^15 keeps sign-in fast on small machines).
const N = 32_768;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
const maxmem = (n: number, r: number) => 256 * n * r;

/** `scrypt$N$r$p$salt$hash` (salt and hash base64url); a fresh random salt per password. */
export function hashPassword(password: string): string {
  const salt = randomBytes(SALT_BYTES);
  const hash = scryptSync(password.normalize("NFC"), salt, KEY_LENGTH, { N, r: R, p: P, maxmem: maxmem(N, R) });
  return ["scrypt", N, R, P, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

function scryptAsync(password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Checks a password against a stored hash in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [n, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (![n, r, p].every((v) => Number.isInteger(v) && v > 0)) return false;
  const salt = Buffer.from(parts[4] ?? "", "base64url");
  const expected = Buffer.from(parts[5] ?? "", "base64url");
  if (salt.length === 0 || expected.length === 0) return false;
  const actual = await scryptAsync(password.normalize("NFC"), salt, expected.length, {
    N: n,
    r,
    p,
    maxmem: maxmem(n, r),
  });
  return timingSafeEqual(actual, expected);
}

let nobodysHash: Promise<string> | undefined;

/** The hash of a random password nobody knows, made once per process with the parameters of every real hash. */
function hashOfNobody(): Promise<string> {
  nobodysHash ??= (async () => {
    const salt = randomBytes(SALT_BYTES);
    const hash = await scryptAsync(randomBytes(32).toString("base64url"), salt, KEY_LENGTH, {
      N,
      r: R,
      p: P,
      maxmem: maxmem(N, R),
    });
    return ["scrypt", N, R, P, salt.toString("base64url"), hash.toString("base64url")].join("$");
  })();
  return nobodysHash;
}

/** Makes the hash `verifyPasswordOfNobody` checks against now, so the first unknown name is not slower. */
export function prepareHashOfNobody(): void {
  void hashOfNobody();
}

/**
 * Does the work of `verifyPassword` for a username no account has, and answers false whatever the password:
 * a sign-in with an unknown username costs as long as one with a wrong password (decision 033).
 */
export async function verifyPasswordOfNobody(password: string): Promise<false> {
  await verifyPassword(password, await hashOfNobody());
  return false;
}
