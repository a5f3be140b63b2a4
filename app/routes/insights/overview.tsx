import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StackedBars } from "~/components/insights/bar-chart";
import { bookingAnalytics, bookingHref } from "~/components/insights/columns";
import { BranchLine, INSIGHTS_UNAVAILABLE } from "~/components/insights/list-page";
import { Intro } from "~/components/intro";
import { BRANDS } from "~/domain/catalogue/codes";
import { wholeNumber } from "~/domain/money";
import { addDaysIso, displayDate, monthName } from "~/domain/dates";
import { ALERT_TYPE_NAMES } from "~/domain/insights/alerts";
import { alertCentreHref, countGrid } from "~/domain/insights/summary";
import { COUNT_TIMEFRAMES, TIMEFRAME_NAMES } from "~/domain/insights/timeframes";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { requireAgent } from "~/server/auth/auth.server";
import { alertSummary } from "~/server/clients/insight.server";
import { bookingsByMonthChart } from "~/server/insights/chart.server";
import { screenIntro } from "~/server/shell/intro.server";
import { pageLocale } from "~/server/shell/preferences.server";
import { unavailable, withUpstreamErrors } from "~/server/infra/route-errors.server";
import { insightBranch } from "~/server/insights/context.server";

const HEADING = screenHeading("/insights/overview") ?? "Insights overview";
const CHART_TITLE = "Bookings by cruise line and month of sailing";

/**
 * /insights/overview: what needs doing in the branch: the alerts due within 48 hours, counts by
 * alert type and timeframe (each a link into the alert centre), and the bookings by cruise line and
 * sail month as a chart drawn on the server, with its figures as a table.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return withUpstreamErrors(async () => {
    const { pathname } = new URL(request.url);
    const [branch, intro] = await Promise.all([
      insightBranch(agent).catch(unavailable),
      pageLocale(request).then((locale) => screenIntro(pathname, locale)),
    ]);
    const summary = branch ? await alertSummary(agent, branch.code).catch(unavailable) : null;
    return {
      branch,
      intro: intro?.html ?? null,
      summary: summary && {
        today: summary.today,
        grid: countGrid(summary.counts),
        urgent: summary.urgent,
        urgentTotal: summary.urgentTotal,
        months: summary.bookingsByMonth.map((m) => ({ ...m, label: monthName(m.month) })),
        chart: bookingsByMonthChart(summary.bookingsByMonth),
      },
    };
  });
}

export default function InsightsOverview() {
  const { branch, intro, summary } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="screen-heading" className="insights">
      <h1 id="screen-heading">{HEADING}</h1>
      <BranchLine branch={branch} />
      {intro ? <Intro html={intro} /> : null}
      {summary === null ? (
        <p className="notice notice--warning" role="alert">
          {INSIGHTS_UNAVAILABLE}
        </p>
      ) : (
        <>
          <section aria-labelledby="urgent-heading" className="panel">
            <h2 id="urgent-heading">Due within 48 hours</h2>
            {summary.urgentTotal === 0 ? (
              <p>Nothing is due in the next 48 hours.</p>
            ) : (
              <>
                <p>
                  {wholeNumber(summary.urgentTotal)} {summary.urgentTotal === 1 ? "alert is" : "alerts are"} due by{" "}
                  {displayDate(addDaysIso(summary.today, 2))}.
                </p>
                <ul className="urgent-list">
                  {summary.urgent.map((a) => (
                    <li key={a.alertId}>
                      <Link to={bookingHref(a.bookingId)} {...bookingAnalytics(a)}>
                        {a.bookingId}
                      </Link>{" "}
                      · {ALERT_TYPE_NAMES[a.type]}, due {displayDate(a.dueDate)} · {a.leadGuest}, {a.shipName}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>

          <div className="table-scroll" role="region" aria-labelledby="counts-caption" tabIndex={0}>
            <table className="data-table data-table--stack counts">
              <caption id="counts-caption">Open alerts by type and when they are due</caption>
              <thead>
                <tr>
                  <th scope="col">Alert type</th>
                  {COUNT_TIMEFRAMES.map((tf) => (
                    <th key={tf} scope="col" className="num">
                      {TIMEFRAME_NAMES[tf]}
                    </th>
                  ))}
                  <th scope="col" className="num">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {summary.grid.map((row) => (
                  <tr key={row.type}>
                    <th scope="row">{ALERT_TYPE_NAMES[row.type]}</th>
                    {COUNT_TIMEFRAMES.map((tf) => (
                      <td key={tf} className="num" data-label={TIMEFRAME_NAMES[tf]}>
                        {row.byTimeframe[tf] === 0 ? (
                          "0"
                        ) : (
                          <Link
                            to={alertCentreHref(row.type, tf)}
                            aria-label={`${row.byTimeframe[tf]} ${ALERT_TYPE_NAMES[row.type]}, ${TIMEFRAME_NAMES[tf]}`}
                          >
                            {wholeNumber(row.byTimeframe[tf])}
                          </Link>
                        )}
                      </td>
                    ))}
                    <td className="num" data-label="Total">
                      {wholeNumber(row.total)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <section aria-labelledby="chart-heading">
            <h2 id="chart-heading">{CHART_TITLE}</h2>
            <StackedBars chart={summary.chart} title="Open and confirmed bookings, this month and the next eleven" />
            <div className="table-scroll" role="region" aria-labelledby="months-caption" tabIndex={0}>
              <table className="data-table data-table--compact data-table--stack">
                <caption id="months-caption">{CHART_TITLE}, the chart's figures</caption>
                <thead>
                  <tr>
                    <th scope="col">Month</th>
                    {BRANDS.map((b) => (
                      <th key={b.code} scope="col" className="num">
                        {b.name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {summary.months.map((m) => (
                    <tr key={m.month}>
                      <th scope="row">{m.label}</th>
                      {BRANDS.map((b) => (
                        <td key={b.code} className="num" data-label={b.name}>
                          {wholeNumber(m[b.code])}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
