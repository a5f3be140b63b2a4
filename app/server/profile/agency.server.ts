import { data } from "@remix-run/node";
import { z } from "zod";
import { isAgencyAdmin } from "~/domain/access";
import { formatPhone } from "~/domain/phone";
import { STALE_ITEM, UPDATE_FAILED } from "~/domain/profile-items";
import { countryName } from "~/server/reference/countries.server";
import { getAgency, updateAgency, type AgencyUpdate } from "~/server/clients/agency.server";
import { SignedOutError } from "~/server/infra/errors.server";
import { fieldErrorsOf, readFormData } from "~/server/infra/forms.server";
import { UpstreamError } from "~/server/infra/http.server";
import { redirect } from "~/server/infra/responses.server";
import { routeErrorOf, unavailable } from "~/server/infra/route-errors.server";
import { asFormData, takeKeptForm } from "~/server/kept-forms/kept-forms.server";
import type { Agent } from "~/server/auth/auth.server";

const PAGE = "/profile/agency";

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .optional()
    .transform((v) => v || null);

const AgencySchema = z.object({
  name: z.string().trim().min(1, "Enter the agency's name.").max(100, "Use at most 100 characters."),
  addressLine: text(200),
  city: text(80),
  zipCode: text(12),
  telephoneNumber: z
    .string()
    .trim()
    .regex(/^\+?[\d\s().-]{6,20}$/, "Enter the number with its country code, e.g. +1 305 555 0101.")
    .optional()
    .or(z.literal(""))
    .transform((v) => (v ? v.replace(/[\s().-]/g, "") : null)),
  webAddress: z
    .string()
    .trim()
    .regex(/^(https?:\/\/)?[\w-]+(\.[\w-]+)+(\/\S*)?$/, "Enter a web address, e.g. www.example.com.")
    .optional()
    .or(z.literal(""))
    .transform((v) => v || null),
});

/** Details the upstream cannot clear once given (PUT /agencies/{id} takes a new value, not none). */
const KEPT = ["addressLine", "city", "zipCode", "telephoneNumber"] as const;

/** The details as typed (bounded), from a post or a kept form: the schema names every field the form has. */
function typedOf(form: FormData): Record<string, string> {
  return Object.fromEntries(
    Object.keys(AgencySchema.shape).map((name) => [name, String(form.get(name) ?? "").slice(0, 250)]),
  );
}

/**
 * The agency's details (null: unavailable) as the page shows them, whether the agent may edit them, and a
 * form kept over a sign-out.
 */
export async function agencyPage(request: Request, agent: Agent) {
  const agencyId = agent.profile.agencyId;
  const params = new URL(request.url).searchParams;
  const canEdit = isAgencyAdmin(agent.profile.roleCode);
  // An upstream that is down or failing: the page says so (404 and 403 go to the route's handling).
  const [agency, kept] = await Promise.all([
    agencyId ? getAgency(agent, agencyId).catch(unavailable) : null,
    canEdit ? takeKeptForm(agent, request) : null,
  ]);
  // The details as typed before a sign-out, open again (nothing saved).
  const keptForm = kept?.forms[0] ? asFormData(kept.forms[0]) : null;
  return {
    kept: keptForm ? { typed: typedOf(keptForm), version: Number(keptForm.get("version")) || null } : null,
    agency,
    country: agency ? countryName(agency.countryCode, "en_us") : "",
    // Grouped for its country on the server (libphonenumber stays out of the browser's bundle).
    telephone: formatPhone(agency?.telephoneNumber),
    canEdit,
    editing: canEdit && params.get("edit") === "1",
    saved: params.get("saved") === "1",
  };
}

/**
 * Saves the agency's details (its administrator only, with the version the form was opened with); a detail
 * the upstream keeps once given is not sent empty.
 */
export async function agencyForm(request: Request, agent: Agent) {
  const agencyId = agent.profile.agencyId;
  if (!isAgencyAdmin(agent.profile.roleCode) || !agencyId) return redirect(PAGE);
  const form = await readFormData(request);
  const typed = typedOf(form);
  const parsed = AgencySchema.safeParse(typed);
  const version = Number(form.get("version"));
  if (!parsed.success || !Number.isInteger(version)) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return data({ typed, fieldErrors, error: null as string | null }, { status: 400 });
  }
  // The upstream keeps these once given (it cannot clear them): an empty one is not sent, and one
  // that was given and is now emptied is said on its field rather than quietly kept.
  const update: AgencyUpdate & { version: number } = { ...parsed.data, version };
  const emptied = KEPT.filter((name) => update[name] === null);
  if (emptied.length) {
    const current = await getAgency(agent, agencyId).catch(() => null);
    const removed = emptied.filter((name) => current?.[name]);
    if (removed.length) {
      const fieldErrors = Object.fromEntries(removed.map((name) => [name, ["This can be changed but not removed."]]));
      return data({ typed, fieldErrors, error: null as string | null }, { status: 400 });
    }
    for (const name of emptied) delete update[name];
  }
  try {
    await updateAgency(agent, agencyId, update);
    return redirect(`${PAGE}?saved=1`);
  } catch (error) {
    if (error instanceof SignedOutError) throw routeErrorOf(error);
    const stale = error instanceof UpstreamError && error.status === 409;
    const fieldErrors: Record<string, string[]> = {};
    return data({ typed, fieldErrors, error: stale ? STALE_ITEM : UPDATE_FAILED }, { status: stale ? 409 : 502 });
  }
}
