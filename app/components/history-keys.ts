/**
 * Remix files each history entry's scroll position under the entry's key, which the router writes
 * into `history.state` for the entries it makes. A fragment link (`href="#results"`, a skip link)
 * makes an entry the browser keys not at all, and the router calls every such entry "default": by
 * that one key, the second page an agent jumped on was scrolled back to where the first page had
 * been. Keying each new keyless entry as it is reached (what Remix's own script does for the first
 * page) lets the router scroll to the fragment, and restore that entry's own place on back and
 * forward. Must run before the router's listener: registered before hydration.
 */
type Win = {
  addEventListener(type: "popstate", listener: () => void): void;
  history: Pick<History, "state" | "replaceState">;
};

export function keyFragmentEntries(win: Win = window) {
  win.addEventListener("popstate", () => keyEntry(win.history));
}

export function keyEntry(history: Pick<History, "state" | "replaceState">, newKey = randomKey) {
  const state = (history.state ?? {}) as { key?: unknown; idx?: unknown };
  if (state.key) return;
  // The router counts entries by `idx`; a keyless entry has none, and keeps none (as before).
  history.replaceState({ ...state, key: newKey(), idx: state.idx ?? null }, "");
}

const randomKey = () => Math.random().toString(36).slice(2, 10);
