import { data } from "@remix-run/node";
import { REGIONS, SPECIALIZATIONS } from "~/domain/registration";
import {
  isProfileItem,
  PAGE_ITEMS,
  parseItem,
  PROFILE_ITEMS,
  STALE_ITEM,
  typedValue,
  UPDATE_FAILED,
  type ProfileItemId,
} from "~/domain/profile-items";
import type { ItemValue } from "~/domain/edit-items";
import { forgetProfile, requireAgent } from "~/server/auth.server";
import { getAgentDetails, updateAgent, type AgentDetails } from "~/server/clients/agency.server";
import { SignedOutError } from "~/server/clients/api.server";
import { dictionary, text } from "~/server/dictionary.server";
import { fieldErrorsOf, readFormData } from "~/server/infra/forms.server";
import { UpstreamError } from "~/server/infra/http.server";
import { redirect } from "~/server/infra/responses.server";
import { routeErrorOf, unavailable } from "~/server/infra/route-errors.server";
import { sessionStorage } from "~/server/infra/session.server";

export type ProfilePage = keyof typeof PAGE_ITEMS;

export type ItemsData = {
  page: ProfilePage;
  items: ProfileItemId[];
  /** Each item's saved value, and the version the forms carry (null: the details could not be read). */
  saved: Record<string, ItemValue> | null;
  version: number;
  /** The item open in the URL (`?edit=`), the page without JavaScript. */
  open: ProfileItemId | null;
  justSaved: ProfileItemId | null;
  email: string;
  labels: {
    specializations: Array<{ value: string; label: string }>;
    regions: Array<{ value: string; label: string }>;
  };
};

export type ItemResult =
  | { item: ProfileItemId; ok: true; value: ItemValue; version: number }
  | {
      item: ProfileItemId;
      ok: false;
      error: string | null;
      fieldErrors: Record<string, string[]>;
      typed: ItemValue;
      /** After a stale save: what is saved now. */
      fresh?: { value: ItemValue; version: number };
    };

const savedValues = (details: AgentDetails, items: readonly ProfileItemId[]) =>
  Object.fromEntries(items.map((id) => [id, PROFILE_ITEMS[id].read(details)]));

/** Everything a profile page of edit items loads: the details as items, the item open in the URL, labels. */
export async function itemsLoader(request: Request, page: ProfilePage): Promise<ItemsData> {
  const agent = await requireAgent(request);
  const params = new URL(request.url).searchParams;
  const items = [...PAGE_ITEMS[page]];
  const asked = params.get("edit") ?? "";
  const done = params.get("saved") ?? "";
  const [details, texts] = await Promise.all([
    getAgentDetails(agent, agent.profile.agentId).catch(unavailable),
    dictionary("registration", "en_us"),
  ]);
  return {
    page,
    items,
    saved: details ? savedValues(details, items) : null,
    version: details?.version ?? 0,
    open: isProfileItem(asked) && (items as string[]).includes(asked) ? asked : null,
    justSaved: isProfileItem(done) && (items as string[]).includes(done) ? done : null,
    email: details?.email ?? agent.profile.agentEmailAddress ?? "",
    labels: {
      specializations: Object.entries(SPECIALIZATIONS).map(([value, key]) => ({
        value,
        label: text(texts, key, value),
      })),
      regions: Object.entries(REGIONS).map(([value, key]) => ({ value, label: text(texts, key, value) })),
    },
  };
}

/**
 * Saves one item (PUT /agents/{id} with the version the form was opened with). Without JavaScript a
 * success goes back to the page with the item closed (`?saved=`); with it (`js=1`), the saved value
 * comes back for the item to close in place. Bad input, a stale form and a failed update each come
 * back to the open item with what was typed.
 */
export async function itemsAction(request: Request, page: ProfilePage) {
  const agent = await requireAgent(request);
  const form = await readFormData(request);
  const id = String(form.get("item") ?? "");
  const inPlace = form.get("js") === "1";
  if (!isProfileItem(id) || !(PAGE_ITEMS[page] as readonly string[]).includes(id)) {
    return data({ item: null, ok: false as const, error: "Choose a section of this page to save." }, { status: 400 });
  }
  const typed = typedValue(id, form);
  const version = Number(form.get("version"));
  const parsed = parseItem(id, form);
  if (!parsed.success || !Number.isInteger(version)) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return data({ item: id, ok: false, error: null, fieldErrors, typed } satisfies ItemResult, { status: 400 });
  }
  try {
    const details = await updateAgent(agent, agent.profile.agentId, { ...parsed.data, version });
    // The header and the shell read the profile: show the new name at once (a refreshed token is kept).
    forgetProfile(agent.session);
    agent.session.set("auth", agent.auth);
    await sessionStorage.commitSession(agent.session);
    if (!inPlace) return redirect(`${page}?saved=${id}`);
    return data({
      item: id,
      ok: true,
      value: PROFILE_ITEMS[id].read(details),
      version: details.version,
    } satisfies ItemResult);
  } catch (error) {
    if (error instanceof SignedOutError) throw routeErrorOf(error);
    if (error instanceof UpstreamError && error.status === 409) {
      const details = await getAgentDetails(agent, agent.profile.agentId).catch(() => null);
      const fresh = details ? { value: PROFILE_ITEMS[id].read(details), version: details.version } : undefined;
      return data({ item: id, ok: false, error: STALE_ITEM, fieldErrors: {}, typed, fresh } satisfies ItemResult, {
        status: 409,
      });
    }
    return data({ item: id, ok: false, error: UPDATE_FAILED, fieldErrors: {}, typed } satisfies ItemResult, {
      status: 502,
    });
  }
}
