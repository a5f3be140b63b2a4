import { Form } from "@remix-run/react";
import { useMemo, useState, type FormEvent } from "react";
import { AMOUNT_MAX, AMOUNT_MIN, convertRows, rateLine, type Conversion } from "~/domain/currency";
import { displayDate } from "~/domain/dates";
import type { ConverterData } from "~/server/widgets/converter.server";
import { useHydrated } from "../use-hydrated";
import { packedOptionsHtml, type PackedOptions } from "~/domain/options-html";

/** The converter's data, as the home loader builds it (app/server/forex.server.ts). */
export type CurrencyConverterProps = ConverterData;

/**
 * The currency converter: two rows, each an amount and a currency. Without JavaScript
 * it is a GET form (?amount=&from=&to=) that the server answers with the converted amount; with
 * JavaScript it converts as the agent types, either row driving the other, from the loader's rates.
 */
export function CurrencyConverter(props: CurrencyConverterProps) {
  return (
    <section className="widget widget--currency" aria-labelledby="currency-heading">
      <div className="widget__head">
        <h2 id="currency-heading">Currency converter</h2>
      </div>
      {props.ok ? <Converter {...props} /> : <p className="widget__message">{props.message}</p>}
    </section>
  );
}

type State = Conversion & { from: string; to: string; source: "amount" | "toAmount" };

function Converter({ rates, options, initial, date, base }: Extract<CurrencyConverterProps, { ok: true }>) {
  const hydrated = useHydrated();
  const [state, setState] = useState<State>({ ...initial, source: "amount" });

  const update = (change: Partial<Pick<State, "amount" | "toAmount" | "from" | "to" | "source">>) =>
    setState((previous) => {
      const next = { ...previous, ...change };
      const result = convertRows(next, rates);
      return { ...next, ...result };
    });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // With JavaScript the amounts are already converted: nothing to send.
    if (hydrated) event.preventDefault();
  };

  const line = rateLine(state.from, state.to, rates);
  const summary =
    state.amount && state.toAmount && !state.errors.amount && !state.errors.toAmount
      ? `${state.amount} ${state.from} = ${state.toAmount} ${state.to}`
      : "";
  const described = (field: keyof State["errors"]) => (state.errors[field] ? `converter-${field}-error` : undefined);

  return (
    <Form method="get" action="/home" className="converter" noValidate onSubmit={onSubmit} preventScrollReset>
      <ConverterRow
        amount={{ id: "converter-amount", name: "amount", label: "Amount", value: state.amount, readOnly: false }}
        currency={{ id: "converter-from", name: "from", label: "From currency", value: state.from }}
        options={options}
        invalid={{ amount: Boolean(state.errors.amount), currency: Boolean(state.errors.from) }}
        describedBy={{ amount: described("amount"), currency: described("from") }}
        onAmount={(value) => update({ amount: value, source: "amount" })}
        onCurrency={(value) => update({ from: value })}
      />
      <FieldErrors state={state} fields={["amount", "from"]} />
      <ConverterRow
        amount={{ id: "converter-to-amount", label: "Converted amount", value: state.toAmount, readOnly: !hydrated }}
        currency={{ id: "converter-to", name: "to", label: "To currency", value: state.to }}
        options={options}
        invalid={{ amount: Boolean(state.errors.toAmount), currency: Boolean(state.errors.to) }}
        describedBy={{ amount: described("toAmount"), currency: described("to") }}
        onAmount={(value) => update({ toAmount: value, source: "toAmount" })}
        onCurrency={(value) => update({ to: value })}
      />
      <FieldErrors state={state} fields={["toAmount", "to"]} />
      <p className="converter__result" aria-live="polite">
        {summary}
      </p>
      <div className="converter__foot">
        <p className="converter__rate">
          {line ? `${line}. ` : ""}
          Rates for {base} of {displayDate(date) || date}.
        </p>
        <button type="submit" className="button button--primary">
          Convert
        </button>
      </div>
    </Form>
  );
}

function FieldErrors({ state, fields }: { state: State; fields: Array<keyof State["errors"]> }) {
  const shown = fields.filter((field) => state.errors[field]);
  if (shown.length === 0) return null;
  return (
    <>
      {shown.map((field) => (
        <p key={field} id={`converter-${field}-error`} className="field__error">
          {state.errors[field]}
        </p>
      ))}
    </>
  );
}

type RowProps = {
  amount: { id: string; name?: string; label: string; value: string; readOnly: boolean };
  currency: { id: string; name: string; label: string; value: string };
  options: PackedOptions;
  invalid: { amount: boolean; currency: boolean };
  describedBy: { amount?: string; currency?: string };
  onAmount: (value: string) => void;
  onCurrency: (value: string) => void;
};

/** The chosen currency's flag, served from the reference list (routes/resources/currency-flag.ts). */
const flagSrc = (code: string) => `/currency-flags/${encodeURIComponent(code)}`;

/** One row of the converter: an amount and its currency. */
function ConverterRow({ amount, currency, options, invalid, describedBy, onAmount, onCurrency }: RowProps) {
  // The two selects hold every currency of the rates (about 165 each): as one HTML string of options
  // (decision 014) they cost React neither a server render nor a hydration of 330 elements, and the
  // select stays native and React's. `selected` marks the code this select was first rendered with,
  // so the server's HTML, the hydration and the page without JavaScript agree; after that React's
  // `value` moves the choice, and the string only changes with the options.
  const [first] = useState(currency.value);
  const optionsHtml = useMemo(() => packedOptionsHtml(options, first), [options, first]);
  return (
    <div className="converter__row">
      <div className="field converter__amount">
        <label htmlFor={amount.id}>{amount.label}</label>
        <input
          id={amount.id}
          name={amount.name}
          type="number"
          inputMode="decimal"
          step="any"
          min={AMOUNT_MIN}
          max={AMOUNT_MAX}
          readOnly={amount.readOnly}
          value={amount.value}
          onChange={(event) => onAmount(event.target.value)}
          aria-invalid={invalid.amount || undefined}
          aria-describedby={describedBy.amount}
        />
      </div>
      <div className="field converter__currency">
        <label htmlFor={currency.id}>{currency.label}</label>
        <div className="converter__picker">
          {/* Decorative: the select's text names the currency. */}
          <img className="converter__flag" src={flagSrc(currency.value)} alt="" width={24} height={24} />
          <select
            id={currency.id}
            name={currency.name}
            value={currency.value}
            onChange={(event) => onCurrency(event.target.value)}
            aria-invalid={invalid.currency || undefined}
            aria-describedby={describedBy.currency}
            dangerouslySetInnerHTML={{ __html: optionsHtml }}
          />
        </div>
      </div>
    </div>
  );
}
