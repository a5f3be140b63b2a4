import { createSession } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { sessionSlice, type PortalSession, type SessionValues } from "~/server/infra/session-slice.server";

// Each session key has one owner: a second module defining it is refused at load; a slice reads,
// writes and clears only its own key, stored as the value itself (existing sessions keep working).
const OWNER_A = "file:///app/server/a.server.ts";
const OWNER_B = "file:///app/server/b.server.ts";

describe("sessionSlice ownership", () => {
  it.each([
    { name: "a key defined by a second module", first: OWNER_A, second: OWNER_B, throws: true },
    { name: "the same module defining it again (a dev reload)", first: OWNER_A, second: OWNER_A, throws: false },
  ])("$name", ({ name, first, second, throws }) => {
    const key = `test-${name}`;
    sessionSlice<string>(key, first);
    const again = () => sessionSlice<string>(key, second);
    if (throws) expect(again).toThrow(/already owned/);
    else expect(again).not.toThrow();
  });
});

describe("sessionSlice read, write, clear", () => {
  const draft = sessionSlice<{ reached: number; fields: Record<string, unknown> }>("test-draft", OWNER_A);
  const other = sessionSlice<string>("test-other", OWNER_A);
  const fresh = (): PortalSession => createSession<SessionValues, SessionValues>({}, "id");

  it.each([{ value: { reached: 2, fields: { firstName: "Ana" } } }, { value: { reached: 1, fields: {} } }])(
    "round-trips $value",
    ({ value }) => {
      const session = fresh();
      expect(draft.read(session)).toBeUndefined();
      draft.write(session, value);
      expect(draft.read(session)).toEqual(value);
      // Stored under its key as the value itself: the shape sessions already hold.
      expect(session.data).toEqual({ "test-draft": value });
      expect(draft.readData(session.data)).toEqual(value);
      draft.clear(session);
      expect(draft.read(session)).toBeUndefined();
    },
  );

  it("clears only its own key", () => {
    const session = fresh();
    draft.write(session, { reached: 1, fields: {} });
    other.write(session, "kept");
    draft.clear(session);
    expect(other.read(session)).toBe("kept");
    expect(session.has("test-draft")).toBe(false);
  });
});

// Acting for an agency (or ending it) forgets what one identity's view holds: every slice its owner
// defined `perIdentity`, and nothing else (a pending sign-in, a draft).
describe("forgetIdentityState: the slices of one identity's view", () => {
  const fresh = (): PortalSession => createSession<SessionValues, SessionValues>({}, "id");

  it("clears each slice defined perIdentity and keeps the others", async () => {
    const { forgetIdentitySlices } = await import("~/server/infra/session-slice.server");
    const mine = sessionSlice<string>("test-identity-view", OWNER_B, { perIdentity: true });
    const kept = sessionSlice<string>("test-not-identity", OWNER_B);
    const session = fresh();
    mine.write(session, "view");
    kept.write(session, "kept");
    forgetIdentitySlices(session);
    expect(mine.read(session)).toBeUndefined();
    expect(kept.read(session)).toBe("kept");
  });

  it("forgets the profile and terms caches, the insights branch and the compare list (their owners)", async () => {
    const { cachedProfile, pendingMfa, forgetIdentityState } = await import("~/server/auth/session-state.server");
    const { legalAcceptance } = await import("~/server/legal/legal.server");
    const { pickedInsightBranch } = await import("~/server/insights/context.server");
    const { compareList } = await import("~/server/catalogue/compare.server");
    const session = fresh();
    cachedProfile.write(session, { data: {}, fetchedAt: 1 });
    legalAcceptance.write(session, { pending: null, fetchedAt: 1 });
    pickedInsightBranch.write(session, "BR2");
    compareList.write(session, ["OA20990602"]);
    pendingMfa.write(session, { username: "agent.mfa" } as never);
    forgetIdentityState(session);
    for (const slice of [cachedProfile, legalAcceptance, pickedInsightBranch, compareList])
      expect(slice.read(session), slice.key).toBeUndefined();
    // A sign-in waiting for its code is not a view of one identity.
    expect(pendingMfa.read(session)).toBeDefined();
  });
});
