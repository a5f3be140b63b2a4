import type { WeatherGroup } from "~/domain/weather";

const SUN = <circle cx="24" cy="24" r="9" fill="#f5b301" />;
const RAYS = (
  <g stroke="#f5b301" strokeWidth="3" strokeLinecap="round">
    <path d="M24 5v5M24 38v5M5 24h5M38 24h5M10.6 10.6l3.5 3.5M33.9 33.9l3.5 3.5M10.6 37.4l3.5-3.5M33.9 14.1l3.5-3.5" />
  </g>
);
const CLOUD = (
  <path
    d="M14 36h21a8 8 0 0 0 .8-16A11 11 0 0 0 15 19.5 8.3 8.3 0 0 0 14 36z"
    fill="#c9d3e2"
    stroke="#7d8aa0"
    strokeWidth="2"
  />
);

const SHAPES: Record<WeatherGroup, JSX.Element> = {
  clear: (
    <>
      {RAYS}
      {SUN}
    </>
  ),
  cloudy: (
    <>
      <circle cx="31" cy="17" r="7" fill="#f5b301" />
      {CLOUD}
    </>
  ),
  rain: (
    <>
      <g transform="translate(0 -5)">{CLOUD}</g>
      <path d="M17 37l-2 6M25 37l-2 6M33 37l-2 6" stroke="#1456b8" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  snow: (
    <>
      <g transform="translate(0 -5)">{CLOUD}</g>
      <g fill="#5b8fd6">
        <circle cx="16" cy="40" r="2.2" />
        <circle cx="24" cy="43" r="2.2" />
        <circle cx="32" cy="40" r="2.2" />
      </g>
    </>
  ),
  thunder: (
    <>
      <g transform="translate(0 -5)">{CLOUD}</g>
      <path d="M26 30l-6 9h5l-3 7 8-10h-5l3-6z" fill="#f5b301" stroke="#b07d00" strokeWidth="1" />
    </>
  ),
  fog: (
    <>
      <g transform="translate(0 -6)">{CLOUD}</g>
      <path d="M9 36h30M13 41h24M9 46h30" stroke="#7d8aa0" strokeWidth="3" strokeLinecap="round" />
    </>
  ),
};

/** A weather group's icon (clear, cloudy, rain, snow…). Decorative: the text next to it says what it shows. */
export function WeatherIcon({ group, size = 48 }: { group: WeatherGroup | null; size?: number }) {
  return (
    <svg className="weather-icon" width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      {group ? SHAPES[group] : <path d="M16 24h16" stroke="#7d8aa0" strokeWidth="3" strokeLinecap="round" />}
    </svg>
  );
}
