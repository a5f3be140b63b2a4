import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The RSA key pair that protects login credentials and the HS256 secret that signs every JWT. */
export type Keys = {
  privateKey: KeyObject;
  /** SPKI PEM, as `GET /auth/public-key` answers it. */
  publicKeyPem: string;
  jwtSecret: Uint8Array;
};

const PRIVATE_KEY_FILE = "credentials-private.pem";
const JWT_SECRET_FILE = "jwt-secret";

/**
 * Reads the keys from `dir` (normally `DATA_DIR/upstream-keys`), generating them on first use:
 * an RSA 2048 key pair and a random 32-byte JWT secret, written with mode 0600.
 */
export function loadOrCreateKeys(dir: string): Keys {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const privatePath = join(dir, PRIVATE_KEY_FILE);
  const secretPath = join(dir, JWT_SECRET_FILE);

  if (!existsSync(privatePath)) {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    writeSecretFile(privatePath, privateKey.export({ type: "pkcs8", format: "pem" }).toString());
  }
  if (!existsSync(secretPath)) {
    writeSecretFile(secretPath, `${randomBytes(32).toString("base64url")}\n`);
  }

  const privateKey = createPrivateKey(readFileSync(privatePath, "utf8"));
  const publicKeyPem = createPublicKey(privateKey).export({ type: "spki", format: "pem" }).toString();
  const jwtSecret = new Uint8Array(Buffer.from(readFileSync(secretPath, "utf8").trim(), "base64url"));
  if (jwtSecret.length < 32) throw new Error(`${secretPath} holds fewer than 32 bytes`);
  return { privateKey, publicKeyPem, jwtSecret };
}

function writeSecretFile(path: string, content: string) {
  try {
    // "wx": never overwrite a key another process has just written.
    writeFileSync(path, content, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}
