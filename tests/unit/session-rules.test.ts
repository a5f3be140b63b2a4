import { describe, expect, it } from "vitest";
import {
  ABSOLUTE_LIMIT_MS,
  ACTIVITY_STAMP_INTERVAL_MS,
  IDLE_COUNTDOWN_SECONDS,
  IDLE_LIMIT_MS,
  KEEPALIVE_INTERVAL_MS,
  SERVER_IDLE_LIMIT_MS,
  sessionExpiry,
} from "~/domain/session-rules";

describe("inactivity and the absolute session limit", () => {
  it("uses the specification's constants", () => {
    expect(IDLE_LIMIT_MS).toBe(1_800_000);
    expect(IDLE_COUNTDOWN_SECONDS).toBe(5);
    expect(ABSOLUTE_LIMIT_MS).toBe(12 * 3_600_000);
    expect(SERVER_IDLE_LIMIT_MS).toBe(1_930_000);
  });

  const t0 = 1_700_000_000_000;
  it.each([
    ["just signed in", { signedInAt: t0, lastActivity: t0 }, t0, null],
    ["exactly 30 minutes idle (the browser's warning)", { signedInAt: t0, lastActivity: t0 }, t0 + 1_800_000, null],
    // The server heard of the last activity a keepalive and a stamp interval before the browser's
    // clock started, and the agent presses "Stay signed in" at the countdown's last second.
    [
      "the dialog's last second, with the server's stamp as stale as it can be",
      { signedInAt: t0, lastActivity: t0 },
      t0 + KEEPALIVE_INTERVAL_MS + ACTIVITY_STAMP_INTERVAL_MS + IDLE_LIMIT_MS + IDLE_COUNTDOWN_SECONDS * 1000,
      null,
    ],
    ["at the server's limit (32 min 10 s)", { signedInAt: t0, lastActivity: t0 }, t0 + 1_930_000, null],
    ["past the server's limit", { signedInAt: t0, lastActivity: t0 }, t0 + 1_930_001, "idle"],
    ["active, 11 hours in", { signedInAt: t0, lastActivity: t0 + 11 * 3_600_000 }, t0 + 11 * 3_600_000 + 1000, null],
    [
      "active, past 12 hours",
      { signedInAt: t0, lastActivity: t0 + 12 * 3_600_000 },
      t0 + 12 * 3_600_000 + 1,
      "expired",
    ],
  ] as const)("%s", (_name, clock, now, expected) => {
    expect(sessionExpiry(clock, now)).toBe(expected);
  });
});
