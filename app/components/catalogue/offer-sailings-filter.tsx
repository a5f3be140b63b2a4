import { Form, Link } from "@remix-run/react";
import {
  CabinClassSelect,
  DepartureDateField,
  DestinationSelect,
  NightsSelect,
  PortSelect,
  ShipSelect,
} from "~/components/catalogue/search-fields";
import { SAILING_PARAMS, type OfferSailingFilters } from "~/domain/catalogue/offer-sailings";
import type { PackedOptions } from "~/domain/options-html";

/**
 * Narrows an offer's eligible sailings by the itinerary search's own fields, under names of their own
 * (`SAILING_PARAMS`: sailingShip…): a GET form to the offer's page (without JavaScript, one plain
 * navigation), carrying the rest of the page's URL (the offer and the offer search "Back to the offers"
 * returns to, under its own names) as hidden fields. A new filter starts at page one.
 */
export function OfferSailingsFilter({
  filters,
  error,
  carried,
  clearHref,
  narrowed,
  options,
}: {
  filters: OfferSailingFilters;
  error?: string;
  carried: ReadonlyArray<[string, string]>;
  clearHref: string;
  narrowed: boolean;
  options: {
    ships: PackedOptions;
    destinations: Array<{ value: string; label: string }>;
    ports: PackedOptions;
    today: string;
    lastSailDate: string;
  };
}) {
  return (
    <Form
      method="get"
      action="/promotion/detail"
      className="search-form no-print"
      aria-label="Narrow the eligible sailings"
      preventScrollReset
    >
      {carried.map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      <div className="search-form__grid">
        <ShipSelect ships={options.ships} selected={filters.ship} name={SAILING_PARAMS.ship} />
        <DestinationSelect
          destinations={options.destinations}
          selected={filters.destination}
          name={SAILING_PARAMS.destination}
        />
        <PortSelect ports={options.ports} selected={filters.port} name={SAILING_PARAMS.port} />
        <DepartureDateField
          value={filters.departureDate}
          error={error}
          today={options.today}
          lastSailDate={options.lastSailDate}
          name={SAILING_PARAMS.departureDate}
        />
        <NightsSelect selected={filters.nights} name={SAILING_PARAMS.nights} />
        <CabinClassSelect selected={filters.cabinClass} name={SAILING_PARAMS.cabinClass} />
      </div>
      <div className="actions">
        <button type="submit" className="button button--primary">
          Show these sailings
        </button>
        {narrowed ? (
          <Link to={clearHref} preventScrollReset>
            Show every eligible sailing
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
