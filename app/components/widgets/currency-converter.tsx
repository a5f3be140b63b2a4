import { Form } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { AMOUNT_MAX, AMOUNT_MIN, convertRows, rateLine, type Conversion } from "~/domain/currency";
import type { ConverterData } from "~/server/forex.server";
import { useHydrated } from "./weather-icon";

/** The converter's data, as the home loader builds it (app/server/forex.server.ts). */
export type CurrencyConverterProps = ConverterData;

/**
 * The currency converter (section 2): two rows, each an amount and a currency. Without JavaScript
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
      <div className="converter__row">
        <div className="field converter__amount">
          <label htmlFor="converter-amount">Amount</label>
          <input
            id="converter-amount"
            name="amount"
            type="number"
            inputMode="decimal"
            step="any"
            min={AMOUNT_MIN}
            max={AMOUNT_MAX}
            value={state.amount}
            onChange={(event) => update({ amount: event.target.value, source: "amount" })}
            aria-invalid={state.errors.amount ? true : undefined}
            aria-describedby={described("amount")}
          />
        </div>
        <div className="field converter__currency">
          <label htmlFor="converter-from">From currency</label>
          <select
            id="converter-from"
            name="from"
            value={state.from}
            onChange={(event) => update({ from: event.target.value })}
            aria-invalid={state.errors.from ? true : undefined}
            aria-describedby={described("from")}
          >
            {options.map((option) => (
              <option key={option.code} value={option.code}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FieldErrors state={state} fields={["amount", "from"]} />
      <div className="converter__row">
        <div className="field converter__amount">
          <label htmlFor="converter-to-amount">Converted amount</label>
          <input
            id="converter-to-amount"
            type="number"
            inputMode="decimal"
            step="any"
            min={AMOUNT_MIN}
            max={AMOUNT_MAX}
            readOnly={!hydrated}
            value={state.toAmount}
            onChange={(event) => update({ toAmount: event.target.value, source: "toAmount" })}
            aria-invalid={state.errors.toAmount ? true : undefined}
            aria-describedby={described("toAmount")}
          />
        </div>
        <div className="field converter__currency">
          <label htmlFor="converter-to">To currency</label>
          <select
            id="converter-to"
            name="to"
            value={state.to}
            onChange={(event) => update({ to: event.target.value })}
            aria-invalid={state.errors.to ? true : undefined}
            aria-describedby={described("to")}
          >
            {options.map((option) => (
              <option key={option.code} value={option.code}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FieldErrors state={state} fields={["toAmount", "to"]} />
      <p className="converter__result" aria-live="polite">
        {summary}
      </p>
      <div className="converter__foot">
        <p className="converter__rate">
          {line ? `${line}. ` : ""}
          Rates for {base} of {date}.
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
