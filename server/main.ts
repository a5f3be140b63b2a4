// The portal's server. `npm start` builds first, then runs the compiled server: `node
// build/start/server/main.js` (esbuild bundles server/ and what it imports from app/ at build time;
// the production start loads no TypeScript loader). `npm run dev` runs this file through tsx. The
// cluster's primary supervises; each worker serves the production build. `--dev` runs one process
// with Vite's dev server instead (no build, no cluster).
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The checkout: the first folder above this file with a package.json (server/ here, build/start/server/ compiled). */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, "..");
  }
}
const root = findRoot(path.dirname(fileURLToPath(import.meta.url)));

if (process.argv.includes("--dev")) {
  const { runDev } = await import("./dev");
  await runDev(root);
} else if (cluster.isPrimary) {
  const { runPrimary } = await import("./primary");
  await runPrimary(root);
} else {
  const { runWorker } = await import("./worker");
  await runWorker(root);
}
