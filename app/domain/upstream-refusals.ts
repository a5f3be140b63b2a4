/**
 * What an upstream's expected refusal means for the agent (issue 38), one rule for every route: too
 * many one-time codes (429) says how long to wait, a conflict (409) says the upstream's own sentence,
 * a record that is not there (404) is the not-found page. Anything else is not a refusal the agent
 * can act on (the service-unavailable page).
 */
export type Refusal = { status: 404 | 409 | 429; message: string };

export const NOT_FOUND_TEXT = "We could not find that page.";
const CONFLICT_TEXT = "That could not be done: it conflicts with what is already there.";
/** The upstream's error code for too many one-time codes asked for (its HTTP 429). */
export const TOO_MANY_CODES = "OTP_RATE_LIMITED";

/** When the upstream does not say how long (its code window is ten minutes). */
const DEFAULT_WAIT_SECONDS = 10 * 60;

/** How long too many codes asks the agent to wait, in seconds: the upstream's Retry-After, else its window. */
export function tooManyCodesWait(retryAfterSeconds?: number | null): number {
  return retryAfterSeconds && retryAfterSeconds > 0 ? retryAfterSeconds : DEFAULT_WAIT_SECONDS;
}

/** "Too many codes asked for; try again in N minutes", N the upstream's Retry-After rounded up. */
export function tooManyCodesMessage(retryAfterSeconds?: number | null): string {
  const minutes = Math.max(1, Math.ceil(tooManyCodesWait(retryAfterSeconds) / 60));
  return `Too many codes asked for; try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

export function refusalOf(
  status: number | null,
  body: { message?: string; retryAfterSeconds?: number },
): Refusal | null {
  if (status === 429) return { status, message: tooManyCodesMessage(body.retryAfterSeconds) };
  if (status === 409) {
    const said = body.message?.trim();
    return { status, message: said && said.length < 300 ? said : CONFLICT_TEXT };
  }
  if (status === 404) return { status, message: NOT_FOUND_TEXT };
  return null;
}

/** A Retry-After header in seconds (a number, or an HTTP date), or undefined. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
