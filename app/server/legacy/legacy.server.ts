import { deflateRawSync } from "node:zlib";
import type { Locale } from "~/domain/language";
import { remoteAccessToken, type Caller } from "~/server/clients/api.server";
import { env } from "~/server/infra/env.server";

/** Legacy applications the portal opens (the internal link named espresso among them). */
export const LEGACY_APPS = ["espresso"] as const;
export type LegacyApp = (typeof LEGACY_APPS)[number];
export const isLegacyApp = (value: unknown): value is LegacyApp => (LEGACY_APPS as readonly unknown[]).includes(value);

/**
 * Single sign-on to the legacy application: a remote token from
 * GET /auth/remoteCPAccess, plus the return address and language, compressed and base64 encoded
 * into one parameter (`cp`).
 */
export async function legacyAddress(
  caller: Caller,
  app: LegacyApp,
  options: { returnUrl: string; language: Locale },
): Promise<string> {
  const remote_token = await remoteAccessToken(caller, app);
  const payload = deflateRawSync(JSON.stringify({ token: remote_token, ...options })).toString("base64url");
  return `${env.LEGACY_SITE_URL}/${app}?cp=${payload}`;
}
