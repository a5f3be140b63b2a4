import { z } from "zod";
import { GTM_ID_PATTERN } from "~/domain/analytics";

/**
 * The portal's one configuration schema: every variable the portal's server, its workers and the
 * app read, with the shape each must have. The server's primary checks it once, before it starts
 * anything (decision 052); the workers and the app read the same, already checked, environment.
 * docs/configuration.md has one row per key (tests/unit/configuration.test.ts holds them together).
 */

const httpUrl = (example: string) =>
  z.url({ protocol: /^https?$/, error: `must be an http:// or https:// address such as ${example}` });

/** A whole number within bounds; the report says the bounds, never the value. */
const whole = (min: number, max: number) => {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

/** An origin alone (scheme, host, port): what absolute addresses for the outside world start with. */
const origin = z
  .url({ protocol: /^https?$/, error: "must be an origin such as https://portal.example.com" })
  .refine(
    (value) => {
      const u = new URL(value);
      return u.pathname === "/" && !u.search && !u.hash && !u.username && !u.password;
    },
    { message: "must be an origin such as https://portal.example.com (no path, query or user)" },
  )
  .transform((value) => new URL(value).origin);

const SECRET_SHAPE = "must be one or more secrets of at least 16 characters each, separated by commas (new,old)";

const fields = {
  // The portal's server (server/): where it listens, its workers, its drain.
  PORT: whole(0, 65_535).default(3000),
  HOST: z.string().min(1).optional(),
  /** Workers on this machine: one per core unless said. */
  WEB_CONCURRENCY: whole(1, 64).optional(),
  UPSTREAM_PORT: whole(1, 65_535).default(3001),
  UPSTREAM_HOST: z.string().min(1).default("127.0.0.1"),
  /** How long a drain (SIGTERM) lets requests in flight finish, a CSV or PDF stream included. */
  SHUTDOWN_GRACE_MS: whole(0, 600_000).default(30_000),
  /**
   * On SIGTERM, a connection idle this long is closed: longer than the balancer's own idle
   * keep-alive (deploy/nginx.conf.template's upstream keepalive_timeout, 4 s), so the balancer
   * always closes its idle connections first and never posts on one being closed (decision 053).
   */
  DRAIN_IDLE_MS: whole(100, 600_000).default(5_000),
  /** A worker whose event loop has not beaten for this long is wedged, and replaced. */
  WORKER_WEDGED_MS: whole(1000, 600_000).default(30_000),

  // What the server tells its operators: the log and the metrics.
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** The port of the primary process's /metrics (one scrape covers every worker); 0: none. */
  METRICS_PORT: whole(0, 65_535).default(9464),
  /** Loopback unless set: the metrics are for the scraper on the same host or network, not the public. */
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  /** When set, /metrics needs `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, { error: "must be 16 to 200 characters" }).max(200).optional(),

  // The app.
  /**
   * The portal's public origin: every absolute address the portal hands out (the legacy site's
   * return address, logout's returnTo, printed page addresses) starts with it, never with the
   * request's Host header. Unset: http://localhost:PORT (the demo; server/primary.ts sets it).
   */
  PUBLIC_ORIGIN: origin.optional(),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATA_DIR: z.string().min(1).default("./data"),
  API_URL: httpUrl("https://api.example.com").default("http://127.0.0.1:3001"),
  /** The content service; the main API's address unless set. */
  CONTENT_URL: httpUrl("https://content.example.com").optional(),
  /** The weather and location service; the main API's address unless set. */
  WEATHER_API_URL: httpUrl("https://weather.example.com").optional(),
  /** The exchange-rate service; the main API's address unless set. */
  FOREX_API_URL: httpUrl("https://forex.example.com").optional(),
  /** The cruise catalogue (ships, ports, sailings); the main API's address unless set. */
  CATALOGUE_API_URL: httpUrl("https://catalogue.example.com").optional(),
  /** The partner-insight API (bookings, alerts, digests); the main API's `/insight` unless set. */
  INSIGHT_API_URL: httpUrl("https://api.example.com/insight").optional(),
  /** The `x-api-key` the widget services (weather, locations, forex) expect. */
  WIDGET_API_KEY: z.string().min(1).max(200, { error: "must be 1 to 200 characters" }).default("demo-widget-key"),
  UPSTREAM_TIMEOUT_MS: whole(100, 60_000).default(5000),
  /** Cookie signing; several (new,old) rotate. */
  SESSION_SECRET: z
    .string()
    .refine(
      (value) => {
        const secrets = value.split(",").map((s) => s.trim());
        return secrets.every((s) => s.length >= 16);
      },
      { message: SECRET_SHAPE },
    )
    .optional(),
  REDIS_URL: z
    .string()
    .refine((value) => /^rediss?:\/\/[^/]/.test(value) && URL.canParse(value), {
      message: "must be a redis:// or rediss:// address such as redis://cache:6379/0",
    })
    .optional(),
  AUTH_RATE_LIMIT: whole(1, 1_000_000).default(10),
  /** Proxies (balancers) in front of the portal that append to X-Forwarded-For; 0: the socket is the client. */
  TRUST_PROXY_HOPS: whole(0, 10).default(0),
  COOKIE_SECURE: z.enum(["true", "false"], { error: "must be true or false" }).optional(),
  /** Strict-Transport-Security max-age in seconds, sent while COOKIE_SECURE is on; 0 sends none. */
  HSTS_MAX_AGE: whole(0, 63_072_000).default(31_536_000),
  /** The largest request body a form post may have (the portal's server refuses larger ones first). */
  FORM_BODY_LIMIT_KB: whole(1, 10_240).default(64),
  /** The least saving (whole units of the booking's currency) the price-drop watch lists; 0: any drop. */
  PRICE_DROP_MINIMUM: whole(0, 100_000).default(25),
  /** The legacy application (the reference upstream's stand-in unless set). */
  LEGACY_SITE_URL: httpUrl("https://legacy.example.com").optional(),
  LEGACY_LOGOUT_URL: httpUrl("https://legacy.example.com/logout").optional(),
  /** Where the partner tools live (the reference upstream's stand-ins unless set). */
  PARTNERS_URL: httpUrl("https://partners.example.com").optional(),
  /** The chat vendor's script (the reference upstream's stand-in unless set). */
  CHAT_SCRIPT_URL: httpUrl("https://chat.example.com/vendor.js").optional(),
  LEGACY_COOKIE_NAMES: z.string().default("CP_SESSION,CP_TOKEN"),
  /** The tag manager's container (GTM-…); unset, no tag-manager script and no third-party host in the CSP. */
  GTM_ID: z.string().regex(GTM_ID_PATTERN, "must be a tag-manager container id (GTM-…)").optional(),
  /** The public gift link's service (the reference upstream's stand-in unless set), posted with fixed basic headers. */
  GIFT_LINK_URL: httpUrl("https://gifts.example.com/link").optional(),
  /**
   * The fixed Basic credentials (user:password) of the gift link's POST: required with GIFT_LINK_URL;
   * the stand-in's demo pair is used only when the post goes to the stand-in.
   */
  GIFT_LINK_BASIC_AUTH: z
    .string()
    .regex(/^[^:]+:.+$/, "must be user:password")
    .optional(),
};

const objectSchema = z.object(fields);

/** Every variable the portal reads, in the schema's order. */
export const CONFIG_KEYS = Object.keys(fields) as Array<keyof typeof fields>;

export type Config = z.infer<typeof objectSchema>;

/** An empty variable is an unset one (`REDIS_URL=` in a compose file means "none"). */
const withoutEmpty = (source: Record<string, string | undefined>) =>
  Object.fromEntries(CONFIG_KEYS.map((key) => [key, source[key] === "" ? undefined : source[key]]));

/** The variables that need one another. */
const checkedSchema = objectSchema.superRefine((config, ctx) => {
  if (config.GIFT_LINK_URL && !config.GIFT_LINK_BASIC_AUTH) {
    ctx.addIssue({
      code: "custom",
      path: ["GIFT_LINK_BASIC_AUTH"],
      message: "is required when GIFT_LINK_URL is set (the demo credentials go only to the stand-in)",
    });
  }
});

export type ConfigCheck = { ok: true; config: Config } | { ok: false; problems: string[] };

/**
 * Checks the whole environment at once and answers every problem as "VARIABLE: the shape it must
 * have", never the value given (it may be a secret). `serving`: the portal's own server is starting
 * (not a test or a tool), so a real upstream (API_URL) needs the portal's public address too.
 */
export function checkConfig(source: Record<string, string | undefined>, { serving = false } = {}): ConfigCheck {
  const given = withoutEmpty(source);
  const parsed = checkedSchema.safeParse(given);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  if (serving && given.API_URL !== undefined && given.PUBLIC_ORIGIN === undefined) {
    problems.push(
      "PUBLIC_ORIGIN: is required with API_URL (the portal's public address, such as https://portal.example.com)",
    );
  }
  if (!parsed.success || problems.length > 0) return { ok: false, problems };
  return { ok: true, config: parsed.data };
}

/** The start-up report of a configuration that does not hold: one line a problem, then where to read. */
export function configReport(problems: string[]): string {
  const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
  return [
    `[server] the configuration has ${count}; nothing was started:`,
    ...problems.map((p) => `  ${p}`),
    "Each variable is described in docs/configuration.md.",
  ].join("\n");
}
