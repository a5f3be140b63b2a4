import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { AgencyLookupFields } from "~/components/agency-lookup-fields";
import { FormError, StatusButton } from "~/components/forms";
import { AgencyLookupSchema } from "~/domain/registration-forms";
import { titleFor } from "~/domain/titles";
import { translator } from "~/domain/translate";
import { requireSuperUser } from "~/server/super-user/guard.server";
import { agencySearchForm, agencySearchPage } from "~/server/super-user/search.server";

/**
 * /super-user (RCCL and RCCLADMIN): find an agency by its phone or ABTA number, as registration does.
 * The form's last values are kept in the session (the super-user form keeps its last phone and ABTA values).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireSuperUser(request);
  return agencySearchPage(request, agent);
}

export async function action({ request }: ActionFunctionArgs) {
  const agent = await requireSuperUser(request);
  return agencySearchForm(request, agent);
}

export default function SuperUserSearch() {
  const { texts, form: kept, phoneCountries } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const t = translator(texts);
  const [form, fields] = useForm<z.input<typeof AgencyLookupSchema>>({
    id: "super-user-search",
    lastResult: answer?.result,
    defaultValue: kept,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AgencyLookupSchema }),
  });
  return (
    <section aria-labelledby="screen-heading" className="profile">
      <h1 id="screen-heading">Super User Log in</h1>
      <p>Find a travel agency by its phone number or ABTA number, then act for it as its administrator would.</p>
      <Form method="post" {...getFormProps(form)} className="panel form">
        <FormError id={form.errorId} errors={form.errors} />
        <AgencyLookupFields t={t} fields={fields} phoneCountries={phoneCountries} />
        <StatusButton className="button button--primary">Find the agency</StatusButton>
      </Form>
      {answer?.matches ? (
        <section aria-labelledby="matches-heading">
          <h2 id="matches-heading">Agencies found</h2>
          <ul>
            {answer.matches.map((a) => (
              <li key={a.agencyId}>
                <Link to={`/super-user/agency-found?${new URLSearchParams({ agencyId: a.agencyId })}`}>
                  {a.name}, {a.city} ({a.agencyId})
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
