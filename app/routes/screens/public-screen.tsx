import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { requireAnonymous } from "~/server/auth.server";

/** Pages everyone may open; the rest of the public screens keep signed-in agents out. */
const OPEN_TO_ALL = new Set(["/travel-docs/html/preview"]);

/** A public screen that a later issue builds: heading and the content service's introduction. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  if (!OPEN_TO_ALL.has(pathname)) await requireAnonymous(request);
  return { heading: screenHeading(pathname) ?? "Professional Portal" };
}

export default function PublicScreen() {
  const { heading } = useLoaderData<typeof loader>();
  return (
    <section className="panel" aria-labelledby="screen-heading">
      <h1 id="screen-heading">{heading}</h1>
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
