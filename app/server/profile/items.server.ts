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
import { forgetProfile, requireAgent } from "~/server/auth/auth.server";
import { getAgentDetails, updateAgent, type AgentDetails, type AgentUpdate } from "~/server/clients/agency.server";
import { SignedOutError } from "~/server/infra/errors.server";
import { dictionary, text } from "~/server/shell/dictionary.server";
import { fieldErrorsOf, readFormData } from "~/server/infra/forms.server";
import { UpstreamError } from "~/server/infra/http.server";
import { redirect } from "~/server/infra/responses.server";
import { routeErrorOf, unavailable } from "~/server/infra/route-errors.server";
import { authState } from "~/server/infra/auth-state.server";
import { sessionStorage } from "~/server/infra/session.server";
import { asFormData, takeKeptForm, type KeptForm } from "~/server/kept-forms/kept-forms.server";
import {
  agentPhoneCountry,
  mobileAction,
  mobileChange,
  mobileData,
  phoneValue,
  type MobileData,
  type SaveItem,
} from "~/server/profile/mobile.server";
import type { ItemResult } from "~/server/profile/item-result.server";

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
  /** The mobile number's item (its country list, texts and code step), on the page that has it. */
  mobile: MobileData | null;
  /** Items as typed before a sign-out, open again with what was typed; nothing saved. */
  kept: KeptItems | null;
};

export type KeptItems = { items: Array<{ item: ProfileItemId; typed: ItemValue }>; version: number | null };

/** The page's kept forms as its items (each form one item; a later form of the same item wins). */
function keptItems(kept: KeptForm | null, items: readonly ProfileItemId[]): KeptItems | null {
  if (!kept) return null;
  const found = new Map<ProfileItemId, ItemValue>();
  let version: number | null = null;
  for (const fields of kept.forms) {
    const form = asFormData(fields);
    const id = String(form.get("item") ?? "");
    if (!isProfileItem(id) || !items.includes(id)) continue;
    found.set(id, typedValue(id, form));
    const v = Number(form.get("version"));
    if (Number.isInteger(v) && v > 0) version = v;
  }
  return found.size ? { items: [...found].map(([item, typed]) => ({ item, typed })), version } : null;
}

/** An item's saved value; the mobile number as its country and national number (countries.server). */
const readItem = (id: ProfileItemId, details: AgentDetails, phoneCountry: string): ItemValue =>
  id === "mobile" ? phoneValue(details.mobilePhone, phoneCountry) : PROFILE_ITEMS[id].read(details);

const savedValues = (details: AgentDetails, items: readonly ProfileItemId[], phoneCountry: string) =>
  Object.fromEntries(items.map((id) => [id, readItem(id, details, phoneCountry)]));

/** Everything a profile page of edit items loads: the details as items, the item open in the URL, labels. */
export async function itemsLoader(request: Request, page: ProfilePage): Promise<ItemsData> {
  const agent = await requireAgent(request);
  const params = new URL(request.url).searchParams;
  const items = [...PAGE_ITEMS[page]];
  const asked = params.get("edit") ?? "";
  const done = params.get("saved") ?? "";
  const [details, texts, kept] = await Promise.all([
    getAgentDetails(agent, agent.profile.agentId).catch(unavailable),
    dictionary("registration", "en_us"),
    takeKeptForm(agent, request),
  ]);
  const saved = details ? savedValues(details, items, agentPhoneCountry(agent)) : null;
  const withMobile = (items as string[]).includes("mobile");
  return {
    page,
    items,
    saved,
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
    mobile: withMobile ? await mobileData(agent, new URL(request.url), texts, saved?.mobile ?? null) : null,
    kept: saved ? keptItems(kept, items) : null,
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
  const agentId = agent.profile.agentId;
  const phoneCountry = agentPhoneCountry(agent);

  /** What is saved now, after a stale save (the item changed since it was opened): shown above the typed change. */
  const stale = async (typedNow: ItemValue) => {
    const details = await getAgentDetails(agent, agentId).catch(() => null);
    const fresh = details ? { value: readItem(id, details, phoneCountry), version: details.version } : undefined;
    return data(
      { item: id, ok: false, error: STALE_ITEM, fieldErrors: {}, typed: typedNow, fresh } satisfies ItemResult,
      { status: 409 },
    );
  };

  /** PUT /agents/{id}; then the item closes (in place, or back to the page), or stays open and says why. */
  const save: SaveItem = async (update, typedNow, refused) => {
    try {
      const details = await updateAgent(agent, agentId, update);
      // The header and the shell read the profile: show the new name at once (a refreshed token is kept).
      forgetProfile(agent.session);
      if (id === "mobile") mobileChange.clear(agent.session);
      authState.write(agent.session, agent.auth);
      await sessionStorage.commitSession(agent.session);
      if (!inPlace) return redirect(`${page}?saved=${id}`);
      return data({
        item: id,
        ok: true,
        value: readItem(id, details, phoneCountry),
        version: details.version,
      } satisfies ItemResult);
    } catch (error) {
      if (error instanceof SignedOutError) throw routeErrorOf(error);
      if (error instanceof UpstreamError && error.status === 409) return stale(typedNow);
      const said = error instanceof UpstreamError && refused ? await refused(error) : null;
      return data(
        {
          item: id,
          ok: false,
          error: said?.error ?? UPDATE_FAILED,
          fieldErrors: {},
          typed: typedNow,
        } satisfies ItemResult,
        { status: said?.status ?? 502 },
      );
    }
  };

  if (!Number.isInteger(version)) {
    return data({ item: id, ok: false, error: null, fieldErrors: {}, typed } satisfies ItemResult, { status: 400 });
  }
  if (id === "mobile") {
    return mobileAction({
      agent,
      form,
      page,
      inPlace,
      version,
      texts: await dictionary("registration", "en_us"),
      details: () => getAgentDetails(agent, agentId),
      stale,
      save,
    });
  }
  const parsed = parseItem(id, form);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return data({ item: id, ok: false, error: null, fieldErrors, typed } satisfies ItemResult, { status: 400 });
  }
  return save({ ...parsed.data, version } as AgentUpdate, typed);
}
