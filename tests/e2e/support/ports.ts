/**
 * Each Playwright worker has a stack of its own: a portal with its embedded upstream, a data
 * directory and Redis databases, so that no test sees another worker's writes (lockouts, the
 * outbox, a reset). A worker's parallel index (0 … WORKERS-1, kept when a worker is replaced after
 * a failure) picks a block of 200 ports; the tests that start processes of their own (cluster, drain,
 * nginx, a faulty upstream) take their ports from the same block.
 *
 * The config (main process) starts one portal per index; a worker reads its index from the
 * environment Playwright gives it.
 */
export const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3100);

export type Stack = {
  /** The shared portal of this worker (its primary and two cluster workers). */
  portal: number;
  /** Its embedded reference upstream. */
  upstream: number;
  /** Its metrics port. */
  metrics: number;
  /** Its DATA_DIR (sessions.sqlite, upstream.sqlite), relative to the repository. */
  dataDir: string;
  /** A spare port of this worker's block for a test's own process: offset 10 … 199. */
  spare: (offset: number) => number;
  /** A Redis database of this worker's own for a test's own processes (slot 0 or 1). */
  redisUrl: (slot: 0 | 1) => string;
};

export function stackOf(index: number): Stack {
  const portal = FIRST_PORT + 200 * index;
  return {
    portal,
    upstream: portal + 1,
    metrics: portal + 2,
    dataDir: `data/e2e-${portal}`,
    spare: (offset) => {
      if (offset < 10 || offset > 199) throw new Error(`spare port offset ${offset} is outside 10 … 199`);
      return portal + offset;
    },
    // Databases 8 … 15: 0 is a developer's, 5 the balanced start's (npm run start:balanced). Chosen
    // by the port block, not the worker index alone, so runs on different E2E_PORTs at once (two
    // checkouts, 200 ports apart) do not share one.
    redisUrl: (slot) => `redis://127.0.0.1:6379/${8 + 2 * (Math.floor(portal / 200) % 4) + slot}`,
  };
}

/** This worker's stack (index 0 in the main process, where only the config reads it). */
export const stack = stackOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
