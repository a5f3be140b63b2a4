import { compactMoney } from "~/domain/money";
import { displayDate, monthName } from "~/domain/dates";
import { countGrid, windowTotal } from "~/domain/insights/summary";
import { COUNT_TIMEFRAMES } from "~/domain/insights/timeframes";
import type { Agent } from "~/server/auth/auth.server";
import { alertSummary, type AlertSummary } from "~/server/clients/insight.server";
import { unavailable } from "~/server/infra/route-errors.server";
import { bookingsByMonthChart, moneyDueChart } from "~/server/insights/chart.server";
import { insightBranch } from "~/server/insights/context.server";
import { screenIntro } from "~/server/shell/intro.server";
import { pageLocale } from "~/server/shell/preferences.server";

type Weeks = NonNullable<AlertSummary["moneyDueByWeek"]>;

/**
 * The money-due chart's figures: each week's amount in the branch's currency (the one most of its money
 * is in; a branch books in its agency's), the others listed in the table only.
 */
function moneyDue(weeks: Weeks) {
  const byCurrency = new Map<string, number>();
  for (const w of weeks)
    for (const a of w.amounts) byCurrency.set(a.currency, (byCurrency.get(a.currency) ?? 0) + a.amount);
  const currency = [...byCurrency].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  if (currency === null) return { currency: null, chart: null, weeks: [], total: 0, bookings: 0 };
  const rows = weeks.map((w) => {
    const mine = w.amounts.find((a) => a.currency === currency);
    return { from: w.from, to: w.to, amount: mine?.amount ?? 0, bookings: mine?.bookings ?? 0 };
  });
  return {
    currency,
    chart: moneyDueChart(rows, (n) => compactMoney(n, currency), displayDate),
    weeks: rows,
    total: rows.reduce((sum, r) => sum + r.amount, 0),
    bookings: rows.reduce((sum, r) => sum + r.bookings, 0),
  };
}

export type MoneyDueView = ReturnType<typeof moneyDue>;

/**
 * /insights/overview's data: the branch, the screen's intro and the alert summary shaped for the page
 * (the count grid and its totals, the urgent alerts, both charts); a part the upstream cannot give is null.
 */
export async function overviewPage(request: Request, agent: Agent) {
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
      totals: Object.fromEntries(COUNT_TIMEFRAMES.map((tf) => [tf, windowTotal(summary.counts, tf)])) as Record<
        (typeof COUNT_TIMEFRAMES)[number],
        number
      >,
      urgent: summary.urgent,
      urgentTotal: summary.urgentTotal,
      months: summary.bookingsByMonth.map((m) => ({ ...m, label: monthName(m.month) })),
      chart: bookingsByMonthChart(summary.bookingsByMonth),
      money: summary.moneyDueByWeek ? moneyDue(summary.moneyDueByWeek) : null,
    },
  };
}
