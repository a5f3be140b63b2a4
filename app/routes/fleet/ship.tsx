import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { wholeNumber } from "~/domain/money";
import { sailingDetailHref } from "~/domain/catalogue/itinerary-search";
import { FLEET_PATH, SHIP_IMAGE_SIZE, shipImagePath } from "~/domain/catalogue/fleet";
import { pageTitle } from "~/domain/titles";
import { shipPage } from "~/server/catalogue/fleet.server";
import { requireAgent } from "~/server/auth/auth.server";
import { withUpstreamErrors } from "~/server/infra/route-errors.server";

export const SAILINGS_UNAVAILABLE =
  "The next sailings of this ship cannot be shown right now. Please try again in a moment.";

/**
 * /explore-our-fleet/:ship, where :ship is the ship's slug ("symphony-of-the-seas"). Its two-letter
 * code (or the slug written another way) redirects to the slug; anything else is "Page not found"
 * in the shell. The next sailings are a widget: if the catalogue cannot list them, the rest shows.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return withUpstreamErrors(() => shipPage(agent, params.ship ?? ""));
}

export default function ShipPage() {
  const { ship, sailings, searchHref } = useLoaderData<typeof loader>();
  const staterooms = ship.staterooms.reduce((sum, s) => sum + s.count, 0);
  return (
    <article aria-labelledby="screen-heading" className="fleet ship">
      <p className="fleet__back">
        <Link to={FLEET_PATH}>
          <span aria-hidden="true">← </span>Explore our fleet
        </Link>
      </p>
      <h1 id="screen-heading">{ship.name}</h1>
      <p className="lead">{ship.brandName}</p>
      <div className="ship__intro">
        <img src={shipImagePath(ship.code)} alt="" {...SHIP_IMAGE_SIZE} />
        <div>
          <p>{ship.description}</p>
          <dl className="facts">
            <Fact term="Class">{ship.shipClass}</Fact>
            <Fact term="Year built">{ship.yearBuilt}</Fact>
            <Fact term="Refurbished">{ship.yearRefurbished ?? "Not yet refurbished"}</Fact>
            <Fact term="Gross tonnage">{wholeNumber(ship.grossTonnage)}</Fact>
            <Fact term="Guests">{wholeNumber(ship.guests)}</Fact>
            <Fact term="Crew">{wholeNumber(ship.crew)}</Fact>
            <Fact term="Decks">{ship.decks}</Fact>
            <Fact term="Length">{wholeNumber(ship.lengthMetres)} m</Fact>
          </dl>
        </div>
      </div>

      <div className="ship__columns">
        <section className="panel" aria-labelledby="staterooms-heading">
          <h2 id="staterooms-heading">Staterooms</h2>
          <table className="data-table">
            <caption>Staterooms by class on {ship.name}</caption>
            <thead>
              <tr>
                <th scope="col">Stateroom class</th>
                <th scope="col" className="num">
                  Staterooms
                </th>
              </tr>
            </thead>
            <tbody>
              {ship.staterooms.map((s) => (
                <tr key={s.cabinClass}>
                  <th scope="row">{s.name}</th>
                  <td className="num">{wholeNumber(s.count)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                <td className="num">{wholeNumber(staterooms)}</td>
              </tr>
            </tfoot>
          </table>
        </section>
        <section className="panel" aria-labelledby="dining-heading">
          <h2 id="dining-heading">Dining</h2>
          <ul>
            {ship.dining.map((venue) => (
              <li key={venue}>{venue}</li>
            ))}
          </ul>
        </section>
        <section className="panel" aria-labelledby="activities-heading">
          <h2 id="activities-heading">Activities</h2>
          <ul>
            {ship.activities.map((activity) => (
              <li key={activity}>{activity}</li>
            ))}
          </ul>
        </section>
        <section className="panel" aria-labelledby="destinations-heading">
          <h2 id="destinations-heading">Destinations</h2>
          {ship.destinations.length ? (
            <ul>
              {ship.destinations.map((d) => (
                <li key={d.code}>{d.name}</li>
              ))}
            </ul>
          ) : (
            <p>This ship has no sailings open for booking.</p>
          )}
        </section>
      </div>

      <section className="panel" aria-labelledby="sailings-heading">
        <h2 id="sailings-heading">Next sailings</h2>
        {sailings === null ? (
          <p className="notice notice--warning">{SAILINGS_UNAVAILABLE}</p>
        ) : sailings.items.length === 0 ? (
          <p>{ship.name} has no sailings open for booking.</p>
        ) : (
          <div className="table-scroll" role="region" aria-labelledby="sailings-caption" tabIndex={0}>
            <table className="data-table data-table--stack">
              <caption id="sailings-caption">
                The next {sailings.items.length} of {wholeNumber(sailings.total)} sailings of {ship.name}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Sail date</th>
                  <th scope="col" className="num">
                    Nights
                  </th>
                  <th scope="col">Destination</th>
                  <th scope="col">Ports</th>
                  <th scope="col">
                    <span className="visually-hidden">Details</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {sailings.items.map((s) => (
                  <tr key={s.sailingId}>
                    <th scope="row">{s.sailDate}</th>
                    <td className="num" data-label="Nights">
                      {s.nights}
                    </td>
                    <td data-label="Destination">{s.destination}</td>
                    <td data-label="Ports">
                      {s.from} <span aria-hidden="true">→</span>
                      <span className="visually-hidden">to</span> {s.to}
                    </td>
                    <td>
                      <Link to={sailingDetailHref(s.sailingId)}>
                        View sailing<span className="visually-hidden"> of {s.sailDate}</span>
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p>
          <Link to={searchHref}>Search all sailings on this ship</Link>
        </p>
      </section>
    </article>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data?.ship.name ?? "Ship details") },
];
