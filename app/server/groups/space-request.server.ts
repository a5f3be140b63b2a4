import { data } from "@remix-run/node";
import { HUB_PATH, REQUEST_FAILED, REQUEST_REFUSALS, SAILING_ID, SpaceRequestSchema } from "~/domain/groups";
import type { Agent } from "~/server/auth/auth.server";
import { listSpaceRequests, requestSpace, type SpaceRequestItem } from "~/server/clients/groups.server";
import { SignedOutError } from "~/server/infra/errors.server";
import { readFormData } from "~/server/infra/forms.server";
import { UpstreamError, upstreamCode } from "~/server/infra/http.server";
import { redirect } from "~/server/infra/responses.server";
import { routeErrorOf, unavailable } from "~/server/infra/route-errors.server";
import { asFormData, takeKeptForm } from "~/server/kept-forms/kept-forms.server";

/** A request for new group space (app/routes/group-travel-hub/request): the form's page and its post. */

export type { SpaceRequestItem };

const PATH = `${HUB_PATH}/request`;

export type Typed = { sailingId: string; staterooms: string; cabinClass: string; groupName: string; notes: string };
export type FieldErrors = Partial<Record<keyof Typed, string[]>>;

/**
 * The page: the sailing linked (`?sailingId=`), the request just sent (`?sent=`), the agency's requests
 * (null when they cannot be read), and a request kept from before a sign-out.
 */
export async function spaceRequestPage(request: Request, agent: Agent) {
  const url = new URL(request.url);
  const linked = (url.searchParams.get("sailingId") ?? "").trim().toUpperCase().slice(0, 20);
  const sent = (url.searchParams.get("sent") ?? "").slice(0, 20);
  const [requests, kept] = await Promise.all([
    listSpaceRequests(agent).catch((error: unknown) => unavailable(error)),
    takeKeptForm(agent, request),
  ]);
  return {
    // The request as typed before a sign-out, filled in again (nothing sent).
    keptTyped: kept?.forms[0] ? typedOf(asFormData(kept.forms[0])) : null,
    sailingId: SAILING_ID.test(linked) ? linked : "",
    sent: requests?.find((r) => r.requestId === sent) ?? null,
    requests,
  };
}

/**
 * The post: zod on the server, what was typed kept; the upstream's refusals said on their field or
 * above the form; a sent request goes back to the page with it (post/redirect/get).
 */
export async function sendSpaceRequest(request: Request, agent: Agent) {
  const typed = typedOf(await readFormData(request));
  const parsed = SpaceRequestSchema.safeParse(typed);
  if (!parsed.success) {
    const fieldErrors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof Typed;
      (fieldErrors[key] ??= []).push(issue.message);
    }
    return data({ typed, fieldErrors, error: null as string | null }, { status: 400 });
  }
  try {
    const sent = await requestSpace(agent, parsed.data);
    return redirect(`${PATH}?${new URLSearchParams({ sent: sent.requestId })}`);
  } catch (error) {
    if (error instanceof SignedOutError) throw routeErrorOf(error);
    const refusal = REQUEST_REFUSALS[upstreamCode(error) ?? ""];
    if (refusal && error instanceof UpstreamError) {
      const fieldErrors: FieldErrors = refusal.field ? { [refusal.field]: [refusal.text] } : {};
      return data(
        { typed, fieldErrors, error: refusal.field ? null : refusal.text },
        { status: error.status === 404 ? 404 : 422 },
      );
    }
    if (error instanceof UpstreamError && error.status === 403) throw routeErrorOf(error);
    return data({ typed, fieldErrors: {} as FieldErrors, error: REQUEST_FAILED }, { status: 502 });
  }
}

/** The request as typed (bounded), from a post or a kept form. */
function typedOf(form: FormData): Typed {
  return {
    sailingId: String(form.get("sailingId") ?? "").slice(0, 20),
    staterooms: String(form.get("staterooms") ?? "").slice(0, 10),
    cabinClass: String(form.get("cabinClass") ?? "").slice(0, 20),
    groupName: String(form.get("groupName") ?? "").slice(0, 100),
    notes: String(form.get("notes") ?? "").slice(0, 600),
  };
}
