import { randomBytes } from "node:crypto";
import { z } from "zod";
import { call, enveloped, generateOtp } from "~/server/clients/api.server";
import { UpstreamError } from "~/server/infra/http.server";

/**
 * The main API's registration and recovery calls (the one-time code and agent calls, and the
 * reference upstream's registration and recovery endpoints: docs/registration-contract.md). Every call has the
 * client's timeout and a zod-checked answer; failures are UpstreamErrors carrying the errorCode.
 */

const tokenResult = enveloped(z.object({ token: z.string().min(1) }));

export type AgencyFound = { agencyId: string; agencyName: string; city: string; countryCode: string };

export function lookupAgency(input: {
  identificationType: "phone" | "abta";
  telephoneNumber?: string;
  abtaNumber?: string;
}) {
  return call({
    path: "/agents/agency-lookup",
    method: "POST",
    json: input,
    schema: enveloped(
      z.object({ agencyId: z.string(), agencyName: z.string(), city: z.string(), countryCode: z.string() }),
    ),
  });
}

/**
 * POST /agents/agent-email-verification: a code goes to the address. An address an account already
 * has is answered as a new one (decision 050): the reference upstream gives a handle whose code is
 * never sent and tells the owner by e-mail; an upstream that still answers EMAIL_ALREADY_EXISTS gets
 * the same from here (a random handle that no code opens), so the step never tells a stranger. Any
 * other error answers success false with an empty token.
 */
export async function verifyAgentEmail(input: {
  email: string;
  agencyPhoneNumber: string | null;
  agencyAbtaNumber: string | null;
  languageCode: string;
}): Promise<{ success: boolean; token: string; errorCode?: string }> {
  try {
    return await call({
      path: "/agents/agent-email-verification",
      method: "POST",
      json: input,
      schema: enveloped(z.object({ success: z.boolean(), token: z.string() })),
    });
  } catch (error) {
    // Only the upstream's answers are read here; a fault of our own is not a verdict.
    if (!(error instanceof UpstreamError)) throw error;
    const { errorCode } = error.body;
    if (errorCode === "EMAIL_ALREADY_EXISTS") return { success: true, token: randomBytes(32).toString("base64url") };
    return { success: false, token: "", errorCode };
  }
}

/** POST /agents/send-notification: a new e-mail code (channel email_otp, purpose email_verification_otp). */
export function sendEmailCode(recipient: string) {
  return call({
    path: "/agents/send-notification",
    method: "POST",
    json: { recipient, channel: "email_otp", purpose: "email_verification_otp" },
    schema: enveloped(z.object({ token: z.string().min(1), success: z.boolean() })),
  });
}

/** Agency verification sends the country in the metadata; the code travels as a link. */
export function sendAgencyLink(email: string, countryCode: string) {
  return generateOtp({
    recipient: email,
    channel: "email_magic_link",
    purpose: "register_agency_verification",
    metadata: { country: countryCode },
  });
}

/** The agency and invitee of an administrator's invitation link; 404 AGENCY_NOT_FOUND when it is not (or no longer) valid. */
export function lookupInvitation(token: string) {
  return call({
    path: "/agents/invitation-lookup",
    method: "POST",
    json: { token },
    schema: enveloped(
      z.object({
        agencyId: z.string(),
        agencyName: z.string(),
        city: z.string(),
        countryCode: z.string(),
        invitation: z.object({
          email: z.string(),
          firstName: z.string().nullable(),
          lastName: z.string().nullable(),
          expiresAt: z.string(),
        }),
      }),
    ),
  });
}

export function registerAgent(body: Record<string, unknown>) {
  return call({
    path: "/agents/register",
    method: "POST",
    json: body,
    schema: enveloped(z.object({ agentId: z.string(), username: z.string() })),
  });
}

export function registerAgency(body: Record<string, unknown>) {
  return call({
    path: "/agencies/register",
    method: "POST",
    json: body,
    schema: enveloped(z.object({ agencyId: z.string(), agentId: z.string(), username: z.string() })),
  });
}

// ---------- recovery ----------

/** Always answers the same, found or not (no account enumeration). */
export async function requestPasswordReset(usernameOrEmail: string, languageCode: string): Promise<void> {
  await call({
    path: "/accounts/forgot-password",
    method: "POST",
    json: { usernameOrEmail, languageCode },
    schema: enveloped(z.object({ sent: z.boolean() })),
  });
}

export function resetPassword(token: string, encryptedPassword: string) {
  return call({
    path: "/accounts/reset-password",
    method: "POST",
    json: { token, encryptedPassword },
    schema: enveloped(z.object({ username: z.string() })),
  });
}

export function requestUsernameCode(channel: "EMAIL" | "SMS", recipient: string) {
  return call({ path: "/accounts/forgot-username", method: "POST", json: { channel, recipient }, schema: tokenResult });
}

export function recoverUsername(token: string, otp: string) {
  return call({
    path: "/accounts/recover-username",
    method: "POST",
    json: { token, otp },
    schema: enveloped(z.object({ username: z.string() })),
  });
}
