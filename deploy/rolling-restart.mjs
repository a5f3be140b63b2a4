#!/usr/bin/env node
// A rolling restart of the portal's instances behind a balancer, one at a time, losing no request
// (docs/production.md, "A rolling restart"; decision 053). For each instance in turn:
//   1. tell the balancer it is leaving (--leave: mark it `down` and reload nginx), so no new
//      connection is opened to it in the moment it stops listening;
//   2. restart it: SIGTERM drains it (it stops listening, so the balancer sends new connections, a
//      refused post too, to the others; it answers what it already holds with Connection: close),
//      then it is started again;
//   3. wait until its /readyz answers 200;
//   4. tell the balancer it is back (--rejoin), or, without --rejoin, wait --settle seconds: the
//      balancer left the instance out while it refused connections (nginx's fail_timeout, 10 s in
//      deploy/nginx.conf.template) and must take it back before the next one leaves, or it would
//      have no instance to send to.
//
// As a command, for instances run by a service manager:
//   node deploy/rolling-restart.mjs --restart "systemctl restart portal@{name}" \
//     --instance 1=http://10.0.0.11:3000 --instance 2=http://10.0.0.12:3000 \
//     [--leave "COMMAND {name}" --rejoin "COMMAND {name}"] [--settle 11]
// {name} and {url} in each command are each instance's; the restart command must return once the
// old process has exited and the new one is started (systemctl restart does). `npm run
// start:balanced` restarts its own instances this way on SIGHUP (deploy/run-balanced.mjs).
import { spawn } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Restarts each instance in turn. `instances`: { name, url, restart(), leave?(), rejoin?() } where
 * restart resolves once the instance was stopped (drained) and started again, and leave and rejoin
 * once the balancer has taken the instance out and back. Resolves when the last one is back (and,
 * without a rejoin, settled).
 * @param {Array<{ name: string, url: string, restart: () => Promise<void>, leave?: () => Promise<void>, rejoin?: () => Promise<void> }>} instances
 * @param {{ settleMs?: number, readyTimeoutMs?: number, log?: (line: string) => void }} [options]
 */
export async function rollingRestart(instances, options = {}) {
  const settleMs = options.settleMs ?? 11_000;
  const readyTimeoutMs = options.readyTimeoutMs ?? 90_000;
  const log = options.log ?? ((line) => console.log(`[rolling-restart] ${line}`));
  for (const [i, instance] of instances.entries()) {
    log(`${instance.name}: restarting (${i + 1} of ${instances.length})`);
    const started = Date.now();
    if (instance.leave) await instance.leave();
    await instance.restart();
    await waitReady(instance.url, readyTimeoutMs);
    log(`${instance.name}: ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (instance.rejoin) {
      await instance.rejoin();
      log(`${instance.name}: back in the balancer`);
    } else if (settleMs > 0) {
      // After the last one too: a restart run again at once must not find the balancer without it.
      log(`waiting ${settleMs / 1000} s for the balancer to take ${instance.name} back`);
      await new Promise((resolve) => setTimeout(resolve, settleMs));
    }
  }
  log("done");
}

async function waitReady(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const answer = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url}/readyz did not answer 200 within ${timeoutMs / 1000} s: the restart stops here`);
}

function run(command) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, { shell: true, stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`"${command}" exited with ${code}`))));
  });
}

function parseArguments(argv) {
  const instances = [];
  let restart = null;
  let leave = null;
  let rejoin = null;
  let settle = 11;
  for (let i = 0; i < argv.length; i++) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (flag === "--instance" && value?.includes("=")) {
      const at = value.indexOf("=");
      instances.push({ name: value.slice(0, at), url: new URL(value.slice(at + 1)).origin });
      i++;
    } else if (flag === "--restart" && value) {
      restart = value;
      i++;
    } else if (flag === "--leave" && value) {
      leave = value;
      i++;
    } else if (flag === "--rejoin" && value) {
      rejoin = value;
      i++;
    } else if (flag === "--settle" && value && Number(value) >= 0) {
      settle = Number(value);
      i++;
    } else {
      throw new Error(`unknown or incomplete argument: ${flag}`);
    }
  }
  if (!restart || instances.length === 0 || !leave !== !rejoin) {
    throw new Error(
      'usage: rolling-restart.mjs --restart "COMMAND {name}" --instance NAME=URL … ' +
        '[--leave "COMMAND {name}" --rejoin "COMMAND {name}"] [--settle SECONDS]',
    );
  }
  return { instances, restart, leave, rejoin, settle };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    const { instances, restart, leave, rejoin, settle } = parseArguments(process.argv.slice(2));
    const command = (template, instance) =>
      template && (() => run(template.replaceAll("{name}", instance.name).replaceAll("{url}", instance.url)));
    await rollingRestart(
      instances.map((instance) => ({
        ...instance,
        restart: command(restart, instance),
        leave: command(leave, instance) || undefined,
        rejoin: command(rejoin, instance) || undefined,
      })),
      { settleMs: settle * 1000 },
    );
  } catch (error) {
    console.error(`[rolling-restart] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
