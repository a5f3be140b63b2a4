import { data } from "@remix-run/node";
import { WITHDRAW_FAILED, refusalMessage } from "~/domain/reduced-rates";
import { rateEstimate } from "~/server/reduced-rates/estimate.server";
import { SignedOutError } from "~/server/infra/errors.server";
import { listRateRequests, withdrawRateRequest } from "~/server/clients/reduced-rates.server";
import { UpstreamError } from "~/server/infra/http.server";
import { redirect } from "~/server/infra/responses.server";
import { routeErrorOf, unavailable } from "~/server/infra/route-errors.server";
import type { Agent } from "~/server/auth/auth.server";

export type { RateRequest } from "~/server/clients/reduced-rates.server";

const PATH = "/reduced-rates/requests";
const REQUEST_ID = /^\d{1,12}$/;

/**
 * The agent's reduced-rate requests (null: unavailable), the estimate, and the request just made or
 * withdrawn.
 */
export async function requestsPage(request: Request, agent: Agent) {
  const url = new URL(request.url);
  const [requests, estimate] = await Promise.all([
    listRateRequests(agent).catch((error: unknown) => unavailable(error)),
    rateEstimate(agent),
  ]);
  const mark = (name: string) => {
    const id = url.searchParams.get(name);
    return id && requests?.some((r) => r.requestId === id) ? id : null;
  };
  return { requests, estimate, requested: mark("requested"), withdrawn: mark("withdrawn") };
}

/** Withdraws a request still waiting, then back to the list with the outcome in the URL. */
export async function withdrawForm(agent: Agent, formData: FormData) {
  const requestId = String(formData.get("requestId") ?? "").trim();
  if (!REQUEST_ID.test(requestId)) {
    return data({ error: refusalMessage("NOT_FOUND") }, { status: 400 });
  }
  try {
    await withdrawRateRequest(agent, requestId);
    return redirect(`${PATH}?${new URLSearchParams({ withdrawn: requestId })}`);
  } catch (error) {
    if (error instanceof SignedOutError) throw routeErrorOf(error);
    if (error instanceof UpstreamError && error.failure === "http" && (error.status === 404 || error.status === 409)) {
      return data({ error: refusalMessage(error.body.errorCode, WITHDRAW_FAILED) }, { status: error.status });
    }
    if (error instanceof UpstreamError && error.status === 403) throw routeErrorOf(error);
    return data({ error: WITHDRAW_FAILED }, { status: 502 });
  }
}
