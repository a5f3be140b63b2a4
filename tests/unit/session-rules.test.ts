import { describe, expect, it } from "vitest";
import { ABSOLUTE_LIMIT_MS, IDLE_COUNTDOWN_SECONDS, IDLE_LIMIT_MS, sessionExpiry } from "~/domain/session-rules";

describe("section 4 inactivity and the absolute session limit", () => {
  it("uses the specification's constants", () => {
    expect(IDLE_LIMIT_MS).toBe(1_800_000);
    expect(IDLE_COUNTDOWN_SECONDS).toBe(5);
    expect(ABSOLUTE_LIMIT_MS).toBe(12 * 3_600_000);
  });

  const t0 = 1_700_000_000_000;
  it.each([
    ["just signed in", { signedInAt: t0, lastActivity: t0 }, t0, null],
    ["exactly 30 minutes idle", { signedInAt: t0, lastActivity: t0 }, t0 + 1_800_000, null],
    ["more than 30 minutes idle", { signedInAt: t0, lastActivity: t0 }, t0 + 1_800_001, "idle"],
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
