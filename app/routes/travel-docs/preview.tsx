import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PrintButton } from "~/components/print-button";
import { TravelDocumentView } from "~/components/travel-document";
import { displayDate } from "~/domain/dates";
import { SERVICE_UNAVAILABLE } from "~/domain/login-errors";
import { titleFor } from "~/domain/titles";
import { previewPage } from "~/server/travel-docs/preview.server";

/**
 * /travel-docs/html/preview?token=… (public, in the public layout): the one document a preview link
 * opens, as the guest sees it, read-only; nothing of the agency, the agent or the shell. The upstream
 * checks the token (public call, no bearer): a malformed or forged token is 404 "not valid", an expired
 * or revoked one 410 with its own page, and none of them shows any data.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return previewPage(request);
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function TravelDocumentPreview() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.kind === "refused") {
    return (
      <section className="panel" aria-labelledby="screen-heading">
        <h1 id="screen-heading">{loaded.refusal.heading}</h1>
        <p>{loaded.refusal.text}</p>
      </section>
    );
  }
  if (loaded.kind === "unavailable") {
    return (
      <section className="panel" aria-labelledby="screen-heading">
        <h1 id="screen-heading">Travel document</h1>
        <p className="notice notice--warning" role="alert">
          {SERVICE_UNAVAILABLE}
        </p>
      </section>
    );
  }
  const d = loaded.document;
  return (
    <section className="travel-docs travel-docs--preview" aria-labelledby="screen-heading">
      <h1 id="screen-heading">
        {d.title} for your cruise on {d.booking.shipName}
      </h1>
      <p className="muted no-print">
        A read-only preview shared by your travel agent. This link works until {displayDate(loaded.expiresAt)}.
      </p>
      <div className="actions no-print">
        <PrintButton label={`Print the ${d.title.toLowerCase()}`} />
      </div>
      <TravelDocumentView document={d} />
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [
  { title: titleFor(location.pathname) },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];
