import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StackedBars } from "~/components/insights/bar-chart";
import { bookingAnalytics, bookingHref } from "~/components/insights/columns";
import { BranchLine, INSIGHTS_UNAVAILABLE } from "~/components/insights/list-page";
import { Intro } from "~/components/intro";
import { BRANDS } from "~/domain/catalogue/codes";
import { moneyIn, wholeNumber } from "~/domain/money";
import { addDaysIso, displayDate } from "~/domain/dates";
import { ALERT_TYPE_NAMES } from "~/domain/insights/alerts";
import { alertCentreHref } from "~/domain/insights/summary";
import { COUNT_TIMEFRAMES, TIMEFRAME_NAMES } from "~/domain/insights/timeframes";
import { URGENT_DAYS, urgencyOf } from "~/domain/insights/urgency";
import { UrgencyFlag } from "~/components/insights/urgency-flag";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { requireAgent } from "~/server/auth/auth.server";
import { withUpstreamErrors } from "~/server/infra/route-errors.server";
import { overviewPage, type MoneyDueView } from "~/server/insights/overview.server";

const HEADING = screenHeading("/insights/overview") ?? "Insights overview";
const CHART_TITLE = "Bookings by cruise line and month of sailing";
const MONEY_TITLE = "Money due by week over the next 90 days";

/**
 * /insights/overview: what needs doing in the branch: the alerts due within 48 hours, counts by
 * alert type and timeframe (each a link into the alert centre), and the bookings by cruise line and
 * sail month as a chart drawn on the server, with its figures as a table.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return withUpstreamErrors(() => overviewPage(request, agent));
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
                <p data-figure="due-48-hours">
                  {wholeNumber(summary.urgentTotal)} {summary.urgentTotal === 1 ? "alert is" : "alerts are"} due from
                  today to {displayDate(addDaysIso(summary.today, URGENT_DAYS))}.
                  {summary.urgent.length < summary.urgentTotal
                    ? ` Showing the first ${wholeNumber(summary.urgent.length)} of ${wholeNumber(summary.urgentTotal)}, earliest first.`
                    : null}
                </p>
                <ul className="urgent-list">
                  {summary.urgent.map((a) => (
                    <li key={a.alertId}>
                      <UrgencyFlag urgency={urgencyOf(a.dueDate, summary.today)} />{" "}
                      <Link to={bookingHref(a.bookingId)} {...bookingAnalytics(a)}>
                        {a.bookingId}
                      </Link>{" "}
                      · {ALERT_TYPE_NAMES[a.type]}, due {displayDate(a.dueDate)} · {a.leadGuest}, {a.shipName}
                    </li>
                  ))}
                </ul>
                <p>
                  <Link to={alertCentreHref(null, "DUE_WITHIN_48_HS")}>
                    {summary.urgent.length < summary.urgentTotal
                      ? `See all ${wholeNumber(summary.urgentTotal)} alerts due within 48 hours`
                      : "See them in the alert centre"}
                  </Link>
                </p>
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
              <tfoot>
                <tr>
                  <th scope="row">Every alert type</th>
                  {COUNT_TIMEFRAMES.map((tf) => (
                    <td key={tf} className="num" data-label={TIMEFRAME_NAMES[tf]}>
                      {summary.totals[tf] === 0 ? (
                        "0"
                      ) : (
                        <Link
                          to={alertCentreHref(null, tf)}
                          aria-label={`${summary.totals[tf]} alerts of every type, ${TIMEFRAME_NAMES[tf]}`}
                        >
                          {wholeNumber(summary.totals[tf])}
                        </Link>
                      )}
                    </td>
                  ))}
                  <td className="num" data-label="Total">
                    {wholeNumber(Object.values(summary.totals).reduce((a, b) => a + b, 0))}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>

          <MoneyDue money={summary.money} today={summary.today} />

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

/** Money due by week: the chart, then its figures as a table (each week's first and last day). */
function MoneyDue({ money, today }: { money: MoneyDueView | null; today: string }) {
  const currency = money?.currency ?? null;
  return (
    <section aria-labelledby="money-heading">
      <h2 id="money-heading">{MONEY_TITLE}</h2>
      {money === null ? (
        <p>Money due is unavailable just now.</p>
      ) : money.chart === null || currency === null ? (
        <p>No balance falls due from today to {displayDate(addDaysIso(today, 90))}.</p>
      ) : (
        <>
          <p>
            {moneyIn(money.total, currency)} on {wholeNumber(money.bookings)}{" "}
            {money.bookings === 1 ? "booking" : "bookings"}, by balance due date, from today to{" "}
            {displayDate(money.weeks.at(-1)?.to ?? today)}.
          </p>
          <StackedBars chart={money.chart} title={`Money due each week, in ${currency}`} />
          <div className="table-scroll" role="region" aria-labelledby="money-caption" tabIndex={0}>
            <table className="data-table data-table--compact data-table--stack">
              <caption id="money-caption">{MONEY_TITLE}, the chart's figures</caption>
              <thead>
                <tr>
                  <th scope="col">Week</th>
                  <th scope="col" className="num">
                    Bookings
                  </th>
                  <th scope="col" className="num">
                    Money due
                  </th>
                </tr>
              </thead>
              <tbody>
                {money.weeks.map((w) => (
                  <tr key={w.from}>
                    <th scope="row">
                      {displayDate(w.from)} to {displayDate(w.to)}
                    </th>
                    <td className="num" data-label="Bookings">
                      {wholeNumber(w.bookings)}
                    </td>
                    <td className="num" data-label="Money due">
                      {moneyIn(w.amount, currency)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
