import { data } from "@remix-run/node";
import {
  REQUEST_FAILED,
  SailingIdSchema,
  parseRequest,
  refusalMessage,
  typedRequest,
  type RequestFields,
  NO_SAILING,
} from "~/domain/reduced-rates";
import { asFormData, takeKeptForm } from "~/server/kept-forms/kept-forms.server";
import { rateEstimate } from "~/server/reduced-rates/estimate.server";
import { SignedOutError } from "~/server/infra/errors.server";
import { getReducedRateSailing, requestReducedRate } from "~/server/clients/reduced-rates.server";
import { UpstreamError } from "~/server/infra/http.server";
import { redirect } from "~/server/infra/responses.server";
import { routeErrorOf, unavailable } from "~/server/infra/route-errors.server";
import type { Agent } from "~/server/auth/auth.server";

const LIST = "/reduced-rates";
const SAILING_UNAVAILABLE = "This sailing cannot be shown just now. Please try again in a few minutes.";

/** An upstream refusal (a 4xx with an error code) as the page says it, or null for any other failure. */
const refusalOf = (error: unknown): { code: string | undefined; message: string } | null =>
  error instanceof UpstreamError &&
  error.failure === "http" &&
  (error.status === 400 || error.status === 404 || error.status === 409)
    ? { code: error.body.errorCode, message: refusalMessage(error.body.errorCode) }
    : null;

/**
 * The request page's data: the sailing and its rates, the agent's estimate and a form kept over a
 * sign-out; a sailing that does not qualify is a message (404).
 */
export async function requestPage(request: Request, agent: Agent) {
  const raw = (new URL(request.url).searchParams.get("sailing") ?? "").slice(0, 60);
  const sailingId = SailingIdSchema.safeParse(raw);
  if (!sailingId.success) {
    return data({ sailing: null, refusal: NO_SAILING, sailingParam: raw, estimate: null }, { status: raw ? 404 : 400 });
  }
  try {
    const [sailing, estimate, kept] = await Promise.all([
      getReducedRateSailing(agent, sailingId.data),
      rateEstimate(agent),
      takeKeptForm(agent, request),
    ]);
    // The request as typed before a sign-out, filled in again (nothing sent).
    const keptTyped = kept?.forms[0] ? typedRequest(asFormData(kept.forms[0])) : null;
    return data({ sailing, refusal: null as string | null, sailingParam: sailingId.data, estimate, keptTyped });
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal)
      return data(
        { sailing: null, refusal: refusal.message, sailingParam: sailingId.data, estimate: null },
        { status: 404 },
      );
    unavailable(error);
    return data(
      { sailing: null, refusal: SAILING_UNAVAILABLE, sailingParam: sailingId.data, estimate: null },
      { status: 503 },
    );
  }
}

export type RequestFormResult = {
  typed: RequestFields;
  fieldErrors: Partial<Record<keyof RequestFields, string[]>>;
  error: string | null;
};

/**
 * Sends the request form (post/redirect/get to the requests); what was typed is kept when the form or the
 * upstream refuses it.
 */
export async function requestForm(agent: Agent, formData: FormData) {
  const typed = typedRequest(formData);
  const parsed = parseRequest(typed);
  if (!parsed.success) {
    return data<RequestFormResult>({ typed, fieldErrors: parsed.fieldErrors, error: null }, { status: 400 });
  }
  try {
    const made = await requestReducedRate(agent, parsed.data);
    return redirect(`${LIST}/requests?${new URLSearchParams({ requested: made.requestId })}`);
  } catch (error) {
    if (error instanceof SignedOutError) throw routeErrorOf(error);
    const refusal = refusalOf(error);
    if (refusal && error instanceof UpstreamError) {
      const onClass = refusal.code === "CLASS_NOT_OFFERED";
      return data<RequestFormResult>(
        {
          typed,
          fieldErrors: onClass ? { cabinClass: [refusal.message] } : {},
          error: onClass ? null : refusal.message,
        },
        { status: error.status ?? 409 },
      );
    }
    if (error instanceof UpstreamError && error.status === 403) throw routeErrorOf(error);
    return data<RequestFormResult>({ typed, fieldErrors: {}, error: REQUEST_FAILED }, { status: 502 });
  }
}
