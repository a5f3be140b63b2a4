import os from "node:os";
import { z } from "zod";

/**
 * The server's own settings (the app's are in app/server/infra/env.server.ts): where it listens,
 * how many workers, how long a drain may take. Read once; a bad value stops the start with a list.
 */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).optional(),
  /** Workers on this machine: one per core unless said. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  UPSTREAM_PORT: z.coerce.number().int().min(1).max(65_535).default(3001),
  UPSTREAM_HOST: z.string().min(1).default("127.0.0.1"),
  /** How long a drain (SIGTERM) lets requests in flight finish, a CSV or PDF stream included. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  /** A worker whose event loop has not beaten for this long is wedged, and replaced. */
  WORKER_WEDGED_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
});

function read() {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    console.error(`[server] invalid environment:\n${problems}`);
    process.exit(1);
  }
  const s = parsed.data;
  return {
    port: s.PORT,
    host: s.HOST,
    workers: s.WEB_CONCURRENCY ?? os.availableParallelism(),
    upstreamPort: s.UPSTREAM_PORT,
    upstreamHost: s.UPSTREAM_HOST,
    shutdownGraceMs: s.SHUTDOWN_GRACE_MS,
    wedgedMs: s.WORKER_WEDGED_MS,
    heartbeatMs: Math.max(250, Math.floor(s.WORKER_WEDGED_MS / 6)),
  };
}

export const settings = read();
