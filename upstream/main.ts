import { serve } from "@hono/node-server";
import { join } from "node:path";
import { createApp } from "./app";
import { parseConfig } from "./config";
import { ensureCatalogue } from "./db/catalogue";
import { openDatabase } from "./db/index";
import { ensureInsights } from "./db/insight";
import { ensurePromotions } from "./db/promotions";
import { startDigestScheduler } from "./insight/digest";
import { systemClock } from "./lib/clock";
import { loadOrCreateKeys } from "./lib/keys";
import { consoleLogger } from "./lib/logger";

function start() {
  let config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }

  const keys = loadOrCreateKeys(join(config.dataDir, "upstream-keys"));
  const { db } = openDatabase(config.dataDir);
  const catalogue = ensureCatalogue(db, Date.now());
  if (catalogue.generated) {
    console.log(`catalogue generated: ${catalogue.sailings} sailings from ${catalogue.anchor} in ${catalogue.ms} ms`);
  }
  const promotions = ensurePromotions(db, Date.now());
  if (promotions.generated) {
    console.log(
      `promotions generated: ${promotions.offers} offers anchored on ${promotions.anchor} in ${promotions.ms} ms`,
    );
  }
  const insights = ensureInsights(db, Date.now());
  if (insights.generated) {
    console.log(
      `insight data generated: ${insights.bookings} bookings, ${insights.alerts} alerts anchored on ${insights.anchor} in ${insights.ms} ms`,
    );
  }
  const app = createApp({ db, config, keys });
  // Digest e-mails go out daily at 06:00 UTC and on Mondays at 06:00 UTC (checked every minute).
  const digests = startDigestScheduler({ db, config, keys, clock: systemClock, logger: consoleLogger });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    console.log(`upstream listening on http://${config.host}:${info.port} (${config.mode} mode)`);
  });
  server.on("error", (error) => {
    console.error(`upstream could not start: ${error.message}`);
    digests.stop();
    db.close();
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`upstream stopping (${signal})`);
    digests.stop();
    const force = setTimeout(() => {
      if ("closeAllConnections" in server) server.closeAllConnections();
    }, 5_000);
    force.unref();
    server.close(() => {
      db.close();
      process.exit(0);
    });
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

start();
