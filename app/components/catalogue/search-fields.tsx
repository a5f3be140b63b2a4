import { CheckboxField, Field, SelectField } from "~/components/forms";
import { BRANDS, CABIN_CLASSES, CABIN_CLASS_NAMES } from "~/domain/catalogue/codes";
import {
  ELIGIBILITY_FLAGS,
  ELIGIBILITY_NAMES,
  NIGHTS,
  type EligibilityFlag,
} from "~/domain/catalogue/itinerary-search";
import { displayDate } from "~/domain/dates";
import type { PackedOptions } from "~/domain/options-html";

/**
 * The fields the itinerary search and the offer search share, written once so they read alike. A field's
 * `name` (also its id) is the search's own unless a page keeps it under another (an offer's sailing filters).
 */

type Option = { value: string; label: string };

/** The cruise lines, after "All cruise lines". */
export function BrandSelect({ selected }: { selected: string }) {
  return (
    <SelectField
      label="Cruise line"
      placeholder="All cruise lines"
      options={BRANDS.map((b) => ({ value: b.code, label: b.name }))}
      selectProps={{ name: "brand", defaultValue: selected, id: "brand" }}
    />
  );
}

/** Ships by cruise line (packed by the server's shipOptions), after "All ships". */
export function ShipSelect({
  ships,
  selected,
  name = "ship",
}: {
  ships: PackedOptions;
  selected: string;
  name?: string;
}) {
  return (
    <SelectField
      label="Ship"
      packed={ships}
      placeholder="All ships"
      selectProps={{ name, defaultValue: selected, id: name }}
    />
  );
}

/** The catalogue's destinations, after "All destinations". */
export function DestinationSelect({
  destinations,
  selected,
  name = "destination",
}: {
  destinations: Option[];
  selected: string;
  name?: string;
}) {
  return (
    <SelectField
      label="Destination"
      placeholder="All destinations"
      options={destinations}
      selectProps={{ name, defaultValue: selected, id: name }}
    />
  );
}

/** The departure ports (packed by the server), after "All departure ports". */
export function PortSelect({
  ports,
  selected,
  name = "port",
}: {
  ports: PackedOptions;
  selected: string;
  name?: string;
}) {
  return (
    <SelectField
      label="Departure port"
      packed={ports}
      placeholder="All departure ports"
      selectProps={{ name, defaultValue: selected, id: name }}
    />
  );
}

/** "Departing from": a date from today to the catalogue's last sailing. */
export function DepartureDateField({
  value,
  error,
  today,
  lastSailDate,
  name = "departureDate",
}: {
  value: string;
  error?: string;
  today: string;
  lastSailDate: string;
  name?: string;
}) {
  return (
    <Field
      label="Departing from"
      hint={`Sailings run to ${displayDate(lastSailDate)}.`}
      errors={error ? [error] : null}
      inputProps={{
        type: "date",
        name,
        id: name,
        defaultValue: value,
        min: today,
        max: lastSailDate,
      }}
    />
  );
}

/** The length of the cruise, as ranges ("6 to 9 nights"), after "Any length". */
export function NightsSelect({ selected, name = "nights" }: { selected: string; name?: string }) {
  return (
    <SelectField
      label="Length of cruise"
      placeholder="Any length"
      options={Object.entries(NIGHTS).map(([key, n]) => ({ value: key, label: n.label }))}
      selectProps={{ name, defaultValue: selected, id: name }}
    />
  );
}

/** The stateroom classes, after "Any stateroom". */
export function CabinClassSelect({ selected, name = "cabinClass" }: { selected: string; name?: string }) {
  return (
    <SelectField
      label="Stateroom"
      placeholder="Any stateroom"
      options={CABIN_CLASSES.map((c) => ({ value: c, label: CABIN_CLASS_NAMES[c] }))}
      selectProps={{ name, defaultValue: selected, id: name }}
    />
  );
}

/** "Refundable fares only", sent as `true` when ticked. */
export function RefundableCheckbox({ checked }: { checked: boolean }) {
  return (
    <CheckboxField
      label="Refundable fares only"
      inputProps={{ name: "refundable", value: "true", defaultChecked: checked, id: "refundable" }}
    />
  );
}

/** One box per restricted rate the guests may claim (55 or over, law enforcement…). */
export function EligibilityCheckboxes({ claimed }: { claimed: Record<EligibilityFlag, boolean> }) {
  return (
    <>
      {ELIGIBILITY_FLAGS.map((flag) => (
        <CheckboxField
          key={flag}
          label={ELIGIBILITY_NAMES[flag]}
          inputProps={{ name: flag, value: "true", defaultChecked: claimed[flag], id: flag }}
        />
      ))}
    </>
  );
}

/**
 * The end of a search form: the sort and order it keeps (set by the results' links), the submit
 * button, and the link that starts again.
 */
export function SearchActions({
  sort,
  order,
  submit,
  restart,
}: {
  sort: string;
  order: string;
  submit: string;
  restart: { href: string; label: string };
}) {
  return (
    <>
      <input type="hidden" name="sort" value={sort} />
      <input type="hidden" name="order" value={order} />
      <div className="actions">
        <button type="submit" className="button button--primary">
          {submit}
        </button>
        <a href={restart.href}>{restart.label}</a>
      </div>
    </>
  );
}
