import type { WeatherView } from "~/domain/weather";

/** Current conditions as facts (wind, humidity, high and low, and sunrise and sunset where asked). */
export function WeatherFacts({ current, withSun = false }: { current: WeatherView; withSun?: boolean }) {
  return (
    <dl className="weather__facts">
      <div>
        <dt>Wind</dt>
        <dd>
          {current.wind} {current.windDir}
        </dd>
      </div>
      <div>
        <dt>Humidity</dt>
        <dd>{current.humidity}</dd>
      </div>
      <div>
        <dt>High / low</dt>
        <dd>
          {current.today.max} / {current.today.min}
        </dd>
      </div>
      {withSun ? (
        <div>
          <dt>Sunrise / sunset</dt>
          <dd>
            {current.today.sunrise} / {current.today.sunset}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
