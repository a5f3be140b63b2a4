import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { GTM_ID_PATTERN } from "~/domain/analytics";

const url = z.url({ protocol: /^https?$/ });

/** An origin alone (scheme, host, port): what absolute addresses for the outside world start with. */
const origin = url
  .refine(
    (value) => {
      const u = new URL(value);
      return u.pathname === "/" && !u.search && !u.hash && !u.username && !u.password;
    },
    { message: "must be an origin such as https://portal.example.com (no path, query or user)" },
  )
  .transform((value) => new URL(value).origin);

const schema = z.object({
  /**
   * The portal's public origin: every absolute address the portal hands out (the legacy site's
   * return address, logout's returnTo, printed page addresses) starts with it, never with the
   * request's Host header. Unset: http://localhost:PORT (the demo; server/primary.ts sets it).
   */
  PUBLIC_ORIGIN: origin.optional(),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATA_DIR: z.string().min(1).default("./data"),
  API_URL: url.default("http://127.0.0.1:3001"),
  /** The content service; the main API's address unless set. */
  CONTENT_URL: url.optional(),
  /** The weather and location service; the main API's address unless set. */
  WEATHER_API_URL: url.optional(),
  /** The exchange-rate service; the main API's address unless set. */
  FOREX_API_URL: url.optional(),
  /** The cruise catalogue (ships, ports, sailings); the main API's address unless set. */
  CATALOGUE_API_URL: url.optional(),
  /** The partner-insight API (bookings, alerts, digests); the main API's `/insight` unless set. */
  INSIGHT_API_URL: url.optional(),
  /** The `x-api-key` the widget services (weather, locations, forex) expect. */
  WIDGET_API_KEY: z.string().min(1).max(200).default("demo-widget-key"),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  SESSION_SECRET: z.string().min(16).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// address")
    .optional(),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Proxies (balancers) in front of the portal that append to X-Forwarded-For; 0: the socket is the client. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  COOKIE_SECURE: z.enum(["true", "false"]).optional(),
  /** Strict-Transport-Security max-age in seconds, sent while COOKIE_SECURE is on; 0 sends none. */
  HSTS_MAX_AGE: z.coerce.number().int().min(0).max(63_072_000).default(31_536_000),
  /** The largest request body a form post may have (the portal's server refuses larger ones first). */
  FORM_BODY_LIMIT_KB: z.coerce.number().int().min(1).max(10_240).default(64),
  /** The least saving (whole units of the booking's currency) the price-drop watch lists; 0: any drop. */
  PRICE_DROP_MINIMUM: z.coerce.number().int().min(0).max(100_000).default(25),
  /** The legacy application (the reference upstream's stand-in unless set). */
  LEGACY_SITE_URL: url.optional(),
  LEGACY_LOGOUT_URL: url.optional(),
  /** Where the partner tools live (the reference upstream's stand-ins unless set). */
  PARTNERS_URL: url.optional(),
  /** The chat vendor's script (the reference upstream's stand-in unless set). */
  CHAT_SCRIPT_URL: url.optional(),
  LEGACY_COOKIE_NAMES: z.string().default("CP_SESSION,CP_TOKEN"),
  /** The tag manager's container (GTM-…); unset, no tag-manager script and no third-party host in the CSP. */
  GTM_ID: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.string().regex(GTM_ID_PATTERN, "must be a tag-manager container id (GTM-…)").optional(),
  ),
  /** The public gift link's service (the reference upstream's stand-in unless set), posted with fixed basic headers. */
  GIFT_LINK_URL: url.optional(),
  /**
   * The fixed Basic credentials (user:password) of the gift link's POST: required with GIFT_LINK_URL;
   * the stand-in's demo pair is used only when the post goes to the stand-in.
   */
  GIFT_LINK_BASIC_AUTH: z
    .string()
    .regex(/^[^:]+:.+$/, "must be user:password")
    .optional(),
});

/** The reference upstream's gift-link stand-in accepts these (upstream/routes/gift.ts). */
const GIFT_STAND_IN_CREDENTIALS = "portal:gift-demo";

/** Settings that need one another; checked with the rest at start-up. */
const checkedSchema = schema.superRefine((env, ctx) => {
  if (env.GIFT_LINK_URL && !env.GIFT_LINK_BASIC_AUTH) {
    ctx.addIssue({
      code: "custom",
      path: ["GIFT_LINK_BASIC_AUTH"],
      message: "is required when GIFT_LINK_URL is set (the demo credentials go only to the stand-in)",
    });
  }
});

export type Env = z.infer<typeof schema> & {
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
  const parsed = checkedSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    // Stop at start-up with a list of what is wrong rather than fail later on a request.
    throw new Error(`Invalid environment:\n${problems}`);
  }
  const env = parsed.data;
  const cookieSecure = env.COOKIE_SECURE ? env.COOKIE_SECURE === "true" : env.NODE_ENV === "production";
  const legacySite = (env.LEGACY_SITE_URL ?? `${env.API_URL.replace(/\/$/, "")}/legacy`).replace(/\/$/, "");
  return {
    ...env,
    PUBLIC_ORIGIN: env.PUBLIC_ORIGIN ?? `http://localhost:${process.env.PORT || 3000}`,
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
function sessionSecrets(env: z.infer<typeof schema>): string[] {
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
