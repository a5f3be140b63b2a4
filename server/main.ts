// The portal's server: `node --import tsx server/main.ts` (npm start builds first). The cluster's
// primary supervises; each worker serves the production build. `--dev` runs one process with Vite's
// dev server instead (no build, no cluster).
import cluster from "node:cluster";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

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
