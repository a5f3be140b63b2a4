/** Inactivity limit of the specification: 30 minutes. */
export const IDLE_LIMIT_MS = 1_800_000;
/** After the idle limit the browser counts this many seconds before it signs out. */
export const IDLE_COUNTDOWN_SECONDS = 5;
/** How often, at most, the browser reports activity to the server (so a long read is not idle there). */
export const KEEPALIVE_INTERVAL_MS = 60_000;
/** How often, at most, the guard writes a session's activity stamp (a write per request buys nothing). */
export const ACTIVITY_STAMP_INTERVAL_MS = 5_000;
/**
 * The server's idle limit. The browser warns after 30 minutes of its own inactivity and counts five
 * seconds; the server may have heard of that last activity a keepalive interval and a stamp interval
 * earlier. For "Stay signed in" to work for as long as the dialog shows, the server outlasts all of
 * that, with a minute's grace for a slow connection. Without JavaScript this is the limit the agent
 * meets: 32 minutes and 10 seconds at most.
 */
export const SERVER_IDLE_LIMIT_MS =
  IDLE_LIMIT_MS + IDLE_COUNTDOWN_SECONDS * 1000 + KEEPALIVE_INTERVAL_MS + ACTIVITY_STAMP_INTERVAL_MS + 60_000;
/** Absolute session life (DESIGN.md security floor), the refresh token's life too. */
export const ABSOLUTE_LIMIT_MS = 12 * 60 * 60 * 1000;

export type SessionClock = { signedInAt: number; lastActivity: number };

/** Why a signed-in session may no longer be used at `now`, or null while it may. */
export function sessionExpiry(clock: SessionClock, now: number): "idle" | "expired" | null {
  if (now - clock.signedInAt > ABSOLUTE_LIMIT_MS) return "expired";
  if (now - clock.lastActivity > SERVER_IDLE_LIMIT_MS) return "idle";
  return null;
}
