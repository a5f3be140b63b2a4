import { Form, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import {
  LOCATION_DEBOUNCE_MS,
  LOCATION_MAX_CHARS,
  LOCATION_PLACEHOLDER,
  WEATHER_GROUP_LABELS,
  WEATHER_MESSAGES,
  forecastCards,
  placeLabel,
  resultsAnnouncement,
  searchResults,
  searchableQuery,
  temperatureSymbol,
  type ForecastCard,
  type LocationResult,
  type Unit,
  type WeatherItem,
} from "~/domain/weather";
import type { LocationOption, WeatherWidgetData } from "~/server/clients/weather.server";
import { useHydrated } from "../use-hydrated";
import { WeatherFacts } from "./weather-facts";
import { WeatherIcon } from "./weather-icon";

/** What the home loader builds (app/server/weather.server.ts), plus the set-location action's answer. */
export type WeatherWidgetProps = WeatherWidgetData & {
  /** The set-location action's answer when saving the chosen place failed. */
  locationError?: string | null;
};

/**
 * The weather widget: the agent's place and current conditions, the unit
 * toggle, the 7-day forecast modal and the Change Location search. Everything is a link or a form
 * first; JavaScript opens the modal in place and searches as the agent types.
 */
export function WeatherWidget(props: WeatherWidgetProps) {
  const { place, unit, current, message } = props;
  const forecastLink = useRef<HTMLAnchorElement>(null);
  const [forecastOpen, setForecastOpen] = useState(false);
  return (
    <section className="widget widget--weather" aria-labelledby="weather-heading">
      <div className="widget__head">
        <h2 id="weather-heading">Weather</h2>
        <UnitToggle unit={unit} />
      </div>
      <p className="weather__place">
        <span className="visually-hidden">Location: </span>
        {place}
      </p>
      {current ? (
        <div className="weather__now">
          <div className="weather__main">
            <WeatherIcon group={current.group} size={64} />
            <p className="weather__temp">{current.temperature}</p>
            <p className="weather__desc">{current.description}</p>
          </div>
          <WeatherFacts current={current} withSun />
        </div>
      ) : (
        <p className="widget__message">{message}</p>
      )}
      <p className="weather__more">
        <a
          ref={forecastLink}
          href="/home?forecast=1"
          className="weather__forecast-link"
          aria-haspopup="dialog"
          onClick={(event) => {
            event.preventDefault();
            setForecastOpen(true);
          }}
        >
          7-Day Forecast
        </a>
      </p>
      <LocationSearch key={place} search={props.search} locationError={props.locationError ?? null} />
      <ForecastDialog
        key={`${props.location}|${unit}`}
        place={place}
        unit={unit}
        location={props.location}
        serverForecast={props.forecast}
        requested={forecastOpen}
        onClosed={() => {
          setForecastOpen(false);
          forecastLink.current?.focus();
        }}
      />
    </section>
  );
}

/** °C or °F (metric or imperial): a plain post that keeps the choice in the widgets cookie. */
function UnitToggle({ unit }: { unit: Unit }) {
  return (
    <Form method="post" action="/preferences/widgets" preventScrollReset className="unit-toggle">
      <input type="hidden" name="intent" value="unit" />
      <span id="unit-toggle-label" className="visually-hidden">
        Temperature unit
      </span>
      <div role="group" aria-labelledby="unit-toggle-label" className="unit-toggle__group">
        {(["m", "f"] as const).map((value) => (
          <button
            key={value}
            type="submit"
            name="unit"
            value={value}
            className="unit-toggle__option"
            aria-pressed={unit === value}
          >
            {temperatureSymbol(value)}
            <span className="visually-hidden">{value === "m" ? " (Celsius, m/s)" : " (Fahrenheit, mph)"}</span>
          </button>
        ))}
      </div>
    </Form>
  );
}

type ForecastState = { cards: ForecastCard[]; message: string | null; loading: boolean };

/**
 * The 7-Day FORECAST modal. Without JavaScript the server draws it open (?forecast=1) with a link
 * back to /home; with JavaScript it is a modal dialog that loads the week on first opening and gives
 * focus back to the 7-Day Forecast link when it closes.
 */
function ForecastDialog(props: {
  place: string;
  unit: Unit;
  location: string;
  serverForecast: WeatherWidgetProps["forecast"];
  requested: boolean;
  onClosed: () => void;
}) {
  const { unit, location, serverForecast, requested, onClosed } = props;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const ref = useRef<HTMLDialogElement>(null);
  const [state, setState] = useState<ForecastState | null>(
    serverForecast ? { ...serverForecast, loading: false } : null,
  );

  // Drawn open by the server (?forecast=1): with JavaScript it becomes a real modal.
  useEffect(() => {
    const dialog = ref.current;
    if (dialog?.open && !dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
  }, []);

  const load = useCallback(async () => {
    if (!location) {
      setState({
        cards: forecastCards(null, unit),
        message: "Choose your location below to see its weather.",
        loading: false,
      });
      return;
    }
    setState({ cards: forecastCards(null, unit), message: null, loading: true });
    try {
      const response = await fetch(`/api/weather/live/weekly?${new URLSearchParams({ location, units: unit })}`, {
        headers: { accept: "application/json" },
      });
      const body: unknown = await response.json();
      if (!response.ok) {
        const text = (body as { message?: unknown } | null)?.message;
        setState({
          cards: forecastCards(null, unit),
          message: typeof text === "string" ? text : WEATHER_MESSAGES.failed,
          loading: false,
        });
        return;
      }
      const item = Array.isArray(body) ? (body[0] as WeatherItem | undefined) : undefined;
      if (!item) {
        setState({ cards: forecastCards(null, unit), message: WEATHER_MESSAGES.empty, loading: false });
        return;
      }
      setState({ cards: forecastCards(item.forecast, unit), message: null, loading: false });
    } catch {
      setState({ cards: forecastCards(null, unit), message: WEATHER_MESSAGES.failed, loading: false });
    }
  }, [location, unit]);

  useEffect(() => {
    if (!requested) return;
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    if (!state || (state.message && !state.loading)) void load();
    // Only a new request opens and (if needed) loads: the state it reads is the current one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requested]);

  const onClose = () => {
    // The close() that turns the server-drawn dialog into a modal fires this too, after showModal().
    if (ref.current?.open) return;
    onClosed();
    if (serverForecast) navigate("/home", { replace: true, preventScrollReset: true });
  };

  // Nothing to draw before JavaScript unless the server was asked for it.
  if (!serverForecast && !hydrated) return null;
  const cards = state?.cards ?? forecastCards(null, unit);
  return (
    <dialog
      ref={ref}
      open={serverForecast ? true : undefined}
      className="dialog forecast-dialog"
      aria-labelledby="forecast-title"
      onClose={onClose}
    >
      <div className="forecast-dialog__head">
        <div>
          <h2 id="forecast-title">7-Day FORECAST</h2>
          <p className="forecast-dialog__place">{props.place}</p>
        </div>
        {hydrated ? (
          <button type="button" className="button button--secondary" onClick={() => ref.current?.close()}>
            Close
          </button>
        ) : (
          <a href="/home" className="button button--secondary">
            Close
          </a>
        )}
      </div>
      <p className="forecast-dialog__status" role="status">
        {state?.loading ? "Loading the forecast…" : (state?.message ?? "")}
      </p>
      <ol className="forecast" aria-busy={state?.loading || undefined}>
        {cards.map((card) => (
          <li key={card.key} className="forecast__day">
            <div className="forecast__when">
              <p className="forecast__weekday">{card.weekday}</p>
              <p className="forecast__date">{card.date}</p>
            </div>
            <WeatherIcon group={card.group} size={40} />
            <p className="forecast__label">{card.group ? WEATHER_GROUP_LABELS[card.group] : "-"}</p>
            <p className="forecast__temps">
              <span>
                <span className="forecast__temp-name">Min</span> {card.min}
              </span>
              <span>
                <span className="forecast__temp-name">Max</span> {card.max}
              </span>
            </p>
          </li>
        ))}
      </ol>
    </dialog>
  );
}

type SearchState = { results: LocationOption[]; status: string };

/**
 * Change Location. Without JavaScript: a GET form on /home (?location-query=) whose
 * results the server lists. With JavaScript: searches as the agent types, from 3 trimmed characters,
 * debounced 300 ms, through /api/weather/locations. Choosing a place posts it to the home action.
 */
function LocationSearch({
  search,
  locationError,
}: {
  search: WeatherWidgetProps["search"];
  locationError: string | null;
}) {
  const hydrated = useHydrated();
  const [query, setQuery] = useState(search?.query ?? "");
  const [state, setState] = useState<SearchState>({
    results: search?.results ?? [],
    status: search?.message ?? (search ? resultsAnnouncement(search.results.length) : ""),
  });
  const typed = useRef(false);
  const controller = useRef<AbortController | null>(null);

  const run = useCallback(async (raw: string) => {
    controller.current?.abort();
    const q = searchableQuery(raw);
    if (!q) {
      setState({ results: [], status: "" });
      return;
    }
    const abort = new AbortController();
    controller.current = abort;
    setState((previous) => ({ ...previous, status: "Searching…" }));
    try {
      const response = await fetch(`/api/weather/locations?${new URLSearchParams({ query: q })}`, {
        headers: { accept: "application/json" },
        signal: abort.signal,
      });
      const body: unknown = await response.json();
      if (abort.signal.aborted) return;
      if (!response.ok || !Array.isArray(body)) {
        const text = (body as { message?: unknown } | null)?.message;
        const fallback = response.status === 404 ? WEATHER_MESSAGES.locationNotFound : WEATHER_MESSAGES.locationFailed;
        setState({ results: [], status: typeof text === "string" ? text : fallback });
        return;
      }
      const results = searchResults(body as LocationResult[], q).map((r) => ({ ...r, label: placeLabel(r) }));
      setState({ results, status: resultsAnnouncement(results.length) });
    } catch (error) {
      if (abort.signal.aborted || (error instanceof DOMException && error.name === "AbortError")) return;
      setState({ results: [], status: WEATHER_MESSAGES.locationFailed });
    }
  }, []);

  useEffect(() => {
    if (!typed.current) return;
    const timer = setTimeout(() => void run(query), LOCATION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, run]);

  useEffect(() => () => controller.current?.abort(), []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    typed.current = false;
    void run(query);
  };

  return (
    <div className="location-search">
      <Form
        method="get"
        action="/home"
        role="search"
        aria-label="Location search"
        className="location-search__form"
        onSubmit={onSubmit}
      >
        <label htmlFor="location-query">Change Location</label>
        <div className="location-search__row">
          <input
            id="location-query"
            name="location-query"
            type="search"
            value={query}
            onChange={(event) => {
              typed.current = true;
              setQuery(event.target.value);
            }}
            placeholder={LOCATION_PLACEHOLDER}
            maxLength={LOCATION_MAX_CHARS}
            autoComplete="off"
            aria-describedby="location-search-status"
          />
          <button type="submit" className="button button--secondary">
            Search
          </button>
        </div>
      </Form>
      <p id="location-search-status" className="location-search__status" role="status" aria-live="polite">
        {state.status}
      </p>
      {locationError ? (
        <p className="widget__message widget__message--error" role="alert">
          {locationError}
        </p>
      ) : null}
      {state.results.length > 0 ? (
        <ul className="location-results" aria-label="Matching locations">
          {state.results.map((result) => (
            <li key={`${result.label}|${result.lat}|${result.lon}`}>
              <Form method="post" action="/home" preventScrollReset>
                <input type="hidden" name="intent" value="set-location" />
                <input type="hidden" name="name" value={result.name} />
                <input type="hidden" name="region" value={result.region} />
                <input type="hidden" name="country" value={result.country} />
                <input type="hidden" name="lat" value={result.lat} />
                <input type="hidden" name="lon" value={result.lon} />
                <button type="submit" className="location-results__choice">
                  {result.label}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
