import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { displayDate } from "~/domain/dates";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { sanitizeContentHtml } from "~/server/infra/html.server";
import { legalPage } from "~/server/legal/legal.server";
import { pageLocale } from "~/server/shell/preferences.server";

const POLICY_OF_PATH = {
  "/terms-of-use": "terms-of-use",
  "/privacy-policy": "privacy-policy",
  "/travel-agent-guidelines": "travel-agent-guidelines",
} as const;

/** The three legal pages: the content service's long-form text, sanitised; open to everyone. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  const policy = POLICY_OF_PATH[pathname as keyof typeof POLICY_OF_PATH] ?? "terms-of-use";
  const heading = screenHeading(pathname) ?? "Legal";
  try {
    const page = await legalPage(policy, await pageLocale(request));
    return {
      heading: page.title,
      updated: displayDate(page.modified),
      html: sanitizeContentHtml(page.html),
      lang: page.htmlLanguage ?? null,
      error: null,
    };
  } catch {
    return {
      heading,
      updated: null,
      html: null,
      lang: null,
      error: `The ${heading.toLowerCase()} cannot be shown right now. Please try again in a moment.`,
    };
  }
}

export default function LegalPage() {
  const page = useLoaderData<typeof loader>();
  return (
    <article className="panel content" aria-labelledby="legal-heading">
      <h1 id="legal-heading">{page.heading}</h1>
      {page.updated ? <p className="lead">Last updated {page.updated}</p> : null}
      {page.error ? <p role="alert">{page.error}</p> : null}
      {page.html ? (
        // Sanitised on the server (sanitizeContentHtml): structure, text and links only.
        <div lang={page.lang?.replace("_", "-") ?? undefined} dangerouslySetInnerHTML={{ __html: page.html }} />
      ) : null}
    </article>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
