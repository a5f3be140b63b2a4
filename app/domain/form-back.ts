import { HONEYPOT_FIELD } from "~/domain/honeypot";

/**
 * A post the portal could not take (its store was down) is given back on the "Service unavailable"
 * page as a form the agent sends again. Which posted fields that form shows, and how: what the agent
 * typed, filled in; a password or one-time code as an empty field to type again (never echoed); the
 * form's own bookkeeping (where to go next, which button) sent along unseen; the honeypot dropped.
 */
export type FormBackField = { name: string; value: string; kind: "text" | "long-text" | "secret" | "hidden" };

const SECRET = /password|passcode|passwd|otp|pin$|^code$|verificationcode$/i;
const BOOKKEEPING = /^(redirectto|returnto|intent|_action|token|.*token)$/i;
const MAX_FIELDS = 100;
const MAX_VALUE = 5_000;

export function formBackFields(entries: Iterable<[string, unknown]>): FormBackField[] {
  const fields: FormBackField[] = [];
  for (const [name, raw] of entries) {
    if (typeof raw !== "string" || name === HONEYPOT_FIELD || name.length > 100) continue;
    const value = raw.slice(0, MAX_VALUE);
    if (SECRET.test(name)) fields.push({ name, value: "", kind: "secret" });
    else if (BOOKKEEPING.test(name)) fields.push({ name, value, kind: "hidden" });
    else fields.push({ name, value, kind: value.includes("\n") || value.length > 200 ? "long-text" : "text" });
    if (fields.length >= MAX_FIELDS) break;
  }
  return fields;
}

/** A field's name as its label: `firstName` → "First name", `agency_name` → "Agency name". */
export function fieldLabel(name: string): string {
  const words = name
    .replace(/\[\d*\]/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_.\s-]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}

/** What the agent reads when a store of the portal (sessions, rate limits) does not answer (issue 38). */
export const STORE_UNAVAILABLE = "Service unavailable, try again in a moment";

/** The 503 answer's data: the message, the request's reference, and the post to send again (if any). */
export type StoreUnavailableData = {
  message: string;
  storeUnavailable: true;
  reference: string | null;
  formBack: { action: string; fields: FormBackField[] } | null;
};
