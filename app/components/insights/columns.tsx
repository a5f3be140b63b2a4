import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Column } from "~/components/lists";
import { analyticsAttributes } from "~/domain/analytics";
import { brandName, CABIN_CLASS_NAMES, type CabinClass } from "~/domain/catalogue/codes";
import { moneyIn, plainMoney } from "~/domain/money";
import { codeLabel } from "~/domain/lists";
import { displayDate } from "~/domain/dates";
import { ALERT_TYPE_NAMES } from "~/domain/insights/alerts";
import type { ListId } from "~/domain/insights/lists";
import { urgencyOf } from "~/domain/insights/urgency";
import { UrgencyFlag } from "./urgency-flag";
import type { RowOf } from "~/server/clients/insight.server";

/**
 * Each insights list's columns, written once for the page's table and its CSV: `cell` draws it,
 * `csv` is the plain value (dates as ddMMMyyyy, money with its currency code).
 */
export type InsightColumn<Row> = Column<Row> & {
  csv: (row: Row) => string | number | null;
  flexPayOnly?: boolean;
  /** The date this column's urgency flag is read from (app/domain/insights/urgency.ts), when it has one. */
  urgency?: (row: Row) => { due: string | null; settled: boolean };
};

export const bookingHref = (bookingId: string) => `/insights/booking/${encodeURIComponent(bookingId)}`;

const yesNo = (flag: boolean) => (flag ? "Yes" : "No");

type Row<L extends ListId> = RowOf<L>;

/** What a row may tell the analytics link event about its booking (the booking and alert data's fields). */
type BookingFacts = {
  bookingId: string;
  brand?: string;
  shipName?: string;
  sailDate?: string;
  groupId?: string | null;
  type?: string;
};
/** The booking link's analytics attributes (event booking_click). */
export const bookingAnalytics = (r: BookingFacts) =>
  analyticsAttributes({
    name: "booking_click",
    bookingId: r.bookingId,
    groupId: r.groupId,
    brand: r.brand,
    shipName: r.shipName,
    sailDate: r.sailDate,
    alertType: r.type,
  });

/** The booking a row is about: its link, and (unless `names` is false) the cell that names the row. */
function bookingColumn<R extends { bookingId: string }>(sort?: string, names = true): InsightColumn<R> {
  return {
    key: "bookingId",
    header: "Booking",
    sort,
    rowHeader: names,
    cell: (r) => (
      <Link to={bookingHref(r.bookingId)} {...bookingAnalytics(r as BookingFacts)}>
        {r.bookingId}
      </Link>
    ),
    csv: (r) => r.bookingId,
  };
}
function dateColumn<R>(key: string, header: string, value: (r: R) => string | null, sort?: string): InsightColumn<R> {
  return {
    key,
    header,
    sort,
    cell: (r) => {
      const v = value(r);
      return v ? <span className="nowrap">{displayDate(v)}</span> : "—";
    },
    csv: (r) => {
      const v = value(r);
      return v ? displayDate(v) : "";
    },
  };
}
function moneyColumn<R extends { currency: string }>(
  key: string,
  header: string,
  value: (r: R) => number,
  sort?: string,
): InsightColumn<R> {
  return {
    key,
    header,
    sort,
    num: true,
    cell: (r) => moneyIn(value(r), r.currency),
    csv: (r) => plainMoney(value(r), r.currency),
  };
}
function textColumn<R>(key: string, header: string, value: (r: R) => string, sort?: string): InsightColumn<R> {
  return { key, header, sort, cell: value, csv: value };
}
/**
 * A cell of two facts: the second goes on a line of its own in a work list (app/styles/insights.css), so the
 * column stays narrow; on a phone's card, and for the CSV, the two read as one line.
 */
const twoLines = (first: ReactNode, second: ReactNode) => (
  <>
    {first}
    <span className="muted cell-second">
      <span className="cell-second__sep"> · </span>
      {second}
    </span>
  </>
);
/** A column of free text (a reason) that wraps rather than widening the table past the screen. */
const wrapping = <R,>(column: InsightColumn<R>): InsightColumn<R> => ({ ...column, className: "col-wrap" });
const shipColumn = <R extends { brand: string; shipName: string }>(sort?: string): InsightColumn<R> => ({
  key: "ship",
  header: "Ship",
  sort,
  cell: (r) => twoLines(r.shipName, brandName(r.brand)),
  csv: (r) => `${r.shipName} (${brandName(r.brand)})`,
});
/** The offer that made a fare cheaper: its name, its code on a second line (the CSV keeps both on one). */
const offerColumn = <R extends { offerCode: string | null; offerName: string | null }>(): InsightColumn<R> => ({
  key: "offer",
  header: "Offer",
  cell: (r) => (r.offerCode ? twoLines(r.offerName ?? "Offer", r.offerCode) : NO_OFFER),
  csv: (r) => (r.offerCode ? `${r.offerName ?? "Offer"} (${r.offerCode})` : NO_OFFER),
});
// Without an offer, today's fare is the fare back down after a rise the booking was made in.
const NO_OFFER = "None: fare back down";
const flexPayColumn = <R extends { flexPay: boolean }>(): InsightColumn<R> => ({
  key: "flexPay",
  header: "Flex pay",
  cell: (r) => yesNo(r.flexPay),
  csv: (r) => yesNo(r.flexPay),
  flexPayOnly: true,
});

/**
 * A column that makes way first, so a work list fits beside the open sidebar (app/styles/insights.css
 * hides it from 801 to 1599 px wide; the CSV and the cards of a phone keep it).
 */
const secondary = <R,>(column: InsightColumn<R>): InsightColumn<R> => ({ ...column, className: "col-secondary" });
/** A column whose date carries an urgency flag. */
const flagged = <R,>(
  column: InsightColumn<R>,
  urgency: (row: R) => { due: string | null; settled: boolean },
): InsightColumn<R> => ({ ...column, urgency });
const cabinClassName = (code: string) => CABIN_CLASS_NAMES[code as CabinClass] ?? codeLabel(code);
const guestCount = (n: number) => `${n} ${n === 1 ? "guest" : "guests"}`;

export const INSIGHT_COLUMNS: { [L in ListId]: ReadonlyArray<InsightColumn<Row<L>>> } = {
  alerts: [
    flagged(
      dateColumn("dueDate", "Due", (r) => r.dueDate, "dueDate"),
      (r) => ({ due: r.dueDate, settled: false }),
    ),
    textColumn("type", "Alert", (r) => ALERT_TYPE_NAMES[r.type]),
    bookingColumn("bookingId"),
    textColumn("leadGuest", "Lead guest", (r) => r.leadGuest),
    shipColumn("ship"),
    dateColumn("sailDate", "Sails", (r) => r.sailDate, "sailDate"),
    moneyColumn("amountDue", "Amount due", (r) => r.amountDue, "amountDue"),
    flexPayColumn(),
    secondary(textColumn("enrolment", "Enrolment", (r) => r.enrolment)),
  ],
  reservations: [
    bookingColumn("bookingId"),
    textColumn("groupId", "Group", (r) => r.groupId ?? "Individual"),
    textColumn("status", "Status", (r) => codeLabel(r.status), "status"),
    textColumn("leadGuest", "Lead guest", (r) => `${r.leadGuest} (${r.guests})`),
    shipColumn("ship"),
    dateColumn("sailDate", "Sails", (r) => r.sailDate, "sailDate"),
    secondary(textColumn("totalRooms", "Rooms", (r) => String(r.totalRooms))),
    secondary(moneyColumn("amountPaid", "Paid", (r) => r.amountPaid)),
    moneyColumn("amountDue", "Due", (r) => r.amountDue, "amountDue"),
    flagged(
      dateColumn("balanceDueDate", "Balance due", (r) => r.balanceDueDate),
      (r) => ({
        due: r.balanceDueDate,
        settled: r.amountDue <= 0 || r.status === "CANCELLED",
      }),
    ),
    flexPayColumn(),
  ],
  commissions: [
    bookingColumn("bookingId"),
    shipColumn(),
    dateColumn("sailDate", "Sails", (r) => r.sailDate, "sailDate"),
    textColumn("status", "Booking", (r) => codeLabel(r.status)),
    textColumn("compensationType", "Compensation", (r) => codeLabel(r.compensationType)),
    moneyColumn("totalPrice", "Booking value", (r) => r.totalPrice),
    moneyColumn("commission", "Commission", (r) => r.commission, "commission"),
    textColumn("commissionStatus", "Commission status", (r) => codeLabel(r.commissionStatus)),
  ],
  credits: [
    textColumn("creditId", "Credit", (r) => r.creditId),
    textColumn("guest", "Guest", (r) => r.guest, "guest"),
    textColumn("brand", "Cruise line", (r) => brandName(r.brand)),
    moneyColumn("amount", "Amount", (r) => r.amount, "amount"),
    dateColumn("issuedOn", "Issued", (r) => r.issuedOn),
    dateColumn("redeemBy", "Redeem by", (r) => r.redeemBy, "redeemBy"),
    textColumn("status", "Status", (r) =>
      r.status === "REDEEMED" && r.redeemedBookingId
        ? `Redeemed on booking ${r.redeemedBookingId}`
        : codeLabel(r.status),
    ),
    bookingColumn(undefined, false),
  ],
  coupons: [
    dateColumn("appliedOn", "Applied", (r) => r.appliedOn, "appliedOn"),
    textColumn("couponCode", "Coupon", (r) => r.couponCode),
    bookingColumn("bookingId"),
    shipColumn(),
    dateColumn("sailDate", "Sails", (r) => r.sailDate),
    moneyColumn("amount", "Amount", (r) => r.amount, "amount"),
    wrapping({
      key: "status",
      header: "Status",
      cell: (r) => (r.reason ? twoLines(codeLabel(r.status), r.reason) : codeLabel(r.status)),
      csv: (r) => (r.reason ? `${codeLabel(r.status)}: ${r.reason}` : codeLabel(r.status)),
    }),
  ],
  transmissions: [
    dateColumn("sentAt", "Sent", (r) => r.sentAt, "sentAt"),
    textColumn("transmissionId", "Transmission", (r) => r.transmissionId),
    bookingColumn("bookingId"),
    shipColumn(),
    textColumn("status", "Status", (r) => codeLabel(r.status), "status"),
    textColumn("failureReason", "Failure reason", (r) => r.failureReason ?? "—"),
    textColumn("attempts", "Attempts", (r) => String(r.attempts)),
  ],
  "onboard-sales": [
    dateColumn("orderedOn", "Ordered", (r) => r.orderedOn, "orderedOn"),
    bookingColumn(),
    textColumn("guest", "Guest", (r) => r.guest),
    {
      key: "item",
      header: "Purchase",
      cell: (r) => twoLines(r.item, codeLabel(r.category)),
      csv: (r) => `${r.item} (${codeLabel(r.category)})`,
    },
    shipColumn(),
    // A purchase is found by when it was ordered and for whom; the sail date makes way beside the sidebar.
    secondary(dateColumn("sailDate", "Sails", (r) => r.sailDate)),
    moneyColumn("amount", "Amount", (r) => r.amount, "amount"),
    moneyColumn("commission", "Commission", (r) => r.commission, "commission"),
  ],
  casino: [
    bookingColumn("bookingId"),
    textColumn("guest", "Guest", (r) => r.guest),
    textColumn("programme", "Programme", (r) => `${r.programme} · ${codeLabel(r.tier)}`),
    textColumn("offerCode", "Offer code", (r) => r.offerCode),
    shipColumn(),
    dateColumn("sailDate", "Sails", (r) => r.sailDate, "sailDate"),
    textColumn("status", "Status", (r) => codeLabel(r.status)),
  ],
  "price-drops": [
    // The last day to claim the lower fare: flagged as it nears, like every other due date.
    flagged(
      dateColumn("finalPaymentDate", "Final payment", (r) => r.finalPaymentDate, "finalPaymentDate"),
      (r) => ({ due: r.finalPaymentDate, settled: false }),
    ),
    bookingColumn("bookingId"),
    shipColumn(),
    dateColumn("sailDate", "Sails", (r) => r.sailDate, "sailDate"),
    {
      key: "stateroom",
      header: "Stateroom",
      cell: (r) => twoLines(cabinClassName(r.cabinClass), guestCount(r.guests)),
      csv: (r) => `${cabinClassName(r.cabinClass)}, ${guestCount(r.guests)}`,
    },
    moneyColumn("bookedFare", "Booked fare", (r) => r.bookedFare),
    moneyColumn("currentFare", "Fare now", (r) => r.currentFare),
    moneyColumn("saving", "Saving", (r) => r.saving, "saving"),
    offerColumn(),
  ],
};

/**
 * A list's columns for this agent: the flex pay column only with the derived hasFlexPayAccess; on the
 * page (given the server's `today`) a flagged column's cell also carries its urgency flag.
 */
export function columnsFor<L extends ListId>(
  list: L,
  flexPay: boolean,
  today?: string,
): ReadonlyArray<InsightColumn<Row<L>>> {
  const all = INSIGHT_COLUMNS[list] as ReadonlyArray<InsightColumn<Row<L>>>;
  const columns = flexPay ? all : all.filter((c) => !c.flexPayOnly);
  if (today === undefined) return columns;
  return columns.map((c) => {
    const urgency = c.urgency;
    if (!urgency) return c;
    return {
      ...c,
      cell: (r: Row<L>) => {
        const { due, settled } = urgency(r);
        return (
          <>
            {c.cell(r)} <UrgencyFlag urgency={urgencyOf(due, today, settled)} />
          </>
        );
      },
    };
  });
}
