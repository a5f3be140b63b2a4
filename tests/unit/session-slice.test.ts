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
