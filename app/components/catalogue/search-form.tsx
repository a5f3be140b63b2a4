import { Form } from "@remix-run/react";
import { useState } from "react";
import { SelectField, Field } from "~/components/forms";
import {
  BrandSelect,
  CabinClassSelect,
  DepartureDateField,
  DestinationSelect,
  NightsSelect,
  PortSelect,
  EligibilityCheckboxes,
  RefundableCheckbox,
  SearchActions,
  ShipSelect,
} from "~/components/catalogue/search-fields";
import { useHydrated } from "~/components/use-hydrated";
import { TOUR_TYPES, TOUR_TYPE_NAMES, VOYAGE_TYPES, VOYAGE_TYPE_NAMES } from "~/domain/catalogue/codes";
import { clampParty, GUEST_LIMITS, roomFor, type GuestKind, type Party } from "~/domain/catalogue/guests";
import {
  ELIGIBILITY_FLAGS,
  PRICE_RANGE,
  type ItinerarySearch,
  type ParsedSearch,
} from "~/domain/catalogue/itinerary-search";
import type { PackedOptions } from "~/domain/options-html";

type Option = { value: string; label: string };
export type SearchFormOptions = {
  ships: PackedOptions;
  destinations: Option[];
  ports: PackedOptions;
  currencies: PackedOptions;
  residencies: PackedOptions;
  today: string;
  lastSailDate: string;
};

const err = (message: string | undefined) => (message ? [message] : null);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The itinerary search as a GET form to /itinerary/results: its fields mirror the URL, so without
 * JavaScript a search is one plain navigation. `compact` (the results page) folds the less used
 * filters into "More filters", open when one of them is set or wrong.
 */
export function SearchForm({
  parsed,
  options,
  compact = false,
}: {
  parsed: Pick<ParsedSearch, "search" | "errors" | "typed" | "priceMaxDefault">;
  options: SearchFormOptions;
  compact?: boolean;
}) {
  const { search, errors, typed } = parsed;
  const value = (key: keyof ItinerarySearch & keyof typeof typed) => typed[key] ?? String(search[key]);
  const moreSet =
    search.voyageType !== "" ||
    search.tourType !== "" ||
    search.residency !== "" ||
    search.loyaltyNumber !== "" ||
    search.promoCode !== "" ||
    search.refundable ||
    search.priceMin !== PRICE_RANGE.min ||
    search.priceMax !== parsed.priceMaxDefault ||
    ELIGIBILITY_FLAGS.some((f) => search[f]) ||
    Boolean(errors.priceMin || errors.priceMax || errors.loyaltyNumber || errors.promoCode);

  const more = (
    <div className="search-form__grid">
      <Field
        label={`Lowest price per guest (${search.currency})`}
        errors={err(errors.priceMin)}
        inputProps={{ name: "priceMin", defaultValue: value("priceMin"), inputMode: "decimal", id: "priceMin" }}
      />
      <Field
        label={`Highest price per guest (${search.currency})`}
        errors={err(errors.priceMax)}
        inputProps={{ name: "priceMax", defaultValue: value("priceMax"), inputMode: "decimal", id: "priceMax" }}
      />
      <SelectField
        label="Voyage type"
        placeholder="All voyage types"
        options={VOYAGE_TYPES.map((v) => ({ value: v, label: VOYAGE_TYPE_NAMES[v] }))}
        selectProps={{ name: "voyageType", defaultValue: search.voyageType, id: "voyageType" }}
      />
      <SelectField
        label="Tour type"
        placeholder="Cruises with and without tours"
        options={TOUR_TYPES.map((v) => ({ value: v, label: TOUR_TYPE_NAMES[v] }))}
        selectProps={{ name: "tourType", defaultValue: search.tourType, id: "tourType" }}
      />
      <SelectField
        label="Country of residence"
        hint="Some fares and offers are for residents only."
        packed={options.residencies}
        placeholder="None"
        selectProps={{ name: "residency", defaultValue: search.residency, id: "residency" }}
      />
      <Field
        label="Loyalty number"
        errors={err(errors.loyaltyNumber)}
        inputProps={{ name: "loyaltyNumber", defaultValue: value("loyaltyNumber"), id: "loyaltyNumber", maxLength: 40 }}
      />
      <Field
        label="Promo code"
        errors={err(errors.promoCode)}
        inputProps={{ name: "promoCode", defaultValue: value("promoCode"), id: "promoCode", maxLength: 40 }}
      />
      <fieldset className="search-form__flags">
        <legend>Fares and eligibility</legend>
        <RefundableCheckbox checked={search.refundable} />
        <EligibilityCheckboxes claimed={search} />
      </fieldset>
    </div>
  );

  return (
    <Form method="get" action="/itinerary/results" className="search-form" aria-label="Itinerary search">
      <div className="search-form__grid">
        <DestinationSelect destinations={options.destinations} selected={search.destination} />
        <BrandSelect selected={search.brand} />
        <ShipSelect ships={options.ships} selected={search.ship} />
        <PortSelect ports={options.ports} selected={search.port} />
        <DepartureDateField
          value={value("departureDate")}
          error={errors.departureDate}
          today={options.today}
          lastSailDate={options.lastSailDate}
        />
        <NightsSelect selected={search.nights} />
        <CabinClassSelect selected={search.cabinClass} />
        <SelectField
          label="Currency"
          packed={options.currencies}
          selectProps={{ name: "currency", defaultValue: search.currency, id: "currency" }}
        />
      </div>
      <GuestFields party={search} error={errors.guests} />
      {compact ? (
        <details className="search-form__more" open={moreSet}>
          <summary>More filters</summary>
          {more}
        </details>
      ) : (
        more
      )}
      <SearchActions
        sort={search.sort}
        order={search.order}
        submit="Search sailings"
        restart={{ href: "/itinerary/search", label: "Start a new search" }}
      />
    </Form>
  );
}

const GUEST_LABELS: Record<GuestKind, string> = { adults: "Adults", children: "Children", infants: "Infants" };

/**
 * The guest counts (adults 1 to 4, at most 4 in all). Without JavaScript each list offers its
 * whole range and the server clamps; with JavaScript a list offers only what the party has room
 * for, and changing a count clamps the others at once.
 */
export function GuestFields({ party: initial, error }: { party: Party; error?: string }) {
  const hydrated = useHydrated();
  const [party, setParty] = useState<Party>(() => clampParty(initial));
  const change = (kind: GuestKind, next: number) => setParty((p) => clampParty({ ...p, [kind]: next }));
  return (
    <fieldset className="guests" aria-describedby={error ? "guests-error" : "guests-hint"}>
      <legend>Guests in the stateroom</legend>
      <p id="guests-hint" className="field__hint">
        Up to {GUEST_LIMITS.total} guests: 1 to 4 adults; children (2 to 17) and infants (under 2) fill the rest.
      </p>
      {error ? (
        <p id="guests-error" className="field__error">
          {error}
        </p>
      ) : null}
      <div className="guests__counts">
        {(["adults", "children", "infants"] as const).map((kind) => {
          const limits = GUEST_LIMITS[kind];
          const max = hydrated ? roomFor(kind, party) : limits.max;
          return (
            <div className="field" key={kind}>
              <label htmlFor={`guests-${kind}`}>{GUEST_LABELS[kind]}</label>
              <select
                id={`guests-${kind}`}
                name={kind}
                value={party[kind]}
                onChange={(e) => change(kind, Number(e.currentTarget.value))}
              >
                {range(limits.min, Math.max(limits.min, max)).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
