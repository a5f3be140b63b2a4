import { Hono } from "hono";
import type { AppEnv, Deps } from "../lib/context";
import { ok } from "../lib/errors";

export function healthRoutes(_deps: Deps) {
  const r = new Hono<AppEnv>();
  r.get("/health", (c) => ok(c, { ok: true }));
  return r;
}
