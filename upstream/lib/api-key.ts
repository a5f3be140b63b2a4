import { createHash, timingSafeEqual } from "node:crypto";
import { createMiddleware } from "hono/factory";
import type { AppEnv, Deps } from "./context";
import { ApiError } from "./errors";

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/**
 * Requires the widget API key (`x-api-key`, config `WIDGET_API_KEY`) on the widget endpoints
 * (weather, locations, forex); missing or wrong answers 401 INVALID_API_KEY. Compared in constant
 * time (over SHA-256 digests, so the length does not leak either).
 */
export function requireApiKey(deps: Deps) {
  const expected = digest(deps.config.widgetApiKey);
  return createMiddleware<AppEnv>(async (c, next) => {
    const given = c.req.header("x-api-key");
    if (!given || !timingSafeEqual(digest(given), expected)) {
      throw new ApiError(401, "INVALID_API_KEY", "The API key is missing or not valid.");
    }
    await next();
  });
}
