import os from "node:os";
import { checkConfig, configReport, type Config } from "~/server/infra/config.server";

/**
 * The whole configuration, checked once when the server starts (decision 052): in the primary this
 * module is read before anything is started, so a bad variable stops the portal with one report of
 * every problem and exit code 1 (no worker, no embedded upstream, no stack trace). Workers inherit
 * the environment the primary checked, so their check passes.
 */
function read(): Config {
  const checked = checkConfig(process.env, { serving: true });
  if (!checked.ok) {
    console.error(configReport(checked.problems));
    process.exit(1);
  }
  return checked.config;
}

export const config = read();

/** The server's own settings, worked out from the configuration. */
export const settings = {
  port: config.PORT,
  host: config.HOST,
  workers: config.WEB_CONCURRENCY ?? os.availableParallelism(),
  upstreamPort: config.UPSTREAM_PORT,
  upstreamHost: config.UPSTREAM_HOST,
  shutdownGraceMs: config.SHUTDOWN_GRACE_MS,
  drainIdleMs: config.DRAIN_IDLE_MS,
  wedgedMs: config.WORKER_WEDGED_MS,
  heartbeatMs: Math.max(250, Math.floor(config.WORKER_WEDGED_MS / 6)),
};
