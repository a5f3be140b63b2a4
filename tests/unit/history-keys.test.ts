import { describe, expect, it } from "vitest";
import { keyEntry, keyFragmentEntries } from "~/components/history-keys";

/** A history whose current entry holds `state`; replaceState records what it was given. */
function historyWith(state: unknown) {
  const calls: unknown[] = [];
  return {
    calls,
    history: {
      get state() {
        return state;
      },
      replaceState(next: unknown) {
        calls.push(next);
        state = next;
      },
    },
  };
}

describe("a fragment link's history entry gets a key of its own", () => {
  it.each([
    ["an entry the router made is left alone", { key: "a5scka3a87o", idx: 3 }, []],
    ["an entry with the router's own user state is left alone", { usr: { from: "x" }, key: "k1", idx: 1 }, []],
    ["a fragment link's entry (no state) gets a key", null, [{ key: "new1", idx: null }]],
    ["an entry with state but no key gets one, its state kept", { usr: 1 }, [{ usr: 1, key: "new1", idx: null }]],
  ])("%s", (_name, state, replaced) => {
    const { history, calls } = historyWith(state);
    keyEntry(history, () => "new1");
    expect(calls).toEqual(replaced);
  });

  it("two jumps are two keys: the second page is not filed under the first page's place", () => {
    const keys = ["first", "second"];
    const first = historyWith(null);
    const second = historyWith(null);
    keyEntry(first.history, () => keys.shift()!);
    keyEntry(second.history, () => keys.shift()!);
    expect([first.history.state, second.history.state]).toEqual([
      { key: "first", idx: null },
      { key: "second", idx: null },
    ]);
  });

  it("keys the entry on popstate, the event a fragment link's entry arrives with", () => {
    const { history, calls } = historyWith(null);
    const listeners: Record<string, () => void> = {};
    keyFragmentEntries({ history, addEventListener: (type, listener) => (listeners[type] = listener) });
    listeners.popstate!();
    expect(calls).toHaveLength(1);
    expect(history.state).toMatchObject({ key: expect.any(String), idx: null });
  });
});
