import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { checkConfig, type Config } from "~/server/infra/config.server";

/** The reference upstream's gift-link stand-in accepts these (upstream/routes/gift.ts). */
const GIFT_STAND_IN_CREDENTIALS = "portal:gift-demo";

/** The app's settings: the checked configuration (config.server.ts) with every default worked out. */
export type Env = Config & {
  PUBLIC_ORIGIN: string;
  CONTENT_URL: string;
  WEATHER_API_URL: string;
  FOREX_API_URL: string;
  CATALOGUE_API_URL: string;
  INSIGHT_API_URL: string;
  LEGACY_SITE_URL: string;
  PARTNERS_URL: string;
  CHAT_SCRIPT_URL: string;
  GIFT_LINK_URL: string;
  GIFT_LINK_BASIC_AUTH: string;
  sessionSecrets: string[];
  cookieSecure: boolean;
};

function parseEnv(): Env {
  const checked = checkConfig(process.env);
  if (!checked.ok) {
    // The server's primary checked this environment before any worker started (decision 052):
    // only a test or a tool that imports the app gets here, and it stops with the same list.
    throw new Error(`Invalid environment:\n${checked.problems.map((p) => `  ${p}`).join("\n")}`);
  }
  const env = checked.config;
  const cookieSecure = env.COOKIE_SECURE ? env.COOKIE_SECURE === "true" : env.NODE_ENV === "production";
  const legacySite = (env.LEGACY_SITE_URL ?? `${env.API_URL.replace(/\/$/, "")}/legacy`).replace(/\/$/, "");
  return {
    ...env,
    PUBLIC_ORIGIN: env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`,
    CONTENT_URL: env.CONTENT_URL ?? env.API_URL,
    WEATHER_API_URL: env.WEATHER_API_URL ?? env.API_URL,
    FOREX_API_URL: env.FOREX_API_URL ?? env.API_URL,
    CATALOGUE_API_URL: env.CATALOGUE_API_URL ?? env.API_URL,
    INSIGHT_API_URL: (env.INSIGHT_API_URL ?? `${env.API_URL.replace(/\/$/, "")}/insight`).replace(/\/$/, ""),
    LEGACY_SITE_URL: legacySite,
    PARTNERS_URL: (env.PARTNERS_URL ?? env.API_URL).replace(/\/$/, ""),
    CHAT_SCRIPT_URL: env.CHAT_SCRIPT_URL ?? `${env.API_URL.replace(/\/$/, "")}/chat/vendor.js`,
    LEGACY_LOGOUT_URL: env.LEGACY_LOGOUT_URL ?? `${legacySite}/logout`,
    GIFT_LINK_URL: env.GIFT_LINK_URL ?? `${env.API_URL.replace(/\/$/, "")}/gift-link`,
    GIFT_LINK_BASIC_AUTH: env.GIFT_LINK_BASIC_AUTH ?? GIFT_STAND_IN_CREDENTIALS,
    sessionSecrets: sessionSecrets(env),
    cookieSecure,
  };
}

/** SESSION_SECRET may list several secrets (a,b) for rotation; without it one is generated into DATA_DIR. */
function sessionSecrets(env: Config): string[] {
  if (env.SESSION_SECRET)
    return env.SESSION_SECRET.split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  mkdirSync(env.DATA_DIR, { recursive: true });
  const file = path.join(env.DATA_DIR, "session-secret");
  try {
    writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return [readFileSync(file, "utf8").trim()];
}

export const env: Env = parseEnv();
