import { data } from "@remix-run/node";
import { z } from "zod";
import { inviteAgent } from "~/server/clients/agency.server";
import { SignedOutError } from "~/server/infra/errors.server";
import { fieldErrorsOf, readFormData } from "~/server/infra/forms.server";
import { UpstreamError } from "~/server/infra/http.server";
import { redirect } from "~/server/infra/responses.server";
import { routeErrorOf } from "~/server/infra/route-errors.server";
import { asFormData, takeKeptForm } from "~/server/kept-forms/kept-forms.server";
import type { Agent } from "~/server/auth/auth.server";

const InviteSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^\S+@\S+\.\S+$/, "Enter an e-mail address, like name@example.com.")
    .max(254),
  firstName: z
    .string()
    .trim()
    .max(50, "Use at most 50 characters.")
    .optional()
    .transform((v) => v || undefined),
  lastName: z
    .string()
    .trim()
    .max(50, "Use at most 50 characters.")
    .optional()
    .transform((v) => v || undefined),
});

/** The invitation as typed (bounded), from a post or a kept form. */
function typedOf(form: FormData) {
  return {
    email: String(form.get("email") ?? "").slice(0, 254),
    firstName: String(form.get("firstName") ?? "").slice(0, 60),
    lastName: String(form.get("lastName") ?? "").slice(0, 60),
  };
}

/**
 * The invitation page's data: the invitation just sent (to whom, until when) and a form kept over a
 * sign-out.
 */
export async function invitePage(request: Request, manager: Agent & { agencyId: string }) {
  const params = new URL(request.url).searchParams;
  // The invitation as typed before a sign-out, filled in again (nothing sent).
  const kept = await takeKeptForm(manager, request);
  return {
    sent: params.get("sent"),
    until: params.get("until"),
    kept: kept?.forms[0] ? typedOf(asFormData(kept.forms[0])) : null,
  };
}

/** Sends the invitation; what was typed is kept when the form or the upstream refuses it. */
export async function inviteForm(request: Request, manager: Agent & { agencyId: string }) {
  const typed = typedOf(await readFormData(request));
  const parsed = InviteSchema.safeParse(typed);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return data({ typed, fieldErrors, error: null as string | null }, { status: 400 });
  }
  try {
    const sent = await inviteAgent(manager, manager.agencyId, parsed.data);
    return redirect(`/user-management/invite?${new URLSearchParams({ sent: sent.email, until: sent.expiresAt })}`);
  } catch (error) {
    if (error instanceof SignedOutError) throw routeErrorOf(error);
    const fieldErrors: Record<string, string[]> = {};
    if (error instanceof UpstreamError && error.body.errorCode === "EMAIL_ALREADY_EXISTS") {
      fieldErrors.email = ["An agent with this e-mail address already has an account."];
      return data({ typed, fieldErrors, error: null }, { status: 409 });
    }
    if (error instanceof UpstreamError && error.status === 403) throw routeErrorOf(error);
    return data(
      { typed, fieldErrors, error: "The invitation could not be sent just now. Please try again." },
      { status: 502 },
    );
  }
}
