import { createHmac } from "node:crypto";
import { dayNumber, isoDate, utcDate } from "../catalogue/generate";
import { findAgentById, type AgentRow } from "../db/agents";
import {
  addCondition,
  branchAccess,
  enabledDigests,
  LISTS,
  listPage,
  markDigestSent,
  newFilter,
  type DigestSettings,
  type Scope,
} from "../db/insight";
import { PRICE_DROPS_LIST, savingCondition } from "../db/price-drops";
import type { Deps } from "../lib/context";
import { oneLine } from "../lib/logger";
import { sendToOutbox, type OutboxMessage } from "../lib/outbox";
import { signatureMatches } from "../lib/signature";
import { ALERT_LABEL, DIGEST_DAYS, type DigestFrequency } from "./types";

/** What building and sending digests needs (no token service: the scheduler runs outside the app). */
export type DigestDeps = Pick<Deps, "db" | "config" | "keys" | "clock" | "logger">;

const DAY_MS = 86_400_000;
const SEND_HOUR_MS = 6 * 3_600_000;
/** Alerts listed in one e-mail at most; the count in the subject is every one. */
export const DIGEST_LIST_LIMIT = 100;

// -----------------------------------------------------------------------------------------------------------
// Unsubscribe tokens: `{base64url(agentId)}.{base64url(HMAC-SHA256)}` under the upstream's JWT secret, for this
// purpose only. They do not expire: the link in any digest ever sent keeps working.

const TOKEN_PURPOSE = "insight-digest-unsubscribe";

function tokenMac(deps: Pick<Deps, "keys">, agentId: string): Buffer {
  return createHmac("sha256", deps.keys.jwtSecret).update(`${TOKEN_PURPOSE}:${agentId}`).digest();
}

export function unsubscribeToken(deps: Pick<Deps, "keys">, agentId: string): string {
  return `${Buffer.from(agentId, "utf8").toString("base64url")}.${tokenMac(deps, agentId).toString("base64url")}`;
}

/** The agent id a token was signed for, or null for anything malformed or tampered with. */
export function agentOfToken(deps: Pick<Deps, "keys">, token: string): string | null {
  if (token.length > 300) return null;
  const match = /^([A-Za-z0-9_-]{1,100})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const agentId = Buffer.from(match[1]!, "base64url").toString("utf8");
  if (Buffer.from(agentId, "utf8").toString("base64url") !== match[1]) return null;
  return signatureMatches(match[2]!, tokenMac(deps, agentId)) ? agentId : null;
}

/** `a***@example.com`: the first character of the mailbox and the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${email.charAt(0)}***${email.slice(at)}`;
}

// -----------------------------------------------------------------------------------------------------------
// Slots

/** The last send time at or before `now`: daily 06:00 UTC, weekly Monday 06:00 UTC. */
export function latestSlot(frequency: DigestFrequency, now: number): number {
  const day = Math.floor(now / DAY_MS);
  if (frequency === "DAILY") {
    const slot = day * DAY_MS + SEND_HOUR_MS;
    return slot <= now ? slot : slot - DAY_MS;
  }
  // Day 0 (1970-01-01) was a Thursday: (day + 3) % 7 is 0 on Mondays.
  const monday = day - ((day + 3) % 7);
  const slot = monday * DAY_MS + SEND_HOUR_MS;
  return slot <= now ? slot : slot - 7 * DAY_MS;
}

/** Whether a digest has a slot since it was last sent (or switched on) that it has not been sent for. */
export function isDue(settings: Pick<DigestSettings, "frequency" | "lastSentAt" | "armedAt">, now: number): boolean {
  const slot = latestSlot(settings.frequency, now);
  const since = Math.max(settings.lastSentAt ?? -Infinity, settings.armedAt ?? -Infinity);
  return since < slot;
}

// -----------------------------------------------------------------------------------------------------------
// Building and sending

/**
 * The digest e-mail of an agent: the alerts of the chosen types and enrolment due from today to the next 10
 * days (daily) or 30 (weekly) in the agent's home branch, soonest first, each with a link to its booking; a
 * link to the alert centre and the unsubscribe link (also `link`).
 */
export function buildDigest(deps: DigestDeps, agent: AgentRow, settings: DigestSettings, now: number): OutboxMessage {
  const portal = deps.config.portalUrl;
  const today = utcDate(now);
  const days = DIGEST_DAYS[settings.frequency];
  const access = branchAccess(deps.db, agent);
  const scope = { agencyId: access.agencyId, branch: access.home.code, today };
  const until = isoDate(dayNumber(today) + days);
  const filter = newFilter();
  addCondition(filter, "due_date >= ?", today);
  addCondition(filter, "due_date <= ?", until);
  if (settings.alertTypes.length > 0) {
    addCondition(filter, `type IN (${settings.alertTypes.map(() => "?").join(", ")})`, ...settings.alertTypes);
  }
  if (settings.enrolment !== "ALL") addCondition(filter, "enrolment = ?", settings.enrolment);
  const { items, total } = listPage(deps.db, LISTS.alerts, scope, filter, {
    sort: "dueDate",
    order: "asc",
    page: 1,
    pageSize: DIGEST_LIST_LIMIT,
  });

  const word = settings.frequency === "DAILY" ? "daily" : "weekly";
  const unsubscribe = `${portal}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(deps, agent.agent_id))}`;
  const lines = [
    `Hello ${agent.first_name},`,
    "",
    total === 0
      ? `No booking alerts are due from ${today} to ${until} for ${access.home.name} (${access.home.code}).`
      : `${total} booking ${total === 1 ? "alert is" : "alerts are"} due from ${today} to ${until} for ${access.home.name} (${access.home.code}):`,
    "",
  ];
  for (const a of items) {
    lines.push(`- ${ALERT_LABEL[a.type]}: booking ${a.bookingId}, ${a.shipName}, due ${a.dueDate}`);
    lines.push(`  ${portal}/insights/booking/${encodeURIComponent(a.bookingId)}`);
  }
  if (total > items.length) lines.push(`… and ${total - items.length} more in the alert centre.`);
  if (items.length > 0) lines.push("");
  lines.push(`Every alert in the alert centre: ${portal}/insights/alert-centre`);
  lines.push("");
  if (settings.priceDropMinimum !== null) lines.push(...priceDropLines(deps, scope, settings.priceDropMinimum), "");
  lines.push(`You receive this e-mail because you set up ${word} booking alerts in the Professional Portal.`);
  lines.push(`To stop them: ${unsubscribe}`);
  return {
    recipient: agent.email,
    channel: "email",
    purpose: "insight_digest",
    subject: `Your ${word} booking alerts: ${total} due`,
    body: lines.join("\n"),
    code: null,
    link: unsubscribe,
  };
}

/**
 * The digest's price drops (when the agent chose them): how many bookings of the branch could be re-priced
 * lower today, the largest savings first, each with its saving, final payment date and offer.
 */
function priceDropLines(deps: DigestDeps, scope: Scope, minimum: number): string[] {
  const portal = deps.config.portalUrl;
  const filter = newFilter();
  const saving = savingCondition(minimum);
  addCondition(filter, saving.sql, saving.param);
  const { items, total } = listPage(deps.db, PRICE_DROPS_LIST, scope, filter, {
    sort: "saving",
    order: "desc",
    page: 1,
    pageSize: DIGEST_LIST_LIMIT,
  });
  if (total === 0) return ["No booking's fare has dropped."];
  const lines = [`Price drops: ${total} ${total === 1 ? "booking's fare has" : "bookings' fares have"} dropped:`, ""];
  for (const d of items) {
    const offer = d.offerCode ? ` (${d.offerName ?? "offer"} ${d.offerCode})` : "";
    lines.push(
      `- Booking ${d.bookingId}, ${d.shipName}: saves ${d.saving.toFixed(2)} ${d.currency}${offer}, final payment by ${d.finalPaymentDate}`,
    );
  }
  if (total > items.length) lines.push(`… and ${total - items.length} more.`);
  lines.push("", `Every price drop: ${portal}/insights/price-drops`);
  return lines;
}

/**
 * Sends digests now and records when: every switched-on digest of the frequency (both without one), or with
 * `due`, only those with a slot (daily 06:00 UTC, weekly Monday 06:00 UTC) not yet sent for. Answers how many
 * were sent. Shared by the scheduler and `POST /dev/insight-digests/run`.
 */
export function sendDigests(deps: DigestDeps, options: { frequency?: DigestFrequency; due?: boolean } = {}): number {
  const now = deps.clock();
  let sent = 0;
  for (const settings of enabledDigests(deps.db, options.frequency)) {
    if (options.due && !isDue(settings, now)) continue;
    const agent = findAgentById(deps.db, settings.agentId);
    if (!agent) continue;
    const message = buildDigest(deps, agent, settings, now);
    deps.db.transaction(() => {
      sendToOutbox(deps, message);
      markDigestSent(deps.db, settings.agentId, now);
    })();
    sent++;
  }
  return sent;
}

export type DigestScheduler = { stop(): void };

/**
 * Checks every minute (and once at start) for digests due and sends them. Started by `main.ts`, never by
 * `createApp` (the tests have no timers); `stop()` on shutdown. A failed run is logged and retried next tick.
 */
export function startDigestScheduler(deps: DigestDeps, options: { intervalMs?: number } = {}): DigestScheduler {
  const tick = () => {
    try {
      const sent = sendDigests(deps, { due: true });
      if (sent > 0) deps.logger.info(`insight digests sent: ${sent}`);
    } catch (error) {
      const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      deps.logger.error(oneLine(`insight digest run failed: ${detail}`));
    }
  };
  const first = setTimeout(tick, 0);
  const timer = setInterval(tick, options.intervalMs ?? 60_000);
  first.unref();
  timer.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
