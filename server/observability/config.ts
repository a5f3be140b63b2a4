import { z } from "zod";

/**
 * The operators' settings, read by the portal's own server (the app's build never needs them): how
 * much it logs and where the cluster's metrics are served. Read once, at start-up; a wrong value
 * stops the server with the variable's name rather than running half-configured.
 */
const schema = z.object({
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** The port of the primary process's /metrics (one scrape covers every worker); 0: none. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).default(9464),
  /** Loopback unless set: the metrics are for the scraper on the same host or network, not the public. */
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  /** When set, /metrics needs `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.preprocess((value) => (value === "" ? undefined : value), z.string().min(16).max(200).optional()),
});

export type ObservabilityConfig = z.infer<typeof schema>;

export function readObservabilityConfig(source: NodeJS.ProcessEnv = process.env): ObservabilityConfig {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`Invalid observability settings: ${problems}`);
  }
  return parsed.data;
}
