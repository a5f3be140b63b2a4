import { checkConfig, type Config } from "~/server/infra/config.server";

/**
 * The operators' settings (how much is logged, where the metrics are served), read from the one
 * configuration schema (app/server/infra/config.server.ts), which the primary checked at start-up.
 */
export type ObservabilityConfig = Pick<
  Config,
  "LOG_LEVEL" | "METRICS_PORT" | "METRICS_HOST" | "METRICS_TOKEN" | "PORT"
>;

export function readObservabilityConfig(source: NodeJS.ProcessEnv = process.env): ObservabilityConfig {
  const checked = checkConfig(source);
  if (!checked.ok) throw new Error(`Invalid environment: ${checked.problems.join("; ")}`);
  const { LOG_LEVEL, METRICS_PORT, METRICS_HOST, METRICS_TOKEN, PORT } = checked.config;
  return { LOG_LEVEL, METRICS_PORT, METRICS_HOST, METRICS_TOKEN, PORT };
}
