import { Link, useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useReducer, useState } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { editItems, editItemsReducer } from "~/domain/edit-items";
import type { ProfileItemId } from "~/domain/profile-items";
import type { ItemResult } from "~/server/profile/item-result.server";
import type { ItemsData } from "~/server/profile/items.server";
import { KeptFormNotice } from "~/components/kept-forms";
import type { Labels } from "~/components/profile/item-labels";
import { ItemSection } from "~/components/profile/item-section";

/**
 * A profile page's groups of fields as edit items (the profile's edit-item state). Without JavaScript the open
 * item is in the URL (`?edit=`), Edit and Cancel are links and Save is a form post; with it, items
 * open, save and cancel in place, several at once, and starting a second item while another has
 * unsaved changes shows the warning and disables its Save until the first is saved or cancelled.
 */
export function ProfileItems({ data }: { data: ItemsData }) {
  const hydrated = useHydrated();
  const posted = useActionData<ItemResult>();
  const fetcher = useFetcher<ItemResult>();
  const saved = data.saved ?? {};
  // The mobile number's code step opened by the URL (a reload, or the page before JavaScript ran).
  const pendingMobile = data.open === "mobile" ? (data.mobile?.pending ?? null) : null;
  // Items typed before a sign-out open again with what was typed.
  const kept = new Map((data.kept?.items ?? []).map((k) => [k.item, k.typed]));
  const [items, dispatch] = useReducer(editItemsReducer, saved, (initial) => {
    let closed = editItems(initial);
    for (const [id, typed] of kept) {
      closed = editItemsReducer(closed, { type: "start", id });
      closed = editItemsReducer(closed, { type: "change", id, draft: typed });
    }
    if (!data.open) return closed;
    const opened = editItemsReducer(closed, { type: "start", id: data.open });
    return pendingMobile
      ? editItemsReducer(opened, { type: "change", id: "mobile", draft: pendingMobile.typed })
      : opened;
  });
  // A kept item carries the version it was opened with: a save over a change made since is refused (409).
  const [version, setVersion] = useState(data.kept?.version ?? data.version);
  const [results, setResults] = useState<Partial<Record<ProfileItemId, ItemResult>>>(() =>
    pendingMobile ? { mobile: { item: "mobile", ok: false, error: null, fieldErrors: {}, ...pendingMobile } } : {},
  );
  const labels: Labels = { ...data.labels, mobile: data.mobile };

  // A save made in place comes back here: close the item with its new value, or keep it open and say why.
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result?.item) return;
    setResults((r) => ({ ...r, [result.item]: result }));
    if (result.ok) {
      dispatch({ type: "save", id: result.item, saved: result.value });
      setVersion(result.version);
    } else if (result.fresh) {
      // Stale: what is saved now becomes the item's saved value; the typed change stays in the form.
      dispatch({ type: "save", id: result.item, saved: result.fresh.value });
      dispatch({ type: "start", id: result.item });
      dispatch({ type: "change", id: result.item, draft: result.typed });
      setVersion(result.fresh.version);
    }
  }, [fetcher.state, fetcher.data]);

  if (data.saved === null) {
    return (
      <p className="notice notice--warning" role="alert">
        Your profile could not be read just now. Please try again in a few minutes.
      </p>
    );
  }
  const anyOpen = hydrated
    ? Object.values(items).some((i) => i.isEditing)
    : data.open !== null || !!posted?.item || kept.size > 0;
  return (
    <div className="edit-items">
      {posted?.item ? null : <KeptFormNotice kept={kept.size > 0} />}
      {anyOpen ? (
        <p className="edit-items__all">
          {hydrated ? (
            <button
              type="button"
              className="button button--small"
              onClick={() => {
                dispatch({ type: "cancelAll" });
                // What a refused save said (and a code step) goes with the change; "Saved." stays.
                setResults((r) => Object.fromEntries(Object.entries(r).filter(([, result]) => result?.ok)));
              }}
            >
              Cancel all changes
            </button>
          ) : (
            <Link to={data.page}>Cancel all changes</Link>
          )}
        </p>
      ) : null}
      {data.items.map((id) => {
        const item = items[id];
        if (!item) return null;
        // Without JavaScript: the URL's item, or the one a failed post came back to.
        const serverOpen = posted?.item ? posted.item === id : data.open === id || kept.has(id);
        const open = hydrated ? item.isEditing : serverOpen;
        const result = hydrated ? results[id] : posted?.item === id ? posted : undefined;
        const failed = result && !result.ok ? result : undefined;
        // Without JavaScript the code step comes from the URL too (`?edit=mobile&step=code`).
        const fromUrl = !hydrated && !posted?.item && data.open === id ? pendingMobile : null;
        const keptValue = posted?.item ? undefined : kept.get(id);
        const value = hydrated ? item.draft : (failed?.typed ?? fromUrl?.typed ?? keptValue ?? item.lastSavedValue);
        const shownSaved = !hydrated && failed?.fresh ? failed.fresh.value : item.lastSavedValue;
        return (
          <ItemSection
            key={id}
            id={id}
            page={data.page}
            open={open}
            savedValue={shownSaved}
            value={value}
            labels={labels}
            code={failed?.code ?? fromUrl?.code}
            version={!hydrated && failed?.fresh ? failed.fresh.version : version}
            error={failed?.error ?? null}
            fieldErrors={failed?.fieldErrors ?? {}}
            justSaved={hydrated ? !!results[id]?.ok && !open : data.justSaved === id}
            warning={hydrated && item.showWarning}
            saveDisabled={hydrated && item.saveDisabled}
            pending={fetcher.state !== "idle" && fetcher.formData?.get("item") === id}
            hydrated={hydrated}
            onStart={() => {
              dispatch({ type: "start", id });
              setResults((r) => ({ ...r, [id]: undefined }));
            }}
            onCancel={() => {
              dispatch({ type: "cancel", id });
              setResults((r) => ({ ...r, [id]: undefined }));
            }}
            onChange={(draft) => dispatch({ type: "change", id, draft })}
            onSave={(target) => fetcher.submit(target, { method: "post" })}
          />
        );
      })}
    </div>
  );
}
