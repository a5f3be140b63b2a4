import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { Intro } from "~/components/intro";
import { NoMatches, Notices, ResultCount } from "~/components/lists";
import { BRANDS } from "~/domain/catalogue/codes";
import { wholeNumber } from "~/domain/money";
import { FLEET_PATH, SHIP_IMAGE_SIZE, shipImagePath, type FleetFilters } from "~/domain/catalogue/fleet";
import { screenHeading } from "~/domain/screens";
import { pageTitle } from "~/domain/titles";
import { fleetPage } from "~/server/catalogue/fleet.server";
import { requireAgent } from "~/server/auth/auth.server";
import { withUpstreamErrors } from "~/server/infra/route-errors.server";

const HEADING = screenHeading(FLEET_PATH) ?? "Explore our fleet";

/**
 * /explore-our-fleet: every ship of the three brands, grouped by brand (R, C, V), filtered by brand,
 * class and destination through a plain GET form whose fields mirror the URL.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return withUpstreamErrors(() => fleetPage(request, agent));
}

export default function Fleet() {
  const data = useLoaderData<typeof loader>();
  const { filters, count } = data;
  const filtered = Boolean(filters.brand || filters.shipClass || filters.destination);
  return (
    <section aria-labelledby="screen-heading" className="fleet">
      <h1 id="screen-heading">{HEADING}</h1>
      {data.intro ? <Intro html={data.intro} /> : null}
      <FleetFilterForm filters={filters} options={data.options} />
      <Notices notices={data.notices} />
      <div className="fleet__summary">
        <ResultCount>
          {count === 0 ? "No ships found." : `${count} ${count === 1 ? "ship" : "ships"} found.`}
        </ResultCount>
        {filtered ? <Link to={FLEET_PATH}>Show all ships</Link> : null}
      </div>
      {data.groups.length > 1 ? (
        // On a phone the fleet is many screens long: straight to a cruise line's ships.
        <nav aria-label="Jump to a cruise line" className="fleet__jump">
          <ul>
            {data.groups.map((group) => (
              <li key={group.code}>
                <a href={`#brand-${group.code}`}>{group.name}</a> ({group.ships.length}{" "}
                {group.ships.length === 1 ? "ship" : "ships"})
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {count === 0 ? (
        <NoMatches
          found="No ship matches every filter."
          intro="To find more, widen the search:"
          ways={data.hints.map((hint) => (
            <Link key={hint.href} to={hint.href}>
              {hint.text}
            </Link>
          ))}
        />
      ) : null}
      {data.groups.map((group) => (
        <section key={group.code} aria-labelledby={`brand-${group.code}`} className="fleet__brand">
          <h2 id={`brand-${group.code}`}>{group.name}</h2>
          <ul className="fleet__cards">
            {group.ships.map((ship) => (
              <li key={ship.code} className="panel fleet-card">
                <img
                  src={shipImagePath(ship.code)}
                  alt=""
                  width={SHIP_IMAGE_SIZE.width}
                  height={SHIP_IMAGE_SIZE.height}
                  loading="lazy"
                />
                <h3>
                  <Link to={ship.href}>{ship.name}</Link>
                </h3>
                <dl>
                  <div>
                    <dt>Class</dt>
                    <dd>{ship.shipClass}</dd>
                  </div>
                  <div>
                    <dt>Built</dt>
                    <dd>
                      {ship.yearBuilt}
                      {ship.yearRefurbished ? `, refurbished ${ship.yearRefurbished}` : ""}
                    </dd>
                  </div>
                  <div>
                    <dt>Guests</dt>
                    <dd>{wholeNumber(ship.guests)}</dd>
                  </div>
                  <div>
                    <dt>Gross tonnage</dt>
                    <dd>{wholeNumber(ship.grossTonnage)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

type FilterOptions = {
  classes: Array<{ brand: string; names: string[] }>;
  destinations: Array<{ code: string; name: string }>;
};

/**
 * A plain GET form: it works without JavaScript, and its fields mirror the URL. Keyed by the query,
 * so a link to another set of filters (Show all ships) resets the fields too.
 */
function FleetFilterForm({ filters, options }: { filters: FleetFilters; options: FilterOptions }) {
  const { search } = useLocation();
  return (
    <Form
      method="get"
      action={FLEET_PATH}
      className="panel fleet__filters"
      aria-labelledby="fleet-filters"
      key={search}
    >
      <h2 id="fleet-filters">Filter the fleet</h2>
      <div className="fleet__fields">
        <div className="field">
          <label htmlFor="fleet-brand">Cruise line</label>
          <select id="fleet-brand" name="brand" defaultValue={filters.brand}>
            <option value="">All cruise lines</option>
            {BRANDS.map((brand) => (
              <option key={brand.code} value={brand.code}>
                {brand.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="fleet-class">Ship class</label>
          <select id="fleet-class" name="shipClass" defaultValue={filters.shipClass}>
            <option value="">All classes</option>
            {options.classes.map((group) => (
              <optgroup key={group.brand} label={group.brand}>
                {group.names.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="fleet-destination">Destination</label>
          <select id="fleet-destination" name="destination" defaultValue={filters.destination}>
            <option value="">All destinations</option>
            {options.destinations.map((d) => (
              <option key={d.code} value={d.code}>
                {d.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--primary">
          Show ships
        </button>
      </div>
    </Form>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle(HEADING) }];
