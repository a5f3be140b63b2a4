#!/usr/bin/env node
// Run by `npm run build` after Vite's build: copies this build's hashed assets (build/client/assets)
// into build/kept-assets, which the portal's server serves after its own (server/app.ts), and drops
// kept files no build has shipped for KEPT_ASSETS_DAYS (7). A page of an earlier build, still open
// in an agent's browser during and after a rolling upgrade, then gets the scripts it asks for from
// an instance of the new build (decision 053). Hashed names never change content, so old and new
// files never collide. Kept apart from build/client so that the build's own files (and the bench's
// size budgets) stay this build's.
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, utimesSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const assets = path.join(root, "build/client/assets");
const kept = path.join(root, "build/kept-assets");
const days = Number(process.env.KEPT_ASSETS_DAYS ?? 7);
if (!Number.isFinite(days) || days < 0) throw new Error("KEPT_ASSETS_DAYS must be a number of days");

mkdirSync(kept, { recursive: true });
const now = new Date();
const shipped = new Set(readdirSync(assets));
for (const file of shipped) {
  const target = path.join(kept, file);
  if (!existsSync(target)) copyFileSync(path.join(assets, file), target);
  // The last time a build shipped it: the clock of its keeping starts again.
  utimesSync(target, now, now);
}
let dropped = 0;
for (const file of readdirSync(kept)) {
  if (shipped.has(file)) continue;
  if (now.getTime() - statSync(path.join(kept, file)).mtimeMs > days * 86_400_000) {
    rmSync(path.join(kept, file), { force: true });
    dropped++;
  }
}
console.log(
  `kept assets: ${readdirSync(kept).length} files in build/kept-assets (${dropped} older than ${days} days dropped)`,
);
