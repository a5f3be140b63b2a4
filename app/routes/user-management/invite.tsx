import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Field, FormError, StatusButton } from "~/components/forms";
import { displayDate } from "~/domain/dates";
import { titleFor } from "~/domain/titles";
import { inviteAgent } from "~/server/clients/agency.server";
import { SignedOutError } from "~/server/infra/errors.server";
import { fieldErrorsOf, readFormData } from "~/server/infra/forms.server";
import { UpstreamError } from "~/server/infra/http.server";
import { redirect } from "~/server/infra/responses.server";
import { routeErrorOf } from "~/server/infra/route-errors.server";
import { requireAgentManager } from "~/server/user-management/guard.server";
import { KeptFormNotice } from "~/components/kept-forms";
import { asFormData, takeKeptForm } from "~/server/kept-forms/kept-forms.server";

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

/**
 * /user-management/invite: an e-mail invitation to join the agency; its link (in the outbox in demo
 * mode) opens the agent registration with the agency already found.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const manager = await requireAgentManager(request);
  const params = new URL(request.url).searchParams;
  // The invitation as typed before a sign-out, filled in again (nothing sent).
  const kept = await takeKeptForm(manager, request);
  return {
    sent: params.get("sent"),
    until: params.get("until"),
    kept: kept?.forms[0] ? typedOf(asFormData(kept.forms[0])) : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const manager = await requireAgentManager(request);
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

/** The invitation as typed (bounded), from a post or a kept form. */
function typedOf(form: FormData) {
  return {
    email: String(form.get("email") ?? "").slice(0, 254),
    firstName: String(form.get("firstName") ?? "").slice(0, 60),
    lastName: String(form.get("lastName") ?? "").slice(0, 60),
  };
}

export default function InviteAgent() {
  const { sent, until, kept: keptTyped } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const kept = result ? null : keptTyped;
  const typed = result?.typed ?? kept;
  return (
    <section aria-labelledby="screen-heading" className="profile">
      <p>
        <Link to="/user-management">Back to the agents</Link>
      </p>
      <h1 id="screen-heading">Invite an agent</h1>
      {sent ? (
        <p className="notice notice--success" role="status">
          An invitation is on its way to {sent}
          {until ? `; its link works until ${displayDate(until)}` : ""}.
        </p>
      ) : null}
      <Form method="post" className="panel form">
        <KeptFormNotice kept={kept} />
        <FormError errors={result?.error ? [result.error] : null} />
        <Field
          label="E-mail address *"
          errors={result?.fieldErrors.email}
          inputProps={{
            name: "email",
            id: "invite-email",
            type: "email",
            autoComplete: "off",
            required: true,
            defaultValue: typed?.email,
          }}
        />
        <Field
          label="First name"
          errors={result?.fieldErrors.firstName}
          inputProps={{ name: "firstName", id: "invite-first", defaultValue: typed?.firstName }}
        />
        <Field
          label="Last name"
          errors={result?.fieldErrors.lastName}
          inputProps={{ name: "lastName", id: "invite-last", defaultValue: typed?.lastName }}
        />
        <StatusButton className="button button--primary">Send the invitation</StatusButton>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
