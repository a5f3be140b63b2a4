/** Inactivity limit of the specification (section 9): 30 minutes. */
export const IDLE_LIMIT_MS = 1_800_000;
/** After the idle limit the browser counts this many seconds before it signs out. */
export const IDLE_COUNTDOWN_SECONDS = 5;
/** Absolute session life (DESIGN.md security floor), the refresh token's life too. */
export const ABSOLUTE_LIMIT_MS = 12 * 60 * 60 * 1000;

export type SessionClock = { signedInAt: number; lastActivity: number };

/** Why a signed-in session may no longer be used at `now`, or null while it may. */
export function sessionExpiry(clock: SessionClock, now: number): "idle" | "expired" | null {
  if (now - clock.signedInAt > ABSOLUTE_LIMIT_MS) return "expired";
  if (now - clock.lastActivity > IDLE_LIMIT_MS) return "idle";
  return null;
}
