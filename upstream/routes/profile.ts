import { Hono } from "hono";
import { z } from "zod";
import { buildProfile, findAgentById, setAgentLocation } from "../db/agents";
import { requireAuth } from "../lib/auth";
import type { AppEnv, Deps } from "../lib/context";
import { invalidToken, ok, readBody } from "../lib/errors";

const isoDate = z
  .string()
  .min(1)
  .max(64)
  .refine((value) => !Number.isNaN(Date.parse(value)), "must be an ISO date");

const dismissBody = z.object({
  notificationId: z.union([z.string().min(1).max(200), z.number().int().transform(String)]),
  startDate: isoDate,
  endDate: isoDate,
});

/** A coordinate as a number or a numeric string (locationData holds strings). */
const coordinate = (min: number, max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/, "must be a number")
        .transform(Number),
    ])
    .pipe(z.number().min(min).max(max));

const placeText = z.string().trim().max(100);

const locationBody = z.object({
  name: placeText.min(1),
  region: placeText.default(""),
  country: placeText.default(""),
  lat: coordinate(-90, 90),
  long: coordinate(-180, 180),
});

export function profileRoutes(deps: Deps) {
  const { db } = deps;
  const r = new Hono<AppEnv>();
  r.use("*", requireAuth(deps));

  r.get("/", (c) => {
    const agent = findAgentById(db, c.var.auth.agentId);
    if (!agent) throw invalidToken();
    return ok(c, buildProfile(db, agent));
  });

  /** Records (or replaces) a dismissal; answers the agent's dismissals. */
  r.post("/dismissed-notification", async (c) => {
    const body = await readBody(c, dismissBody);
    const { agentId } = c.var.auth;
    db.prepare(
      `INSERT INTO dismissed_notifications (agent_id, notification_id, start_iso, end_iso, dismissed_at)
       VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (agent_id, notification_id)
       DO UPDATE SET start_iso = excluded.start_iso, end_iso = excluded.end_iso, dismissed_at = excluded.dismissed_at`,
    ).run(agentId, body.notificationId, body.startDate, body.endDate, deps.clock());
    const agent = findAgentById(db, agentId);
    if (!agent) throw invalidToken();
    return ok(c, { dismissedNotifications: buildProfile(db, agent).dismissedNotifications });
  });

  /** Stores the place chosen in the weather widget as the agent's locationData; answers the profile. */
  r.put("/location", async (c) => {
    const body = await readBody(c, locationBody);
    const { agentId } = c.var.auth;
    setAgentLocation(db, agentId, body);
    const agent = findAgentById(db, agentId);
    if (!agent) throw invalidToken();
    return ok(c, buildProfile(db, agent));
  });

  return r;
}
