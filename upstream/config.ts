import { z } from "zod";

/** Empty strings in the environment count as "not set". */
const unset = (value: unknown) => (value === "" ? undefined : value);

const envSchema = z
  .object({
    UPSTREAM_PORT: z.preprocess(unset, z.coerce.number().int().min(0).max(65535).default(3001)),
    UPSTREAM_HOST: z.preprocess(unset, z.string().min(1).default("127.0.0.1")),
    DATA_DIR: z.preprocess(unset, z.string().min(1).default("./data")),
    UPSTREAM_MODE: z.preprocess(unset, z.enum(["demo", "production"]).default("demo")),
    ACCESS_TOKEN_TTL_SECONDS: z.preprocess(unset, z.coerce.number().int().positive().default(900)),
    REFRESH_TOKEN_TTL_SECONDS: z.preprocess(unset, z.coerce.number().int().positive().default(43_200)),
    PORTAL_URL: z.preprocess(unset, z.url({ protocol: /^https?$/ }).default("http://localhost:3000")),
    WIDGET_API_KEY: z.preprocess(unset, z.string().min(1).max(200).default("demo-widget-key")),
    WEATHER_PROVIDER: z.preprocess(unset, z.enum(["simulated", "weatherstack"]).default("simulated")),
    WEATHERSTACK_KEY: z.preprocess(unset, z.string().min(1).max(200).optional()),
    WEATHERSTACK_URL: z.preprocess(unset, z.url({ protocol: /^https?$/ }).default("http://api.weatherstack.com")),
    FOREX_PROVIDER: z.preprocess(unset, z.enum(["snapshot", "frankfurter"]).default("snapshot")),
    FRANKFURTER_URL: z.preprocess(unset, z.url({ protocol: /^https?$/ }).default("https://api.frankfurter.app")),
    PROVIDER_TIMEOUT_MS: z.preprocess(unset, z.coerce.number().int().min(1).max(60_000).default(5000)),
  })
  .superRefine((e, ctx) => {
    if (e.WEATHER_PROVIDER === "weatherstack" && !e.WEATHERSTACK_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["WEATHERSTACK_KEY"],
        message: "required when WEATHER_PROVIDER is weatherstack",
      });
    }
  });

export type UpstreamMode = "demo" | "production";

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  mode: UpstreamMode;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Where the portal lives; magic links in the outbox point there. */
  portalUrl: string;
  /** The `x-api-key` the widget endpoints (weather, locations, forex) require. */
  widgetApiKey: string;
  weatherProvider: "simulated" | "weatherstack";
  /** Set when `weatherProvider` is `weatherstack` (checked by `parseConfig`). */
  weatherstackKey: string | undefined;
  weatherstackUrl: string;
  forexProvider: "snapshot" | "frankfurter";
  frankfurterUrl: string;
  /** How long a call to a real weather or rates service may take (5 seconds). */
  providerTimeoutMs: number;
};

/** Parses the environment; a bad value throws an Error that lists every problem. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`invalid upstream configuration: ${problems.join("; ")}`);
  }
  const e = result.data;
  return {
    port: e.UPSTREAM_PORT,
    host: e.UPSTREAM_HOST,
    dataDir: e.DATA_DIR,
    mode: e.UPSTREAM_MODE,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    portalUrl: e.PORTAL_URL.replace(/\/+$/, ""),
    widgetApiKey: e.WIDGET_API_KEY,
    weatherProvider: e.WEATHER_PROVIDER,
    weatherstackKey: e.WEATHERSTACK_KEY,
    weatherstackUrl: e.WEATHERSTACK_URL.replace(/\/+$/, ""),
    forexProvider: e.FOREX_PROVIDER,
    frankfurterUrl: e.FRANKFURTER_URL.replace(/\/+$/, ""),
    providerTimeoutMs: e.PROVIDER_TIMEOUT_MS,
  };
}
