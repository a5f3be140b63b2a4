import type { Shell } from "~/server/shell/shell.server";
import { WeatherFacts } from "~/components/widgets/weather-facts";
import { WeatherIcon } from "~/components/widgets/weather-icon";

/**
 * The header's weather drawer: the current temperature of the agent's place (°F or °C by the
 * unit rule) as its summary; open, the current conditions and the 7-day forecast link. A failed or
 * slow weather service shows a short "unavailable" state here and nowhere else.
 */
export function WeatherDrawer({ shell }: { shell: Shell }) {
  const { weather, texts } = shell;
  const current = weather.current;
  return (
    <details className="drawer drawer--weather">
      <summary className="header__summary">
        <WeatherIcon group={current?.group ?? null} size={26} />
        <span className="visually-hidden">{texts.weather}: </span>
        {current ? (
          <span className="header__temperature">{current.temperature}</span>
        ) : (
          <span className="header__temperature header__temperature--none">
            <span aria-hidden="true">--</span>
            <span className="visually-hidden">unavailable</span>
          </span>
        )}
      </summary>
      <div className="drawer__panel">
        <h2 className="drawer__title">{texts.weather}</h2>
        <p className="weather__place">{weather.place}</p>
        {current ? (
          <>
            <p className="drawer-weather__now">
              <span className="drawer-weather__temp">{current.temperature}</span> {current.description}
            </p>
            <WeatherFacts current={current} />
          </>
        ) : (
          <p className="widget__message">{weather.message}</p>
        )}
        <p className="drawer-weather__more">
          {weather.forecastHref ? (
            <a href={weather.forecastHref}>7-Day Forecast</a>
          ) : (
            <a href="/home?customize=1">Switch on the weather widget for the 7-day forecast</a>
          )}
        </p>
      </div>
    </details>
  );
}
