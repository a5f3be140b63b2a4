import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { SelectField } from "~/components/forms";
import { Intro } from "~/components/intro";
import { ResultCount } from "~/components/lists";
import { alertBrands, alertsByPhase, alertsForBrand, chooseAlertBrand, type Alert } from "~/domain/alerts";
import { displayDate } from "~/domain/dates";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { requireAgent } from "~/server/auth/auth.server";
import { screenIntro } from "~/server/shell/intro.server";
import { pageLocale } from "~/server/shell/preferences.server";
import { readAlerts, readBrandTags } from "~/server/shell/shell.server";

const ALERTS_PATH = "/alerts";
const HEADING = screenHeading(ALERTS_PATH) ?? "Alerts";
export const ALERTS_UNAVAILABLE = "Alerts are unavailable just now. Please try again in a few minutes.";

/**
 * /alerts?brand=<tag id>: the content service's alerts for the agent (the ones the alert bar shows,
 * and those still to come), current then upcoming, each in start order; ended alerts are left out.
 * The brand filter is a plain GET form over the content service's brand tags; an unknown brand shows
 * every brand with a notice. A failing content service leaves a message, never an error page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  const locale = await pageLocale(request);
  const [alerts, tags, intro] = await Promise.all([
    readAlerts(agent.profile, locale, { activeOnly: false }),
    readBrandTags(locale),
    screenIntro(ALERTS_PATH, locale).catch(() => null),
  ]);
  const brands = (tags?.items ?? []).map((tag) => ({ value: tag.id, label: tag.title }));
  const brandTitles = Object.fromEntries(brands.map((b) => [b.value, b.label]));
  const requested = new URL(request.url).searchParams.get("brand")?.trim() ?? "";
  const brand = chooseAlertBrand(requested, Object.keys(brandTitles));
  const notices =
    requested && !brand
      ? [
          tags
            ? `"${requested}" is not a brand we know, so the list shows every brand.`
            : "The brands are unavailable just now, so the list shows every brand.",
        ]
      : [];
  const row = (alert: Alert) => alertRow(alert, brandTitles);
  const { current, upcoming } = alertsByPhase(alertsForBrand(alerts ?? [], brand), Date.now());
  return {
    intro: intro?.html ?? null,
    brands,
    brand: brand ? { id: brand, name: brandTitles[brand]! } : null,
    notices,
    unavailable: alerts === null,
    current: current.map(row),
    upcoming: upcoming.map(row),
  };
}

/** What a row shows of an alert: its brands by name and its dates as ddMMMyyyy. */
function alertRow(alert: Alert, brandTitles: Readonly<Record<string, string>>) {
  return {
    id: alert.id,
    brands: alertBrands(alert.brandType, brandTitles),
    title: alert.title,
    start: alert.start,
    end: alert.end,
    from: displayDate(alert.start),
    to: displayDate(alert.end),
  };
}
type AlertRow = ReturnType<typeof alertRow>;

export default function Alerts() {
  const data = useLoaderData<typeof loader>();
  const { brand, current, upcoming } = data;
  const count = current.length + upcoming.length;
  const forBrand = brand ? ` for ${brand.name}` : "";
  return (
    <section aria-labelledby="screen-heading" className="alerts">
      <h1 id="screen-heading">{HEADING}</h1>
      {data.intro ? <Intro html={data.intro} /> : null}
      {data.brands.length ? <BrandFilter brands={data.brands} brand={brand?.id ?? ""} /> : null}
      {data.notices.map((notice) => (
        <p key={notice} className="notice notice--warning">
          {notice}
        </p>
      ))}
      {data.unavailable ? (
        <p className="notice notice--warning" role="status">
          {ALERTS_UNAVAILABLE}
        </p>
      ) : (
        <>
          <ResultCount>
            {count === 0
              ? `No current or upcoming alerts${forBrand}.`
              : `${count} ${count === 1 ? "alert" : "alerts"}${forBrand}: ${current.length} current, ${upcoming.length} upcoming.`}
          </ResultCount>
          {count === 0 ? (
            <p className="notice">
              {brand ? (
                <>
                  No alerts for {brand.name}. <Link to={ALERTS_PATH}>Show every brand</Link>
                </>
              ) : (
                "There are no alerts just now."
              )}
            </p>
          ) : (
            <>
              {brand ? (
                <p>
                  <Link to={ALERTS_PATH}>Show every brand</Link>
                </p>
              ) : null}
              <AlertGroup
                id="alerts-current"
                heading="Current alerts"
                caption={`Alerts in effect now${forBrand}, by start date`}
                empty={`No alerts${forBrand} are in effect now.`}
                rows={current}
              />
              <AlertGroup
                id="alerts-upcoming"
                heading="Upcoming alerts"
                caption={`Alerts that start later${forBrand}, by start date`}
                empty={`No alerts${forBrand} are coming up.`}
                rows={upcoming}
              />
            </>
          )}
        </>
      )}
    </section>
  );
}

/**
 * One group of alerts as a table: the title heads each row. Below 800 px the rows become cards
 * (data-table--stack), so the table fits a 400 px screen without scrolling sideways.
 */
function AlertGroup({
  id,
  heading,
  caption,
  empty,
  rows,
}: {
  id: string;
  heading: string;
  caption: string;
  empty: string;
  rows: AlertRow[];
}) {
  return (
    // Not a named region: the shell's alert bar is the region "Current alerts".
    <section>
      <h2 id={id}>{heading}</h2>
      {rows.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
          <table className="data-table data-table--stack">
            <caption id={`${id}-caption`}>{caption}</caption>
            <thead>
              <tr>
                <th scope="col">Brand</th>
                <th scope="col">Alert</th>
                <th scope="col">From</th>
                <th scope="col">To</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((alert) => (
                <tr key={alert.id}>
                  <td data-label="Brand">{alert.brands}</td>
                  <th scope="row">{alert.title}</th>
                  <td data-label="From">
                    <time dateTime={alert.start}>{alert.from}</time>
                  </td>
                  <td data-label="To">
                    <time dateTime={alert.end}>{alert.to}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * A plain GET form (it works without JavaScript) whose select mirrors `?brand=`. Keyed by the query,
 * so "Show every brand" resets it too.
 */
function BrandFilter({ brands, brand }: { brands: Array<{ value: string; label: string }>; brand: string }) {
  const { search } = useLocation();
  return (
    <Form method="get" action={ALERTS_PATH} className="panel form" aria-labelledby="alerts-filter" key={search}>
      <h2 id="alerts-filter">Filter alerts</h2>
      <SelectField
        label="Brand"
        options={[{ value: "", label: "All brands" }, ...brands]}
        selectProps={{ id: "alerts-brand", name: "brand", defaultValue: brand }}
      />
      <div>
        <button type="submit" className="button button--primary">
          Show alerts
        </button>
      </div>
    </Form>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
