import { Form } from "@remix-run/react";
import { Field, SelectField } from "~/components/forms";
import {
  BrandSelect,
  DestinationSelect,
  EligibilityCheckboxes,
  RefundableCheckbox,
  SearchActions,
  ShipSelect,
} from "~/components/catalogue/search-fields";
import { ELIGIBILITY_FLAGS } from "~/domain/catalogue/itinerary-search";
import { ALL_OFFERS, AUDIENCES, AUDIENCE_NAMES, OFFER_TYPES, OFFER_TYPE_NAMES } from "~/domain/catalogue/offers";
import type { ParsedPromotionSearch } from "~/domain/catalogue/promotion-search";
import { displayDate } from "~/domain/dates";
import type { PackedOptions } from "~/domain/options-html";

type Option = { value: string; label: string };
export type OfferSearchFormOptions = {
  offerNames: Option[];
  ships: PackedOptions;
  destinations: Option[];
  residencies: PackedOptions;
  today: string;
  lastSailDate: string;
};

/**
 * The offer search as a GET form to /promotion/results: its fields mirror the URL (the cruise search's
 * filter defaults), so without JavaScript a search is one plain navigation. `compact` (the results page)
 * folds who travels into "Who is travelling", open when any of it is set.
 */
export function OfferSearchForm({
  parsed,
  options,
  compact = false,
}: {
  parsed: Pick<ParsedPromotionSearch, "search" | "errors" | "typed">;
  options: OfferSearchFormOptions;
  compact?: boolean;
}) {
  const { search, errors, typed } = parsed;
  const partySet = search.residency !== "" || search.refundable || ELIGIBILITY_FLAGS.some((f) => search[f]);
  const party = (
    <div className="search-form__grid">
      <SelectField
        label="Country or region of residence"
        hint="Some offers are for residents only. United States, Canada and Puerto Rico residents see the offers for North America."
        packed={options.residencies}
        placeholder="None"
        selectProps={{ name: "residency", defaultValue: search.residency, id: "residency" }}
      />
      <fieldset className="search-form__flags">
        <legend>Restricted rates the guests claim</legend>
        <EligibilityCheckboxes claimed={search} />
        <RefundableCheckbox checked={search.refundable} />
      </fieldset>
    </div>
  );
  return (
    <Form method="get" action="/promotion/results" className="search-form" aria-label="Offer search">
      <div className="search-form__grid">
        <SelectField
          label="Offer name"
          placeholder="All offers"
          options={options.offerNames}
          selectProps={{ name: "offerName", defaultValue: search.offerName, id: "offerName" }}
        />
        <SelectField
          label="Offer for"
          options={[
            { value: ALL_OFFERS, label: "All offers" },
            ...AUDIENCES.map((a) => ({ value: a, label: AUDIENCE_NAMES[a] })),
          ]}
          selectProps={{ name: "offerFor", defaultValue: search.offerFor, id: "offerFor" }}
        />
        <SelectField
          label="Kind of offer"
          placeholder="All kinds"
          options={OFFER_TYPES.map((t) => ({ value: t, label: OFFER_TYPE_NAMES[t] }))}
          selectProps={{ name: "offerType", defaultValue: search.offerType, id: "offerType" }}
        />
        <BrandSelect selected={search.brand} />
        <ShipSelect ships={options.ships} selected={search.ship} />
        <DestinationSelect destinations={options.destinations} selected={search.destination} />
        <Field
          label="Sailing from"
          hint={`Offers for sailings on or after this day; sailings run to ${displayDate(options.lastSailDate)}.`}
          errors={errors.departureDate ? [errors.departureDate] : null}
          inputProps={{
            type: "date",
            name: "departureDate",
            id: "departureDate",
            defaultValue: typed.departureDate ?? search.departureDate,
            min: options.today,
            max: options.lastSailDate,
          }}
        />
      </div>
      {compact ? (
        <details className="search-form__more" open={partySet}>
          <summary>Who is travelling</summary>
          {party}
        </details>
      ) : (
        <fieldset className="search-form__party">
          <legend>Who is travelling</legend>
          {party}
        </fieldset>
      )}
      <SearchActions
        sort={search.sort}
        order={search.order}
        submit="Search offers"
        restart={{ href: "/promotion/results", label: "Clear the filters" }}
      />
    </Form>
  );
}
