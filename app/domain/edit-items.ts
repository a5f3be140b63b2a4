/**
 * The edit-item state: each group of fields on a profile page is an item with isEditing,
 * lastSavedValue, showWarning and a disabled-button flag; the operations are start edit, cancel,
 * cancel all, save, set conflict and resolve conflict. One pure reducer, so the page
 * with JavaScript and its unit tests run the same rules.
 *
 * The conflict rule: opening an item while another open item has unsaved changes opens it with the
 * warning and its Save disabled; once no other open item has unsaved changes (it was saved or
 * cancelled, or its changes were undone), the conflict resolves by itself.
 */
export type ItemValue = Readonly<Record<string, string>>;

export type EditItem = {
  isEditing: boolean;
  lastSavedValue: ItemValue;
  /** What the form holds now (the last saved value while closed). */
  draft: ItemValue;
  showWarning: boolean;
  saveDisabled: boolean;
};

export type EditItems = Readonly<Record<string, EditItem>>;

export type EditAction =
  | { type: "start"; id: string }
  | { type: "change"; id: string; draft: ItemValue }
  | { type: "cancel"; id: string }
  | { type: "cancelAll" }
  | { type: "save"; id: string; saved: ItemValue }
  | { type: "setConflict"; id: string }
  | { type: "resolveConflict"; id: string };

export const CONFLICT_WARNING =
  "You have unsaved changes in another section. Save or cancel them before saving this one.";

const sameValue = (a: ItemValue, b: ItemValue) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if ((a[key] ?? "") !== (b[key] ?? "")) return false;
  return true;
};

/** An open item whose fields differ from what was last saved. */
export const isDirty = (item: EditItem) => item.isEditing && !sameValue(item.draft, item.lastSavedValue);

/** Items closed, showing these saved values. */
export function editItems(saved: Readonly<Record<string, ItemValue>>): EditItems {
  return Object.fromEntries(
    Object.entries(saved).map(([id, value]) => [
      id,
      { isEditing: false, lastSavedValue: value, draft: value, showWarning: false, saveDisabled: false },
    ]),
  );
}

export function editItemsReducer(items: EditItems, action: EditAction): EditItems {
  const next = { ...items };
  const update = (id: string, change: Partial<EditItem>) => {
    const item = next[id];
    if (item) next[id] = { ...item, ...change };
  };
  switch (action.type) {
    case "start": {
      const item = next[action.id];
      if (!item || item.isEditing) return items;
      const otherDirty = Object.entries(next).some(([id, other]) => id !== action.id && isDirty(other));
      update(action.id, {
        isEditing: true,
        draft: item.lastSavedValue,
        showWarning: otherDirty,
        saveDisabled: otherDirty,
      });
      return next;
    }
    case "change":
      if (!next[action.id]?.isEditing) return items;
      update(action.id, { draft: action.draft });
      return resolved(next);
    case "cancel":
      if (!next[action.id]) return items;
      update(action.id, {
        isEditing: false,
        draft: next[action.id]!.lastSavedValue,
        showWarning: false,
        saveDisabled: false,
      });
      return resolved(next);
    case "cancelAll":
      return Object.fromEntries(
        Object.entries(next).map(([id, item]) => [
          id,
          { ...item, isEditing: false, draft: item.lastSavedValue, showWarning: false, saveDisabled: false },
        ]),
      );
    case "save":
      if (!next[action.id]) return items;
      update(action.id, {
        isEditing: false,
        lastSavedValue: action.saved,
        draft: action.saved,
        showWarning: false,
        saveDisabled: false,
      });
      return resolved(next);
    case "setConflict":
      update(action.id, { showWarning: true, saveDisabled: true });
      return next;
    case "resolveConflict":
      update(action.id, { showWarning: false, saveDisabled: false });
      return next;
  }
}

/** Resolves every conflict that no longer has a cause: no other open item with unsaved changes. */
function resolved(items: Record<string, EditItem>): EditItems {
  for (const [id, item] of Object.entries(items)) {
    if (!item.showWarning) continue;
    const cause = Object.entries(items).some(([other, o]) => other !== id && isDirty(o));
    if (!cause) items[id] = { ...item, showWarning: false, saveDisabled: false };
  }
  return items;
}
