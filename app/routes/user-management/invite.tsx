import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormError, StatusButton } from "~/components/forms";
import { displayDate } from "~/domain/dates";
import { titleFor } from "~/domain/titles";
import { requireAgentManager } from "~/server/user-management/guard.server";
import { KeptFormNotice } from "~/components/kept-forms";
import { inviteForm, invitePage } from "~/server/user-management/invite.server";

/**
 * /user-management/invite: an e-mail invitation to join the agency; its link (in the outbox in demo
 * mode) opens the agent registration with the agency already found.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const manager = await requireAgentManager(request);
  return invitePage(request, manager);
}

export async function action({ request }: ActionFunctionArgs) {
  const manager = await requireAgentManager(request);
  return inviteForm(request, manager);
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
