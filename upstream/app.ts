import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { Config } from "./config";
import { utcDate } from "./catalogue/generate";
import { ensureCatalogue } from "./db/catalogue";
import { syncCatalogueFares } from "./db/catalogue-fares";
import { ensureInsights } from "./db/insight";
import { ensurePromotions } from "./db/promotions";
import type { Db } from "./db/database";
import { systemClock, type Clock } from "./lib/clock";
import type { AppEnv, Deps } from "./lib/context";
import { ApiError, errorBody } from "./lib/errors";
import type { Keys } from "./lib/keys";
import { consoleLogger, oneLine, type Logger } from "./lib/logger";
import { TokenService } from "./lib/tokens";
import { accountRoutes } from "./routes/accounts";
import { agencyRoutes } from "./routes/agencies";
import { agencyUserRoutes } from "./routes/agency-users";
import { agentRoutes } from "./routes/agents";
import { authRoutes } from "./routes/auth";
import { catalogueRoutes } from "./routes/catalogue";
import { certificateRoutes } from "./routes/certificates";
import { documentRoutes } from "./routes/documents";

import { ensureReducedRates } from "./db/reduced-rates";
import { reducedRateDevRoutes, reducedRateRoutes } from "./routes/reduced-rates";

import { groupDevRoutes, groupRoutes } from "./routes/groups";
import { ensureGroups } from "./db/groups";

import { chatRoutes } from "./routes/chat";
import { CONTENT_PREFIX, contentRoutes } from "./routes/content";
import { devRoutes } from "./routes/dev";
import { forexRoutes } from "./routes/forex";
import { healthRoutes } from "./routes/health";
import { insightRoutes } from "./routes/insight";
import { legacyRoutes } from "./routes/legacy";
import { legalRoutes } from "./routes/legal";
import { otpRoutes } from "./routes/otp";
import { giftRoutes } from "./routes/gift";
import { partnerRoutes } from "./routes/partners";
import { profileRoutes } from "./routes/profile";
import { promotionRoutes } from "./routes/promotions";
import { redirectRoutes } from "./routes/redirect";
import { superUserRoutes } from "./routes/super-user";
import { weatherRoutes } from "./routes/weather";

export type CreateAppOptions = {
  db: Db;
  config: Config;
  keys: Keys;
  /** Milliseconds since the epoch; tests pass a movable clock. */
  clock?: Clock;
  logger?: Logger;
};

const MAX_BODY_BYTES = 64 * 1024;
/** The photo upload has its own limit (5 MB, on its route); every other body keeps the 64 KB one. */
const PHOTO_UPLOAD = /^\/agents\/[^/]+\/photo\/?$/;

/** The upstream as a Hono app. `main.ts` serves it; tests call `app.request()`. */
export function createApp(options: CreateAppOptions) {
  const clock = options.clock ?? systemClock;
  const deps: Deps = {
    db: options.db,
    config: options.config,
    keys: options.keys,
    clock,
    logger: options.logger ?? consoleLogger,
    tokens: new TokenService({ db: options.db, keys: options.keys, config: options.config, clock }),
  };

  // The cruise catalogue is generated on the first start (anchored on the clock's date) and kept after; so are
  // the offers and the partner-insight data, anchored on the catalogue's anchor and built on its sailings.
  ensureCatalogue(options.db, clock());
  ensurePromotions(options.db, clock());
  ensureInsights(options.db, clock());
  ensureReducedRates(options.db, clock());

  ensureGroups(options.db, clock());
  // The catalogue's prices follow the fare schedule: brought up to today now, and again on each new day, before
  // any route reads them (decision 046).
  syncCatalogueFares(options.db, utcDate(clock()));

  const app = new Hono<AppEnv>();
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json(errorBody("PAYLOAD_TOO_LARGE", "The request body is too large."), 413),
  });
  app.use((_, next) => {
    syncCatalogueFares(options.db, utcDate(clock()));
    return next();
  });
  app.use((c, next) => (c.req.method === "PUT" && PHOTO_UPLOAD.test(c.req.path) ? next() : limitBody(c, next)));

  // One module per area; later areas mount here too.
  app.route("/", healthRoutes(deps));
  app.route("/auth", authRoutes(deps));
  app.route("/userProfile", profileRoutes(deps));
  app.route("/otp", otpRoutes(deps));
  // Two modules share /agents; each route carries its own guard (registration needs no token).
  app.route("/agents", legalRoutes(deps));
  app.route("/agents", agentRoutes(deps));
  app.route("/agencies", agencyRoutes(deps));
  app.route("/agencies", agencyUserRoutes(deps));
  app.route("/accounts", accountRoutes(deps));
  app.route("/super-user", superUserRoutes(deps));
  app.route(CONTENT_PREFIX, contentRoutes(deps));
  app.route("/redirect", redirectRoutes(deps));
  app.route("/catalogue", catalogueRoutes(deps));
  app.route("/promotions", promotionRoutes(deps));
  app.route("/insight", insightRoutes(deps));
  app.route("/certificates", certificateRoutes(deps));
  app.route("/documents", documentRoutes(deps));

  app.route("/reduced-rates", reducedRateRoutes(deps));
  if (deps.config.mode === "demo") app.route("/dev/reduced-rates", reducedRateDevRoutes(deps));

  app.route("/groups", groupRoutes(deps));
  if (deps.config.mode === "demo") app.route("/dev/groups", groupDevRoutes(deps));

  // Widget calls (weather, locations, forex) need the widget API key, not a bearer token.
  app.route("/api/weather", weatherRoutes(deps));
  app.route("/api/forex", forexRoutes(deps));
  // The legacy-site stand-in stands for a different production system, so it is served in every mode.
  app.route("/legacy", legacyRoutes(deps));
  // So are the partner-tool stand-ins and the chat vendor's script.
  app.route("/partners", partnerRoutes(deps));
  app.route("/gift-link", giftRoutes(deps));
  app.route("/chat", chatRoutes(deps));
  if (deps.config.mode === "demo") app.route("/dev", devRoutes(deps));

  app.notFound((c) => c.json(errorBody("NOT_FOUND", "Not found"), 404));

  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(error.toBody(), error.status, error.headers);
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(errorBody("INVALID_REQUEST", error.message || "The request is not valid."), error.status);
    }
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    deps.logger.error(oneLine(`upstream error ${c.req.method} ${c.req.path}: ${detail}`));
    return c.json(errorBody("INTERNAL_ERROR", "Something went wrong on our side. Please try again later."), 500);
  });

  return app;
}

export type UpstreamApp = ReturnType<typeof createApp>;
