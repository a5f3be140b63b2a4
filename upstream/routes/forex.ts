import { Hono } from "hono";
import { requireApiKey } from "../lib/api-key";
import type { AppEnv, Deps } from "../lib/context";
import { frankfurterForex, parseBase, snapshotForex, type ForexProvider } from "../lib/forex";

function forexProvider(deps: Deps): ForexProvider {
  if (deps.config.forexProvider === "frankfurter") {
    return frankfurterForex({
      url: deps.config.frankfurterUrl,
      timeoutMs: deps.config.providerTimeoutMs,
      logger: deps.logger,
    });
  }
  return snapshotForex();
}

/**
 * `GET /api/forex?base={code}`, behind the widget API key: a bare list whose first item
 * holds the rates, `[{base, date, rates}]`. A base that is not three letters or not known: 404 NOT_FOUND.
 */
export function forexRoutes(deps: Deps) {
  const provider = forexProvider(deps);
  const r = new Hono<AppEnv>();
  r.use("*", requireApiKey(deps));
  r.get("/", async (c) => c.json([await provider.rates(parseBase(c.req.query("base")))]));
  return r;
}
