import { data } from "@remix-run/node";
import { BookingIdSchema, CodeSchema, REDEEM_FAILED, refusalMessage } from "~/domain/certificates";
import { screenHeading } from "~/domain/screens";
import type { Agent } from "~/server/auth/auth.server";
import {
  getCertificate,
  listRedemptions,
  redeemCertificate,
  type Certificate,
  type Redemption,
} from "~/server/clients/certificates.server";
import { SignedOutError } from "~/server/infra/errors.server";
import { readFormData } from "~/server/infra/forms.server";
import { UpstreamError } from "~/server/infra/http.server";
import { redirect } from "~/server/infra/responses.server";
import { routeErrorOf, unavailable } from "~/server/infra/route-errors.server";
import { screenIntro } from "~/server/shell/intro.server";
import { pageLocale } from "~/server/shell/preferences.server";

/** Redeeming certificates (app/routes/certificate-redemption): the look-up page and the redemption's post. */

export type { Certificate, Redemption };

const PATH = "/certificate-redemption";

/** An upstream refusal of a request (a 4xx with an error code) that the page says in words. */
const refusalOf = (error: unknown): string | null =>
  error instanceof UpstreamError &&
  error.failure === "http" &&
  (error.status === 400 || error.status === 404 || error.status === 409)
    ? refusalMessage(error.body.errorCode)
    : null;

export type Lookup =
  | { kind: "none" }
  | { kind: "invalid"; message: string }
  | { kind: "refused"; message: string }
  | { kind: "unavailable" }
  | { kind: "found"; certificate: Certificate };

/**
 * The page: a code looked up (from the URL; invalid is a 400, refused a 404, an upstream down said in
 * place), the booking it is for when it came from a booking's page, and the agency's redemptions
 * (null when they cannot be read).
 */
export async function certificatePage(request: Request, agent: Agent) {
  const url = new URL(request.url);
  const typed = (url.searchParams.get("code") ?? "").slice(0, 60);
  const redeemedOn = url.searchParams.get("redeemed");
  // From a booking's page: the booking the certificate is for, kept through the look-up.
  const forBooking = BookingIdSchema.safeParse(url.searchParams.get("booking") ?? "");

  let lookup: Lookup = { kind: "none" };
  if (url.searchParams.has("code")) {
    const parsed = CodeSchema.safeParse(typed);
    if (!parsed.success) lookup = { kind: "invalid", message: parsed.error.issues[0]?.message ?? "" };
    else {
      try {
        lookup = { kind: "found", certificate: await getCertificate(agent, parsed.data) };
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal) lookup = { kind: "refused", message: refusal };
        else if (unavailable(error) === null) lookup = { kind: "unavailable" };
      }
    }
  }

  const [redemptions, intro] = await Promise.all([
    listRedemptions(agent).catch((error: unknown) => unavailable(error)),
    screenIntro(PATH, await pageLocale(request)).catch(() => null),
  ]);
  const status = lookup.kind === "invalid" ? 400 : lookup.kind === "refused" ? 404 : 200;
  return data(
    {
      heading: screenHeading(PATH) ?? "Certificate redemption",
      intro: intro?.html ?? null,
      typed,
      forBooking: forBooking.success ? forBooking.data : null,
      lookup,
      redeemedOn: lookup.kind === "found" && lookup.certificate.redeemedBookingId === redeemedOn ? redeemedOn : null,
      redemptions,
    },
    { status },
  );
}

/**
 * The post: a valid code applied to one of the agency's bookings, then back to the page showing it
 * (post/redirect/get); the upstream's refusals said on the booking field or above the form.
 */
export async function redeemFromForm(request: Request, agent: Agent) {
  const form = await readFormData(request);
  const typed = {
    code: String(form.get("code") ?? "").slice(0, 60),
    bookingId: String(form.get("bookingId") ?? "").slice(0, 40),
  };
  const code = CodeSchema.safeParse(typed.code);
  const bookingId = BookingIdSchema.safeParse(typed.bookingId);
  if (!code.success || !bookingId.success) {
    const fieldErrors: Record<string, string[]> = {};
    if (!code.success) fieldErrors.code = code.error.issues.map((i) => i.message);
    if (!bookingId.success) fieldErrors.bookingId = bookingId.error.issues.map((i) => i.message);
    return data({ typed, fieldErrors, error: null as string | null }, { status: 400 });
  }
  try {
    const redeemed = await redeemCertificate(agent, code.data, bookingId.data);
    const query = new URLSearchParams({ code: redeemed.code, redeemed: redeemed.redeemedBookingId ?? bookingId.data });
    return redirect(`${PATH}?${query}`);
  } catch (error) {
    if (error instanceof SignedOutError) throw routeErrorOf(error);
    const refusal = refusalOf(error);
    if (refusal && error instanceof UpstreamError) {
      const onBooking = error.status === 404 && error.body.errorCode === "NOT_FOUND";
      const fieldErrors: Record<string, string[]> = onBooking ? { bookingId: [refusal] } : {};
      return data({ typed, fieldErrors, error: onBooking ? null : refusal }, { status: error.status ?? 409 });
    }
    if (error instanceof UpstreamError && error.status === 403) throw routeErrorOf(error);
    const fieldErrors: Record<string, string[]> = {};
    return data({ typed, fieldErrors, error: REDEEM_FAILED }, { status: 502 });
  }
}
