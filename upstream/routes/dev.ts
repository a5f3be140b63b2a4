import { Hono } from "hono";
import { z } from "zod";
import { findAgentByUsername, isQaMode, setSetting } from "../db/agents";
import { utcDate } from "../catalogue/generate";
import { moveFareNow } from "../db/price-drops";
import { resetDemoData } from "../db/seed";
import { sendDigests } from "../insight/digest";
import { DIGEST_FREQUENCIES } from "../insight/types";
import type { AppEnv, Deps } from "../lib/context";
import { invalidRequest, readBody, readOptionalBody } from "../lib/errors";
import { listOutbox } from "../lib/outbox";

/**
 * Demo-mode helpers for testers. Mounted only when UPSTREAM_MODE is demo. They answer bare JSON
 * (no `data` wrapper), as the README shows, except the digest run, which answers `{data}` as
 * docs/insights-contract.md has it.
 */
export function devRoutes(deps: Deps) {
  const { db } = deps;
  const r = new Hono<AppEnv>();

  r.get("/outbox", (c) => {
    const recipient = c.req.query("recipient");
    return c.json(listOutbox(db, recipient === undefined || recipient === "" ? undefined : recipient));
  });

  r.post("/legacy-token", async (c) => {
    const { username } = await readBody(c, z.object({ username: z.string().trim().min(1).max(200) }));
    const agent = findAgentByUsername(db, username);
    if (!agent) throw invalidRequest(`There is no account named ${username}.`);
    return c.json({ token: await deps.tokens.issueLegacy(agent) });
  });

  r.post("/reset", (c) => {
    resetDemoData(db);
    return c.json({ ok: true });
  });

  r.post("/qa-mode", async (c) => {
    const { enabled } = await readBody(c, z.object({ enabled: z.boolean() }));
    setSetting(db, "qa_mode", enabled ? "true" : "false");
    return c.json({ qaMode: isQaMode(db) });
  });

  // Sends every switched-on insight digest of the frequency (both without one) now, due or not.
  r.post("/insight-digests/run", async (c) => {
    const { frequency } = await readOptionalBody(c, z.object({ frequency: z.enum(DIGEST_FREQUENCIES).optional() }));
    return c.json({ data: { sent: sendDigests(deps, { frequency }) } });
  });

  // Moves a fare now so a tester sees a price drop appear (`{data}`, as the insight calls answer).
  r.post("/price-drops", async (c) => {
    const body = await readOptionalBody(
      c,
      z.object({
        bookingId: z.string().trim().min(1).max(60).optional(),
        branch: z.string().trim().min(1).max(20).optional(),
        percent: z.number().int().min(1).max(90).optional(),
      }),
    );
    const moved = moveFareNow(db, utcDate(deps.clock()), {
      bookingId: body.bookingId,
      branch: body.branch?.toUpperCase() ?? "MIA",
      percent: body.percent ?? 25,
    });
    if (!moved) throw invalidRequest("There is no open booking before its final payment date to drop the fare of.");
    return c.json({ data: moved });
  });

  return r;
}
