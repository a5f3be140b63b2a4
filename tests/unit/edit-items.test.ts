import { describe, expect, it } from "vitest";
import { editItems, editItemsReducer, isDirty, type EditAction, type EditItems } from "~/domain/edit-items";

/** The edit-item state: start edit, cancel, cancel all, save, set conflict, resolve conflict. */
const saved = { name: { firstName: "Olivia", lastName: "Bennett" }, job: { jobTitle: "Agent" } };
const run = (...actions: EditAction[]) => actions.reduce(editItemsReducer, editItems(saved));
const flags = (items: EditItems, id: string) => {
  const { isEditing, showWarning, saveDisabled } = items[id]!;
  return { isEditing, showWarning, saveDisabled, dirty: isDirty(items[id]!) };
};
const renamed = { firstName: "Liv", lastName: "Bennett" };

describe("the edit-item state machine", () => {
  it("every item starts closed, showing its saved value", () => {
    const items = run();
    expect(items.name).toEqual({
      isEditing: false,
      lastSavedValue: saved.name,
      draft: saved.name,
      showWarning: false,
      saveDisabled: false,
    });
  });

  // [what happens, the actions, the item looked at, its flags after]
  const CASES: Array<[string, EditAction[], string, ReturnType<typeof flags>]> = [
    ["Edit opens an item", [{ type: "start", id: "name" }], "name", f(true, false, false, false)],
    [
      "typing makes it dirty",
      [
        { type: "start", id: "name" },
        { type: "change", id: "name", draft: renamed },
      ],
      "name",
      f(true, false, false, true),
    ],
    [
      "typing back to the saved value is not a change",
      [
        { type: "start", id: "name" },
        { type: "change", id: "name", draft: renamed },
        { type: "change", id: "name", draft: saved.name },
      ],
      "name",
      f(true, false, false, false),
    ],
    [
      "a second item opened beside a clean one has no warning",
      [
        { type: "start", id: "name" },
        { type: "start", id: "job" },
      ],
      "job",
      f(true, false, false, false),
    ],
    [
      "a second item opened while the first has unsaved changes: the warning, Save disabled",
      [
        { type: "start", id: "name" },
        { type: "change", id: "name", draft: renamed },
        { type: "start", id: "job" },
      ],
      "job",
      f(true, true, true, false),
    ],
    [
      "saving the first resolves the second's conflict",
      [
        { type: "start", id: "name" },
        { type: "change", id: "name", draft: renamed },
        { type: "start", id: "job" },
        { type: "save", id: "name", saved: renamed },
      ],
      "job",
      f(true, false, false, false),
    ],
    [
      "cancelling the first resolves it too",
      [
        { type: "start", id: "name" },
        { type: "change", id: "name", draft: renamed },
        { type: "start", id: "job" },
        { type: "cancel", id: "name" },
      ],
      "job",
      f(true, false, false, false),
    ],
    [
      "undoing the first's changes resolves it",
      [
        { type: "start", id: "name" },
        { type: "change", id: "name", draft: renamed },
        { type: "start", id: "job" },
        { type: "change", id: "name", draft: saved.name },
      ],
      "job",
      f(true, false, false, false),
    ],
    [
      "typing in the conflicted item does not lift its warning",
      [
        { type: "start", id: "name" },
        { type: "change", id: "name", draft: renamed },
        { type: "start", id: "job" },
        { type: "change", id: "job", draft: { jobTitle: "Owner" } },
      ],
      "job",
      f(true, true, true, true),
    ],
    [
      "cancel all closes every item and clears every warning",
      [
        { type: "start", id: "name" },
        { type: "change", id: "name", draft: renamed },
        { type: "start", id: "job" },
        { type: "cancelAll" },
      ],
      "job",
      f(false, false, false, false),
    ],
    [
      "set conflict by hand",
      [
        { type: "start", id: "job" },
        { type: "setConflict", id: "job" },
      ],
      "job",
      f(true, true, true, false),
    ],
    [
      "resolve conflict by hand",
      [
        { type: "start", id: "job" },
        { type: "setConflict", id: "job" },
        { type: "resolveConflict", id: "job" },
      ],
      "job",
      f(true, false, false, false),
    ],
  ];

  it.each(CASES)("%s", (_, actions, id, expected) => {
    expect(flags(run(...actions), id)).toEqual(expected);
  });

  it("Cancel restores the last saved value; Save keeps the new one as the last saved", () => {
    const cancelled = run(
      { type: "start", id: "name" },
      { type: "change", id: "name", draft: renamed },
      { type: "cancel", id: "name" },
    );
    expect(cancelled.name!.draft).toEqual(saved.name);
    const kept = run(
      { type: "start", id: "name" },
      { type: "change", id: "name", draft: renamed },
      { type: "save", id: "name", saved: renamed },
    );
    expect(kept.name).toMatchObject({ isEditing: false, lastSavedValue: renamed, draft: renamed });
    // Opening it again starts from the saved value.
    expect(editItemsReducer(kept, { type: "start", id: "name" }).name!.draft).toEqual(renamed);
  });

  it("an unknown item, or a change to a closed one, changes nothing", () => {
    const items = run();
    expect(editItemsReducer(items, { type: "start", id: "nope" })).toBe(items);
    expect(editItemsReducer(items, { type: "change", id: "name", draft: renamed })).toBe(items);
  });
});

function f(isEditing: boolean, showWarning: boolean, saveDisabled: boolean, dirty: boolean) {
  return { isEditing, showWarning, saveDisabled, dirty };
}
