import { data } from "@remix-run/node";
import { formatPhone } from "~/domain/phone";
import { resendWait } from "~/domain/otp";
import {
  MOBILE_PAGE_TEXTS,
  MOBILE_TEXTS,
  MobileCodeSchema,
  PROFILE_ITEMS,
  typedValue,
  UPDATE_FAILED,
  type ProfileItemId,
} from "~/domain/profile-items";
import { upstreamErrorText } from "~/domain/registration-errors";
import { translator, type Translate } from "~/domain/translate";
import type { ItemValue } from "~/domain/edit-items";
import type { Agent } from "~/server/auth/auth.server";
import { generateOtp, validateOtp } from "~/server/clients/api.server";
import type { AgentUpdate } from "~/server/clients/agency.server";
import { getOptionalContent, globalSchema } from "~/server/clients/content.server";
import { alpha3ToAlpha2, phoneCountryOptions, splitPhone, toE164 } from "~/server/reference/countries.server";
import type { Texts } from "~/server/shell/dictionary.server";
import { fieldErrorsOf } from "~/server/infra/forms.server";
import { UpstreamError } from "~/server/infra/http.server";
import { routeErrorOf } from "~/server/infra/route-errors.server";
import { consumeAuthPost, retryAfterHeaders } from "~/server/infra/rate-limit.server";
import { redirect } from "~/server/infra/responses.server";
import { authState } from "~/server/infra/auth-state.server";
import { sessionStorage } from "~/server/infra/session.server";
import { sessionSlice } from "~/server/infra/session-slice.server";
import { upstreamFailure } from "~/server/registration/registration.server";
import type { ItemResult, MobileCodeView } from "~/server/profile/item-result.server";

/**
 * The mobile number's change on /profile/communications, verified as registration verifies
 * a number: Save with a new number texts a code to it (POST /otp/generate, purpose phone_verification),
 * the item asks for the code (registration's messages, resend with its cool-down, the upstream
 * counting the tries), and a right code (POST /otp/validate) saves the number with the code's token
 * (PUT /agents/{id} with telephoneValidationToken). The token stays in the server-side session.
 *
 * Without JavaScript the step is in the URL (`?edit=mobile&step=code`) and each button a form post;
 * with it, the same posts come back in place. What was typed comes back with every refusal.
 */

/**
 * A change of the agent's mobile number on /profile/communications waiting for the code texted to
 * the new number: the one-time code's token stays here, as registration's does.
 */
export type MobileChange = {
  agentId: string;
  /** The new number, E.164. */
  recipient: string;
  token: string;
  sentAt: number;
  /** The number as the agent typed it, shown again in the form. */
  typed: { telephoneCountryCode: string; mobilePhone: string };
  /** When the code was accepted: the token may then save this number (the upstream allows an hour). */
  verifiedAt?: number;
};

export const mobileChange = sessionSlice<MobileChange>("mobileChange", import.meta.url);

const ITEM = "mobile" satisfies ProfileItemId;
/** The upstream lets a verified code save the number for an hour; the portal forgets it a little before. */
const VERIFIED_FOR_MS = 55 * 60_000;
/** A code asked for longer ago than this (ten minutes' life, an hour once verified) is forgotten. */
const PENDING_FOR_MS = 70 * 60_000;

/** The item's labels: the phone country list (hidden countries left out) and registration's texts. */
export type MobileLabels = {
  countries: Array<{ value: string; label: string }>;
  texts: Record<string, string>;
};

/** What the page loads for the item: labels, and the code step when the URL opens it. */
export type MobileData = MobileLabels & {
  pending: { typed: ItemValue; code: MobileCodeView } | null;
  /** The saved number grouped for its country ("+1 305 555 0101"), written here: libphonenumber stays on the server. */
  shown: { mobilePhone: string; text: string } | null;
};

const mobileTranslator = (texts: Texts): Translate => translator({ ...MOBILE_TEXTS, ...texts });

/** The saved number as the form holds it: its country and national number (the agent's country without one). */
export function phoneValue(e164: string | null, fallbackCountry: string): ItemValue {
  const split = e164 ? splitPhone(e164) : null;
  if (split) return { telephoneCountryCode: split.country, mobilePhone: split.national };
  return { telephoneCountryCode: fallbackCountry, mobilePhone: e164 ?? "" };
}

/** The agent's country as a phone country (alpha-2), the default of an empty number. */
export const agentPhoneCountry = (agent: Agent) => alpha3ToAlpha2(agent.profile.countryCode ?? "") ?? "US";

function pendingOf(agent: Agent, now = Date.now()): MobileChange | null {
  const pending = mobileChange.read(agent.session);
  if (!pending || pending.agentId !== agent.profile.agentId || now - pending.sentAt >= PENDING_FOR_MS) return null;
  return pending;
}

const codeView = (pending: MobileChange, notice: MobileCodeView["notice"] = null): MobileCodeView => ({
  sentTo: splitPhone(pending.recipient)?.international ?? pending.recipient,
  resendIn: resendWait(pending.sentAt, Date.now()),
  notice,
});

/** The page's part: labels, and (`?edit=mobile&step=code`) the code step of a change waiting for it. */
export async function mobileData(agent: Agent, url: URL, texts: Texts, saved: ItemValue | null): Promise<MobileData> {
  const settings = await getOptionalContent("global", { locale: "en_us", schema: globalSchema });
  // The agent's own country stays in the list even if it is hidden, so the saved number can be shown.
  const own = saved?.telephoneCountryCode ?? "";
  const hidden = (settings?.hiddenPhoneCountries ?? []).filter((code) => code.toUpperCase() !== own);
  const t = mobileTranslator(texts);
  const pending = pendingOf(agent);
  const step = url.searchParams.get("edit") === ITEM && url.searchParams.get("step") === "code";
  return {
    countries: phoneCountryOptions("en_us", hidden),
    shown: saved?.mobilePhone
      ? { mobilePhone: saved.mobilePhone, text: formatPhone(saved.mobilePhone, saved.telephoneCountryCode) }
      : null,
    texts: Object.fromEntries(MOBILE_PAGE_TEXTS.map((key) => [key, t(key)])),
    pending:
      step && pending && !pending.verifiedAt
        ? {
            typed: pending.typed,
            code: codeView(pending, url.searchParams.get("notice") === "resent" ? "resent" : null),
          }
        : null,
  };
}

/** How the item's save ends, shared with the other items (items.server.ts): PUT, then close or say why. */
export type SaveItem = (
  update: AgentUpdate,
  typed: ItemValue,
  refused?: (error: UpstreamError) => Promise<{ status: number; error: string } | null>,
) => Promise<unknown>;

/**
 * The mobile item's posts: `save` (the number; a new one gets a code), `resend`, `verify` (the code,
 * then the save) and `change` (back to the number, as typed).
 */
export async function mobileAction(options: {
  agent: Agent;
  form: FormData;
  page: string;
  inPlace: boolean;
  version: number;
  texts: Texts;
  details: () => Promise<{ mobilePhone: string | null; version: number }>;
  stale: (typed: ItemValue) => Promise<unknown>;
  save: SaveItem;
}) {
  const { agent, form, page, inPlace, version } = options;
  const t = mobileTranslator(options.texts);
  const intent = String(form.get("intent") ?? "save");
  const typed = typedValue(ITEM, form);
  const now = Date.now();
  let pending = pendingOf(agent, now);
  const reply = (
    status: number,
    parts: { error?: string | null; fieldErrors?: Record<string, string[]>; code?: MobileCodeView },
    init: { headers?: HeadersInit } = {},
  ) =>
    data(
      {
        item: ITEM,
        ok: false,
        error: parts.error ?? null,
        fieldErrors: parts.fieldErrors ?? {},
        typed,
        ...(parts.code ? { code: parts.code } : {}),
      } satisfies ItemResult,
      { status, ...init },
    );
  const keep = async (next: MobileChange | null) => {
    if (next) mobileChange.write(agent.session, next);
    else mobileChange.clear(agent.session);
    authState.write(agent.session, agent.auth);
    await sessionStorage.commitSession(agent.session);
  };

  if (intent === "change") return reply(200, {});

  /** Sending and checking a code are one-time-code posts, limited per client address as registration's. */
  const limited = async () => {
    const verdict = await consumeAuthPost("one-time-code");
    if (verdict.allowed) return null;
    const code = intent !== "save" && pending && !pending.verifiedAt ? codeView(pending) : undefined;
    return reply(429, { error: verdict.message, code }, { headers: retryAfterHeaders(verdict) });
  };

  /** Texts a code to `recipient`; the item then asks for it. */
  const send = async (recipient: string, notice: MobileCodeView["notice"]) => {
    const refused = await limited();
    if (refused) return refused;
    let token: string;
    try {
      ({ token } = await generateOtp({ recipient, channel: "sms", purpose: "phone_verification" }));
    } catch (error) {
      const failure = upstreamFailure(error);
      const message = upstreamErrorText(t, failure);
      // Too many codes is the upstream's refusal (429, how long to wait), not a failure of the form.
      const status = error instanceof UpstreamError && error.status === 429 ? 429 : failure ? 400 : 502;
      // A resend that fails stays on the code step (the code sent before still works).
      if (notice === "resent" && pending) return reply(status, { error: message, code: codeView(pending) });
      return reply(status, { fieldErrors: { mobilePhone: [message] } });
    }
    const next: MobileChange = {
      agentId: agent.profile.agentId,
      recipient,
      token,
      sentAt: Date.now(),
      typed: { telephoneCountryCode: typed.telephoneCountryCode ?? "", mobilePhone: typed.mobilePhone ?? "" },
    };
    await keep(next);
    if (!inPlace) return redirect(`${page}?edit=${ITEM}&step=code${notice ? `&notice=${notice}` : ""}`);
    return reply(200, { code: codeView(next, notice) });
  };

  /** Saves the number (with the code's token when it is new); the upstream checks both again. */
  const save = (recipient: string, token: string | undefined) =>
    options.save(
      { mobilePhone: recipient, ...(token ? { telephoneValidationToken: token } : {}), version },
      typed,
      async (error) => {
        if (error.body.errorCode !== "PHONE_NOT_VERIFIED") return null;
        // The upstream no longer counts the code: the next Save texts a new one.
        await keep(null);
        return { status: 400, error: t("errorPhoneNotVerified") };
      },
    );

  switch (intent) {
    case "save": {
      const parsed = PROFILE_ITEMS.mobile.schema.safeParse({
        telephoneCountryCode: form.get("telephoneCountryCode") ?? "",
        mobilePhone: form.get("mobilePhone") ?? "",
      });
      if (!parsed.success) {
        const fieldErrors = Object.fromEntries(
          Object.entries(fieldErrorsOf(parsed.error)).map(([field, keys]) => [field, keys.map((key) => t(key))]),
        );
        return reply(400, { fieldErrors });
      }
      const recipient = toE164(parsed.data.telephoneCountryCode, parsed.data.mobilePhone);
      if (!recipient) return reply(400, { fieldErrors: { mobilePhone: [t("errorInvalidPhone")] } });
      let current: { mobilePhone: string | null; version: number };
      try {
        current = await options.details();
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw routeErrorOf(error);
        return reply(502, { error: UPDATE_FAILED });
      }
      // Changed elsewhere since the item opened: say so before any code is texted.
      if (current.version !== version) return options.stale(typed);
      if (current.mobilePhone === recipient) return save(recipient, undefined);
      if (pending?.recipient === recipient && pending.verifiedAt && now - pending.verifiedAt < VERIFIED_FOR_MS) {
        return save(recipient, pending.token);
      }
      // A code for this number is on its way: ask for it rather than text another at once.
      if (pending?.recipient === recipient && !pending.verifiedAt && resendWait(pending.sentAt, now) > 0) {
        if (!inPlace) return redirect(`${page}?edit=${ITEM}&step=code`);
        return reply(200, { code: codeView(pending) });
      }
      pending = null;
      return send(recipient, null);
    }
    case "resend": {
      if (!pending || pending.verifiedAt) return reply(400, { error: t("otpExpired") });
      const wait = resendWait(pending.sentAt, now);
      if (wait > 0) return reply(400, { error: t("otpWaitResend", wait), code: codeView(pending) });
      return send(pending.recipient, "resent");
    }
    case "verify": {
      if (!pending) return reply(400, { error: t("otpExpired") });
      if (!pending.verifiedAt) {
        const parsed = MobileCodeSchema.safeParse({ code: form.get("code") ?? "" });
        if (!parsed.success) {
          return reply(400, { fieldErrors: { code: [t("errorInvalidCode")] }, code: codeView(pending) });
        }
        const refused = await limited();
        if (refused) return refused;
        try {
          await validateOtp({ token: pending.token, otp: parsed.data.code });
        } catch (error) {
          const failure = upstreamFailure(error);
          return reply(failure ? 400 : 502, {
            fieldErrors: { code: [upstreamErrorText(t, failure)] },
            code: codeView(pending),
          });
        }
        pending = { ...pending, verifiedAt: Date.now() };
        // Kept before the save: a failed or stale save then needs no new code.
        await keep(pending);
      }
      return save(pending.recipient, pending.token);
    }
    default:
      return reply(400, { error: "Choose what to do with your mobile number." });
  }
}
