import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Environment for a test file that loads portal server modules. Call before importing them:
 * env.server.ts reads the environment once, at import.
 */
export function portalEnv(overrides: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portal-test-"));
  Object.assign(process.env, {
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    API_URL: "http://upstream.test",
    UPSTREAM_TIMEOUT_MS: "300",
    SESSION_SECRET: "test-secret-test-secret-test-secret",
    AUTH_RATE_LIMIT: "1000",
    ...overrides,
  });
  return { dataDir, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}

export const rsa = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  publicKeyEncoding: { type: "spki", format: "pem" },
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
});

/** An unsigned JWT-shaped token with these claims (the portal only reads claims). */
export function fakeJwt(claims: Record<string, unknown>): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${part({ alg: "HS256", typ: "JWT" })}.${part(claims)}.c2ln`;
}

export function loginRequest(fields: Record<string, string>, url = "http://localhost/login"): Request {
  return new Request(url, { method: "POST", body: new URLSearchParams(fields) });
}

/** The `name=value` part of a Set-Cookie header, to send back as Cookie. */
export function cookieFrom(setCookie: string | null): string {
  if (!setCookie) throw new Error("no Set-Cookie");
  return setCookie.split(";")[0]!;
}

export const profile = (overrides: Record<string, unknown> = {}) => ({
  loginUserName: "agent.usa",
  countryCode: "USA",
  reportingOfficeCode: "MIA",
  roleCode: "AGENT",
  currencies: [{ currencyCode: "USD", primaryCurrency: true }],
  agencyId: "100001",
  agentId: "200001",
  agentFirstName: "Avery",
  agentLastName: "Stone",
  agentEmailAddress: "agent.usa@example.com",
  agencyName: "Harbor Lights Travel",
  agentPhotos: [],
  allowedApplicationTools: [{ toolCode: "INSIGHT" }],
  eQuoteAcceptanceTC: true,
  latteAvailable: true,
  latteKey: null,
  locationData: [],
  dismissedNotifications: [],
  legacySiteVisited: true,
  ...overrides,
});
