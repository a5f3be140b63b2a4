import { Notices } from "~/components/lists";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SearchForm } from "~/components/catalogue/search-form";
import { Intro } from "~/components/intro";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { itinerarySearchPage } from "~/server/catalogue/itinerary-search-page.server";
import { requireAgent } from "~/server/auth/auth.server";
import { withUpstreamErrors } from "~/server/infra/route-errors.server";

const HEADING = screenHeading("/itinerary/search") ?? "Search itineraries";

/**
 * /itinerary/search: the cruise search's defaults in a GET form whose answer is /itinerary/results. No tool
 * guards it (the tool-to-route table names none for itineraries).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return withUpstreamErrors(() => itinerarySearchPage(request, agent));
}

export default function ItinerarySearchPage() {
  const { intro, notices, ratesMessage, ...form } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="screen-heading" className="catalogue">
      <h1 id="screen-heading">{HEADING}</h1>
      {intro ? <Intro html={intro} /> : null}
      <Notices notices={[...notices, ...(ratesMessage ? [ratesMessage] : [])]} />
      <div className="panel">
        <SearchForm parsed={form} options={form.options} />
      </div>
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
