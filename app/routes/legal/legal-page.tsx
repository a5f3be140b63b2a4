import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";

/** The three legal pages: the content service's long-form text, sanitised. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  return { heading: screenHeading(pathname) ?? "Legal" };
}

export default function LegalPage() {
  const { heading } = useLoaderData<typeof loader>();
  return (
    <article className="panel" aria-labelledby="legal-heading">
      <h1 id="legal-heading">{heading}</h1>
    </article>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
