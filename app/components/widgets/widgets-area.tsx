import { Form, Link } from "@remix-run/react";
import { CurrencyConverter, type CurrencyConverterProps } from "./currency-converter";
import { WeatherWidget, type WeatherWidgetProps } from "./weather-widget";

export type WidgetsAreaProps = {
  editing: boolean;
  settings: { weather: boolean; currencyConverter: boolean };
  weather: Omit<WeatherWidgetProps, "locationError"> | null;
  converter: CurrencyConverterProps | null;
  locationError?: string | null;
};

/**
 * The home page's widgets and their edit mode. View mode shows the enabled
 * widgets and a Customize button (a GET to ?customize=1: edit mode is not persisted); edit mode
 * shows two switches in a plain form whose Save button posts them to /preferences/widgets.
 */
export function WidgetsArea({ editing, settings, weather, converter, locationError }: WidgetsAreaProps) {
  if (editing) {
    return (
      <Form method="post" action="/preferences/widgets" className="widgets widgets--editing" preventScrollReset>
        <input type="hidden" name="intent" value="settings" />
        <div className="widgets__bar">
          <p className="widgets__hint">Choose the widgets your home page shows.</p>
          <div className="actions">
            <Link to="/home" className="button button--link" preventScrollReset>
              Cancel
            </Link>
            <button type="submit" className="button button--primary">
              Save
            </button>
          </div>
        </div>
        <fieldset className="widgets__switches">
          <legend>Widgets</legend>
          <label className="switch">
            <input type="checkbox" role="switch" name="weather" defaultChecked={settings.weather} />
            <span className="switch__label">Weather</span>
          </label>
          <label className="switch">
            <input type="checkbox" role="switch" name="currencyConverter" defaultChecked={settings.currencyConverter} />
            <span className="switch__label">Currency converter</span>
          </label>
        </fieldset>
      </Form>
    );
  }
  const none = !weather && !converter;
  return (
    <div className="widgets">
      <div className="widgets__bar">
        {none ? (
          <p className="widgets__hint">No widgets are shown. Choose Customize to turn them back on.</p>
        ) : (
          <span />
        )}
        <Form method="get" action="/home" preventScrollReset>
          <input type="hidden" name="customize" value="1" />
          <button type="submit" className="button button--secondary">
            Customize
          </button>
        </Form>
      </div>
      <div className="widgets__grid">
        {weather ? <WeatherWidget {...weather} locationError={locationError} /> : null}
        {converter ? <CurrencyConverter {...converter} /> : null}
      </div>
    </div>
  );
}
