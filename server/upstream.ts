import { spawn, type ChildProcess } from "node:child_process";

/**
 * The compiled upstream (`npm run build` bundles it beside the compiled server) when this server runs
 * compiled; its TypeScript through tsx under `npm run dev`.
 */
function upstreamCommand(): string[] {
  return import.meta.url.endsWith(".ts") ? ["--import", "tsx", "upstream/main.ts"] : ["build/start/upstream/main.js"];
}

/**
 * The embedded reference upstream (demo mode), supervised: its own child process, started again
 * with backoff when it dies. Meanwhile the portal answers with its "unavailable" pages; its death is
 * never the portal's.
 */
export function superviseUpstream({ root, env, url }: { root: string; env: NodeJS.ProcessEnv; url: string }) {
  let child: ChildProcess | null = null;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let recentExits: number[] = [];

  function start() {
    const started = spawn(process.execPath, upstreamCommand(), {
      cwd: root,
      env,
      stdio: "inherit",
    });
    child = started;
    started.on("exit", (code, signal) => {
      if (child === started) child = null;
      if (stopping) return;
      const now = Date.now();
      recentExits = [...recentExits.filter((at) => now - at < 60_000), now];
      const delay = Math.min(30_000, 500 * 2 ** (recentExits.length - 1));
      console.error(
        `[server] the reference upstream exited (${signal ?? code}); starting it again in ${delay} ms (the portal says the service is unavailable meanwhile)`,
      );
      restartTimer = setTimeout(start, delay);
    });
  }
  start();

  return {
    /** Resolves when the upstream answers /health; rejects after `seconds`. */
    async ready(seconds = 30): Promise<void> {
      const deadline = Date.now() + seconds * 1000;
      while (Date.now() < deadline) {
        try {
          const response = await fetch(new URL("/health", url), { signal: AbortSignal.timeout(1000) });
          if (response.ok) return;
        } catch {
          // not yet
        }
        await new Promise((r) => setTimeout(r, 150));
      }
      throw new Error(`the reference upstream did not answer ${url}/health within ${seconds} s`);
    },
    /** Not started again if it exits from now on (the portal is stopping; it may still answer meanwhile). */
    hold(): void {
      stopping = true;
      clearTimeout(restartTimer);
    },
    /** Stops it (SIGTERM, then SIGKILL after `graceMs`) and does not start it again. */
    async stop(graceMs = 5000): Promise<void> {
      stopping = true;
      clearTimeout(restartTimer);
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once("exit", () => resolve());
        running.kill("SIGTERM");
        setTimeout(() => running.kill("SIGKILL"), graceMs).unref();
      });
    },
    pid: () => child?.pid,
  };
}
