import { dayNumber, isoDate } from "../catalogue/generate";
import { seededRng, type Rng } from "../catalogue/random";
import type { Brand, CabinClass, Refundability } from "../catalogue/types";
import { AGENCIES, AGENTS } from "../db/demo-data";
import {
  CASINO_PROGRAMMES,
  COUPON_CODES,
  COUPON_REJECTIONS,
  LINE_AUTHORS,
  NAMES_BY_COUNTRY,
  NOTE_TEXTS,
  PAYMENT_METHODS,
  SALE_COMMISSION_PERCENT,
  SALE_ITEMS,
  TRANSMISSION_FAILURES,
  type NameSet,
} from "./names";
import {
  AGENCY_CURRENCY,
  ALERT_KEY,
  ALERT_TYPE_CODES,
  BAYFRONT_BRANCHES,
  BRANCH_GRANTS,
  FLEX_PAY_COUNTRIES,
  OTHER_AGENCY_BOOKINGS,
  SALE_CATEGORIES,
  type AlertType,
  type BookingStatus,
  type BranchDef,
  type CasinoTier,
  type CompensationType,
  type Enrolment,
  type PaymentType,
  type SaleCategory,
  type TransmissionStatus,
} from "./types";

/**
 * Generates the partner-insight demo data (docs/insights-contract.md): every demo agency's branches and their
 * bookings on the catalogue's sailings, with guests, payments, notes and alerts, and the agency's future
 * cruise credits, coupon applications, back-office transmissions, onboard sales and casino reservations.
 * Everything random comes from generators seeded with the anchor, the agency and the branch, so the same
 * catalogue gives the same data. Things that happened (bookings made, payments, coupons, transmissions,
 * orders, cancellations) are on or before the anchor; things due (alerts, credits' redeem-by dates) are
 * spread from about 130 days before it to 400 days after, so every window keeps rows for months.
 */

/** What generation needs to know about a sailing. */
export type InsightSailing = {
  sailingId: string;
  shipCode: string;
  shipName: string;
  brand: Brand;
  sailDate: string;
  nights: number;
  finalPaymentDate: string;
  departurePort: string;
  refundability: Refundability;
  /** A guest alone pays the per-guest fare and this much more (the catalogue's pricing rule). */
  singleSupplementPercent: number;
  prices: Array<{
    cabinClass: CabinClass;
    pricePerGuest: number;
    additionalGuestPrice: number;
    taxesAndFees: number;
    deposit: number;
  }>;
};

export type GeneratedGuest = {
  guestId: string;
  givenName: string;
  surname: string;
  age: number;
  loyaltyNumber: string | null;
};

export type GeneratedPayment = { paidOn: string; cents: number; method: string; paymentType: PaymentType };
export type GeneratedNote = { createdAt: string; author: string; text: string };
export type GeneratedAlert = { alertId: string; type: AlertType; dueDate: string };

export type GeneratedBooking = {
  bookingId: string;
  agencyId: string;
  branchCode: string;
  groupId: string | null;
  status: BookingStatus;
  brand: Brand;
  shipCode: string;
  shipName: string;
  sailingId: string;
  sailDate: string;
  nights: number;
  cabinClass: CabinClass;
  departurePort: string;
  currency: string;
  totalCents: number;
  paidCents: number;
  dueCents: number;
  balanceDueDate: string | null;
  depositExpiring: boolean;
  flexPay: boolean;
  enrolment: Enrolment;
  compensationType: CompensationType;
  commissionCents: number;
  totalRooms: number;
  bookedOn: string;
  cancelledOn: string | null;
  guests: GeneratedGuest[];
  payments: GeneratedPayment[];
  notes: GeneratedNote[];
  alerts: GeneratedAlert[];
};

type Owned = { agencyId: string; branchCode: string };

export type GeneratedCredit = Owned & {
  creditId: string;
  bookingId: string;
  guest: string;
  brand: Brand;
  currency: string;
  cents: number;
  issuedOn: string;
  redeemBy: string;
  redeemedOn: string | null;
  redeemedBookingId: string | null;
};

export type GeneratedCoupon = Owned & {
  applicationId: string;
  couponCode: string;
  bookingId: string;
  appliedOn: string;
  currency: string;
  cents: number;
  status: "APPLIED" | "REJECTED" | "REVERSED";
  reason: string | null;
};

export type GeneratedTransmission = Owned & {
  transmissionId: string;
  bookingId: string;
  sentAt: string;
  status: TransmissionStatus;
  failureReason: string | null;
  attempts: number;
};

export type GeneratedSale = Owned & {
  saleId: string;
  bookingId: string;
  guest: string;
  category: SaleCategory;
  item: string;
  orderedOn: string;
  currency: string;
  cents: number;
  commissionCents: number;
};

export type GeneratedCasino = Owned & {
  reservationId: string;
  bookingId: string;
  guest: string;
  programme: string;
  tier: CasinoTier;
  offerCode: string;
  status: "CONFIRMED" | "WAITLISTED" | "CANCELLED";
};

export type GeneratedBranch = Omit<BranchDef, "alertsPerType">;

export type GeneratedInsights = {
  branches: GeneratedBranch[];
  grants: Array<{ agentId: string; branchCode: string }>;
  bookings: GeneratedBooking[];
  credits: GeneratedCredit[];
  coupons: GeneratedCoupon[];
  transmissions: GeneratedTransmission[];
  sales: GeneratedSale[];
  casino: GeneratedCasino[];
};

/** Alert due dates are spread over [anchor + lo, anchor + DUE_SPREAD_TO] (lo per type, below). */
export const DUE_SPREAD_TO = 400;
/** Due offsets every type gets in every branch: both ends of each window, the urgent days, the last 48 hours. */
export const BOUNDARY_OFFSETS = [-2, -1, 0, 1, 2, 10, 11, 30, 31, 60, 61, 90, 91];
/** Cancellations and other past events reach back this far from the anchor. */
const PAST_DAYS = 150;

/** The earliest due offset of each type: structural limits (sailings start at the anchor), else −130. */
const DUE_FROM: Record<AlertType, number> = {
  FINAL_PAYMENT_DUE: -120,
  BALANCE_DUE: -130,
  EXPIRING_DEPOSIT: -130,
  EXPIRING_OFFER: -130,
  EXPIRING_48_HOURS: -130,
  FCC: -130,
  CREDIT_EXPIRING_SOON: -130,
  CHECKING_REQUIRED: -14,
  DINING_CONFLICT: -60,
};

/**
 * The latest due offset of a type where it is not DUE_SPREAD_TO: a hold "expiring in 48 hours" falls due
 * within 48 hours of the anchor, never months later (a due date in a later year under that name was a
 * figure that contradicted itself).
 */
export const DUE_TO: Partial<Record<AlertType, number>> = { EXPIRING_48_HOURS: 2 };

/** The branches of the demo agencies: Bayfront's three offices, one (the reporting office) for the others. */
export function demoBranches(): BranchDef[] {
  return AGENCIES.flatMap((agency): BranchDef[] =>
    agency.id === "AG100101"
      ? BAYFRONT_BRANCHES.map((b, i) => ({ ...b, agencyId: agency.id, home: i === 0 }))
      : [
          {
            agencyId: agency.id,
            code: agency.reportingOfficeCode,
            name: `${agency.name} – ${agency.city}`,
            city: agency.city,
            home: true,
            bookings: OTHER_AGENCY_BOOKINGS,
            alertsPerType: 15,
          },
        ],
  );
}

const BRAND_WEIGHTS: Record<string, readonly number[]> = {
  USA: [0.6, 0.28, 0.12],
  CAN: [0.5, 0.35, 0.15],
  GBR: [0.45, 0.4, 0.15],
  BRA: [0.55, 0.35, 0.1],
  SGP: [0.6, 0.25, 0.15],
};
const BRANDS: readonly Brand[] = ["R", "C", "V"];

const CLASS_WEIGHT: Record<CabinClass, number> = { INTERIOR: 0.25, OUTSIDE: 0.2, BALCONY: 0.4, DELUXE: 0.15 };

/** A sailing with its days as numbers. */
type Sailing = InsightSailing & { sailDay: number; finalDay: number };

/** Sailings indexed for picking: per brand by sail day, and every brand by sail day and final payment day. */
type SailingIndex = {
  byBrand: Record<Brand, Sailing[]>;
  onDay: Map<number, Sailing[]>;
  finalOnDay: Map<number, Sailing[]>;
};

function indexSailings(sailings: readonly InsightSailing[]): SailingIndex {
  const all: Sailing[] = sailings
    .map((s) => ({ ...s, sailDay: dayNumber(s.sailDate), finalDay: dayNumber(s.finalPaymentDate) }))
    .sort((a, b) => a.sailDay - b.sailDay || (a.sailingId < b.sailingId ? -1 : 1));
  const byBrand: Record<Brand, Sailing[]> = { R: [], C: [], V: [] };
  const onDay = new Map<number, Sailing[]>();
  const finalOnDay = new Map<number, Sailing[]>();
  const push = (map: Map<number, Sailing[]>, day: number, s: Sailing) => {
    const list = map.get(day);
    if (list) list.push(s);
    else map.set(day, [s]);
  };
  for (const s of all) {
    if (s.prices.length === 0) continue;
    byBrand[s.brand].push(s);
    push(onDay, s.sailDay, s);
    push(finalOnDay, s.finalDay, s);
  }
  return { byBrand, onDay, finalOnDay };
}

/** Sequential ids shared by every branch, so ids are unique across agencies. */
type Counters = { booking: number; group: number; credit: number; coupon: number; transmission: number; sale: number };

type BranchContext = {
  rng: Rng;
  anchorDay: number;
  branch: BranchDef;
  currency: string;
  perUsd: number;
  flexPayAllowed: boolean;
  names: NameSet;
  brandWeights: readonly number[];
  staff: string[];
  sailings: SailingIndex;
  counters: Counters;
  bookings: Draft[];
  groups: Array<{ groupId: string; sailing: Sailing }>;
};

/** A booking while it is drawn: days as numbers. */
type Draft = {
  bookingId: string;
  groupId: string | null;
  sailing: Sailing;
  status: BookingStatus;
  cabinClass: CabinClass;
  guests: GeneratedGuest[];
  totalRooms: number;
  totalCents: number;
  fareCents: number;
  depositCents: number;
  paidCents: number;
  bookedDay: number;
  cancelledDay: number | null;
  balanceDueDay: number | null;
  depositExpiring: boolean;
  flexPay: boolean;
  enrolment: Enrolment;
  compensationType: CompensationType;
  commissionCents: number;
  payments: GeneratedPayment[];
  notes: GeneratedNote[];
  alerts: Map<AlertType, number>;
};

type Settlement = "hold" | "deposit" | "full" | "cancelled";

const cents = (usd: number, perUsd: number) => Math.round(usd * perUsd * 100);
/** A whole amount in the currency (prices are quoted in whole units). */
const wholeCents = (usd: number, perUsd: number) => Math.round(usd * perUsd) * 100;

const timeOfDay = (rng: Rng, maxHour = 23) =>
  `${String(rng.int(0, maxHour)).padStart(2, "0")}:${String(rng.int(0, 59)).padStart(2, "0")}:${String(rng.int(0, 59)).padStart(2, "0")}`;

/** An instant on a day; on the anchor day itself before 06:00 UTC (the data is as of the anchor morning). */
function instantOn(ctx: BranchContext, day: number): string {
  return `${isoDate(day)}T${timeOfDay(ctx.rng, day >= ctx.anchorDay ? 5 : 23)}.000Z`;
}

const surnameGiven = (g: Pick<GeneratedGuest, "surname" | "givenName">) => `${g.surname}, ${g.givenName}`;

// ---------------------------------------------------------------------------------------------------------
// Sailings

/** A sailing of the brand departing on or soon after `day` (one of the next few, for variety of ships). */
function sailingNear(ctx: BranchContext, brand: Brand, day: number): Sailing {
  const list = ctx.sailings.byBrand[brand];
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.sailDay < day) lo = mid + 1;
    else hi = mid;
  }
  const from = Math.min(lo, list.length - 1);
  const to = Math.min(from + 5, list.length - 1);
  return list[ctx.rng.int(from, to)]!;
}

const pickBrand = (ctx: BranchContext) => ctx.rng.weighted(BRANDS, ctx.brandWeights);

/** Of several sailings, one of the preferred brand when there is one. */
function preferBrand(ctx: BranchContext, candidates: readonly Sailing[]): Sailing {
  const brand = pickBrand(ctx);
  const mine = candidates.filter((s) => s.brand === brand);
  return ctx.rng.pick(mine.length > 0 ? mine : candidates);
}

/** A sailing departing exactly on `day`, or undefined. */
function sailingOn(ctx: BranchContext, day: number): Sailing | undefined {
  const list = ctx.sailings.onDay.get(day);
  return list ? preferBrand(ctx, list) : undefined;
}

/** How far ahead bookings sail: mostly within the year, some in the second. */
function saleHorizon(rng: Rng): number {
  const band = rng.weighted([0, 1, 2], [0.4, 0.35, 0.25]);
  return band === 0 ? rng.int(0, 120) : band === 1 ? rng.int(121, 365) : rng.int(366, 700);
}

// ---------------------------------------------------------------------------------------------------------
// People

function person(ctx: BranchContext, surname?: string, minAge = 25, maxAge = 79) {
  const female = ctx.rng.chance(0.52);
  const givenName = ctx.rng.pick(female ? ctx.names.given.female : ctx.names.given.male);
  return { givenName, surname: surname ?? ctx.rng.pick(ctx.names.surnames), age: ctx.rng.int(minAge, maxAge) };
}

function loyaltyNumber(rng: Rng, brand: Brand): string | null {
  if (rng.chance(0.35)) return null;
  const digits = brand === "V" ? 8 : 9;
  let n = String(rng.int(1, 9));
  while (n.length < digits) n += String(rng.int(0, 9));
  return n;
}

function drawGuests(ctx: BranchContext, bookingId: string, brand: Brand): GeneratedGuest[] {
  const rng = ctx.rng;
  const count =
    brand === "V" ? rng.weighted([1, 2, 3], [0.15, 0.8, 0.05]) : rng.weighted([1, 2, 3, 4], [0.12, 0.58, 0.17, 0.13]);
  const lead = person(ctx);
  const people = [lead];
  if (count >= 2) {
    const together = rng.chance(0.7);
    people.push(
      person(ctx, together ? lead.surname : undefined, Math.max(21, lead.age - 12), Math.min(85, lead.age + 8)),
    );
  }
  for (let i = 2; i < count; i++) {
    const child = lead.age < 60 && rng.chance(0.75);
    people.push(child ? person(ctx, lead.surname, 2, 17) : person(ctx, undefined, 21, 80));
  }
  return people.map((p, i) => ({
    guestId: `${bookingId}-${i + 1}`,
    givenName: p.givenName,
    surname: p.surname,
    age: p.age,
    loyaltyNumber: p.age >= 18 ? loyaltyNumber(rng, brand) : null,
  }));
}

// ---------------------------------------------------------------------------------------------------------
// Bookings

function nextBookingId(ctx: BranchContext): string {
  ctx.counters.booking += ctx.rng.int(1, 7);
  return String(ctx.counters.booking);
}

/**
 * A new booking on a sailing, booked on a day up to `latestBookedDay` (never after the anchor), settled as
 * asked: a hold (OPEN, nothing paid), a deposit, paid in full, or cancelled.
 */
function newBooking(
  ctx: BranchContext,
  sailing: Sailing,
  settlement: Settlement,
  options: { latestBookedDay?: number; groupId?: string | null; recent?: boolean } = {},
): Draft {
  const rng = ctx.rng;
  const bookingId = nextBookingId(ctx);
  const guests = drawGuests(ctx, bookingId, sailing.brand);
  const price = rng.weighted(
    sailing.prices,
    sailing.prices.map((p) => CLASS_WEIGHT[p.cabinClass]),
  );
  const n = guests.length;
  // The catalogue's pricing rule, as the sailing page quotes it: a guest alone pays the single supplement.
  const fareUsd =
    n === 1
      ? price.pricePerGuest * (1 + sailing.singleSupplementPercent / 100)
      : price.pricePerGuest * 2 + price.additionalGuestPrice * (n - 2);
  const totalUsd = fareUsd + price.taxesAndFees * n;
  const totalCents = cents(totalUsd, ctx.perUsd);
  const fareCents = cents(fareUsd, ctx.perUsd);
  const depositCents = Math.min(totalCents, wholeCents(price.deposit * n, ctx.perUsd));

  const latest = Math.min(ctx.anchorDay, options.latestBookedDay ?? ctx.anchorDay);
  let earliest = Math.max(sailing.sailDay - 540, ctx.anchorDay - 420);
  if (options.recent) earliest = Math.max(earliest, latest - 6);
  if (earliest > latest) earliest = latest - 30;
  const bookedDay = rng.int(earliest, latest);

  const groupId = options.groupId ?? null;
  const compensationType: CompensationType =
    groupId !== null && rng.chance(0.3)
      ? "TOUR_CONDUCTOR"
      : rng.weighted(["STANDARD", "PREFERRED", "NET_RATE"] as const, [0.6, 0.3, 0.1]);
  const percent =
    compensationType === "STANDARD"
      ? 10
      : compensationType === "PREFERRED"
        ? rng.pick([14, 15, 16])
        : compensationType === "NET_RATE"
          ? 8
          : 12;

  const draft: Draft = {
    bookingId,
    groupId,
    sailing,
    status: "CONFIRMED",
    cabinClass: price.cabinClass,
    guests,
    totalRooms: n >= 3 && rng.chance(0.3) ? 2 : 1,
    totalCents,
    fareCents,
    depositCents,
    paidCents: 0,
    bookedDay,
    cancelledDay: null,
    balanceDueDay: null,
    depositExpiring: false,
    flexPay: ctx.flexPayAllowed && rng.chance(0.3),
    enrolment: rng.weighted(["Enrolled", "Eligible", "Not Eligible"] as const, [0.35, 0.4, 0.25]),
    compensationType,
    commissionCents: Math.round((fareCents * percent) / 100),
    payments: [],
    notes: [],
    alerts: new Map(),
  };
  settle(ctx, draft, settlement);
  draft.notes = drawNotes(ctx, draft);
  ctx.bookings.push(draft);
  return draft;
}

/** The deposit's payment type: R for a refundable fare, D otherwise (F full amount, D deposit amount, R refundable). */
function depositType(rng: Rng, sailing: Sailing): PaymentType {
  if (sailing.refundability === "R") return "R";
  if (sailing.refundability === "N") return "D";
  return rng.chance(0.4) ? "R" : "D";
}

/** A day from `from` to `to` (both included; `to` when the range is empty). */
const dayBetween = (rng: Rng, from: number, to: number) => (from >= to ? to : rng.int(from, to));

function settle(ctx: BranchContext, d: Draft, settlement: Settlement) {
  const rng = ctx.rng;
  const method = rng.pick(PAYMENT_METHODS);
  const pay = (day: number, amount: number, paymentType: PaymentType) => {
    if (amount > 0) d.payments.push({ paidOn: isoDate(day), cents: amount, method, paymentType });
  };
  const today = ctx.anchorDay;
  d.payments = [];
  d.paidCents = 0;
  d.balanceDueDay = null;
  d.cancelledDay = null;
  if (settlement === "hold") {
    d.status = "OPEN";
    // A courtesy hold: the deposit is due within days of booking.
    d.balanceDueDay = d.bookedDay + rng.int(3, 7);
    return;
  }
  if (settlement === "cancelled") {
    d.status = "CANCELLED";
    d.cancelledDay = dayBetween(rng, Math.max(d.bookedDay, today - PAST_DAYS), today);
    pay(
      dayBetween(rng, d.bookedDay, Math.min(d.bookedDay + 3, d.cancelledDay)),
      d.depositCents,
      depositType(rng, d.sailing),
    );
    d.paidCents = d.depositCents;
    return;
  }
  d.status = "CONFIRMED";
  const depositDay = dayBetween(rng, d.bookedDay, Math.min(d.bookedDay + 3, today));
  if (settlement === "full") {
    if (rng.chance(0.35) || d.depositCents >= d.totalCents) {
      pay(depositDay, d.totalCents, "F");
    } else {
      pay(depositDay, d.depositCents, depositType(rng, d.sailing));
      const finalDay = dayBetween(
        rng,
        Math.max(depositDay, d.sailing.finalDay - 25),
        Math.min(d.sailing.finalDay, today),
      );
      pay(Math.max(finalDay, depositDay), d.totalCents - d.depositCents, "F");
    }
    d.paidCents = d.totalCents;
    return;
  }
  // A deposit, and for flex pay a few instalments since.
  const type = depositType(rng, d.sailing);
  pay(depositDay, d.depositCents, type);
  let paid = d.depositCents;
  if (d.flexPay) {
    const instalments = rng.int(0, 3);
    const share = Math.floor((d.totalCents - d.depositCents) / (instalments + 2) / 100) * 100;
    for (let i = 1; i <= instalments; i++) {
      const day = depositDay + i * 30;
      if (day > today || share <= 0) break;
      pay(day, share, type);
      paid += share;
    }
  }
  d.paidCents = paid;
  d.balanceDueDay = d.sailing.finalDay;
}

function drawNotes(ctx: BranchContext, d: Draft): GeneratedNote[] {
  const rng = ctx.rng;
  const count = rng.weighted([0, 1, 2, 3], [0.35, 0.35, 0.2, 0.1]);
  const last = Math.min(ctx.anchorDay, d.cancelledDay ?? ctx.anchorDay);
  const days = Array.from({ length: count }, () => dayBetween(rng, d.bookedDay, last)).sort((a, b) => a - b);
  const texts = new Set<string>();
  return days.map((day) => {
    let text = rng.pick(NOTE_TEXTS);
    while (texts.has(text)) text = rng.pick(NOTE_TEXTS);
    texts.add(text);
    const author = rng.chance(0.7) ? rng.pick(ctx.staff) : LINE_AUTHORS[d.sailing.brand]!;
    return { createdAt: instantOn(ctx, day), author, text };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Alerts

/** Whether a booking can carry an alert of the type due on `day` (for alerts added to existing bookings). */
function canCarry(d: Draft, type: AlertType, day: number): boolean {
  if (d.status === "CANCELLED" || d.alerts.has(type) || d.bookedDay >= day) return false;
  const lead = d.sailing.sailDay - day;
  switch (type) {
    case "BALANCE_DUE":
      return d.status === "CONFIRMED" && d.paidCents < d.totalCents && d.sailing.finalDay >= day + 14;
    case "EXPIRING_DEPOSIT":
    case "EXPIRING_OFFER":
      return lead > 0;
    case "FCC":
    case "CREDIT_EXPIRING_SOON":
      return true;
    case "CHECKING_REQUIRED":
      return lead >= 2 && lead <= 14;
    case "DINING_CONFLICT":
      return lead >= 3 && lead <= 60;
    default:
      // Final payments follow the sailing; holds expire with their own booking.
      return false;
  }
}

function addAlert(d: Draft, type: AlertType, day: number) {
  d.alerts.set(type, day);
  if (type === "BALANCE_DUE") d.balanceDueDay = day;
  if (type === "EXPIRING_DEPOSIT") d.depositExpiring = true;
}

/** A booking drawn for an alert of the type due on `day` (anchor-relative day number); false when none fits. */
function bookingForAlert(ctx: BranchContext, type: AlertType, day: number): boolean {
  const rng = ctx.rng;
  const today = ctx.anchorDay;
  const before = day - 1;
  // Most alerts get their own booking; some join a booking that already has one.
  if (rng.chance(0.35)) {
    for (let tries = 0; tries < 12 && ctx.bookings.length > 0; tries++) {
      const d = rng.pick(ctx.bookings);
      if (canCarry(d, type, day)) {
        addAlert(d, type, day);
        return true;
      }
    }
  }
  const settlementFor = (s: Sailing): Settlement =>
    s.finalDay < today ? "full" : rng.chance(0.6) ? "deposit" : "full";
  switch (type) {
    case "FINAL_PAYMENT_DUE": {
      const candidates = ctx.sailings.finalOnDay.get(day);
      if (!candidates) return false;
      const d = newBooking(ctx, preferBrand(ctx, candidates), "deposit", { latestBookedDay: before });
      d.alerts.set(type, day);
      return true;
    }
    case "BALANCE_DUE": {
      const target = today + Math.max(0, day - today + 14) + 120 + rng.int(0, 150);
      const s = sailingNear(ctx, pickBrand(ctx), target);
      if (s.finalDay < day + 14) return false;
      const d = newBooking(ctx, s, "deposit", { latestBookedDay: before });
      if (ctx.flexPayAllowed) d.flexPay = true;
      addAlert(d, type, day);
      return true;
    }
    case "EXPIRING_48_HOURS": {
      const s = sailingNear(ctx, pickBrand(ctx), Math.max(today + 1, day + rng.int(20, 300)));
      const latest = Math.min(today, day - 2);
      const d = newBooking(ctx, s, "hold", { latestBookedDay: latest, recent: true });
      d.balanceDueDay = day;
      d.alerts.set(type, day);
      return true;
    }
    case "CHECKING_REQUIRED":
    case "DINING_CONFLICT": {
      const [min, max] = type === "CHECKING_REQUIRED" ? [2, 14] : [3, 60];
      const leads = Array.from({ length: max - min + 1 }, (_, i) => min + i);
      for (let i = leads.length - 1; i > 0; i--) {
        const j = rng.int(0, i);
        [leads[i], leads[j]] = [leads[j]!, leads[i]!];
      }
      for (const lead of leads) {
        const s = day + lead >= today ? sailingOn(ctx, day + lead) : undefined;
        if (!s) continue;
        const d = newBooking(ctx, s, settlementFor(s), { latestBookedDay: before });
        addAlert(d, type, day);
        return true;
      }
      return false;
    }
    default: {
      const s = sailingNear(ctx, pickBrand(ctx), Math.max(today, day + rng.int(7, 200)));
      const d = newBooking(ctx, s, settlementFor(s), { latestBookedDay: before });
      addAlert(d, type, day);
      return true;
    }
  }
}

/** Every concrete type: the boundary days, then the branch's random spread; each gets a booking. */
function drawAlerts(ctx: BranchContext) {
  const rng = ctx.rng;
  const plan: Array<[AlertType, number]> = [];
  for (const type of ALERT_TYPE_CODES) {
    const from = DUE_FROM[type];
    const to = DUE_TO[type] ?? DUE_SPREAD_TO;
    for (const offset of BOUNDARY_OFFSETS) if (offset <= to) plan.push([type, offset]);
    // An even spread with a little jitter (not uniform draws, which leave gaps): with n over the span, no two
    // neighbours are more than 1.5 spans / n apart, so a window that wide always has one of each type. A
    // shorter span gets as many alerts per day as the others.
    const span = to - from + 1;
    const n = Math.max(1, Math.round((ctx.branch.alertsPerType * span) / (DUE_SPREAD_TO - from + 1)));
    for (let i = 0; i < n; i++) {
      plan.push([type, from + Math.floor(((i + 0.5 + (rng.next() - 0.5) * 0.5) * span) / n)]);
    }
  }
  // Interleave the types, so bookings that carry two alerts mix them.
  for (let i = plan.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [plan[i], plan[j]] = [plan[j]!, plan[i]!];
  }
  const boundary = new Set(BOUNDARY_OFFSETS);
  for (const [type, offset] of plan) {
    // A boundary day must be met exactly; a random one may move a few days to find a sailing.
    const shifts = boundary.has(offset) ? [0, 0, 0] : [0, 1, -1, 2, -2];
    for (const shift of shifts) {
      if (bookingForAlert(ctx, type, ctx.anchorDay + offset + shift)) break;
    }
  }
}

/** The rest of the branch's bookings: individual and group, open, confirmed and cancelled. */
function drawOtherBookings(ctx: BranchContext) {
  const rng = ctx.rng;
  const today = ctx.anchorDay;
  const groupCount = Math.max(3, Math.round(ctx.branch.bookings / 40));
  while (ctx.bookings.length < ctx.branch.bookings) {
    let sailing: Sailing;
    let groupId: string | null = null;
    if (rng.chance(0.18)) {
      if (ctx.groups.length < groupCount && (ctx.groups.length === 0 || rng.chance(0.3))) {
        ctx.counters.group += rng.int(1, 9);
        ctx.groups.push({
          groupId: `G${ctx.counters.group}`,
          sailing: sailingNear(ctx, pickBrand(ctx), today + Math.max(30, saleHorizon(rng))),
        });
      }
      const group = rng.pick(ctx.groups);
      groupId = group.groupId;
      sailing = group.sailing;
    } else {
      sailing = sailingNear(ctx, pickBrand(ctx), today + saleHorizon(rng));
    }
    const settlement: Settlement = rng.chance(0.09)
      ? "cancelled"
      : sailing.finalDay < today
        ? "full"
        : rng.weighted(["hold", "deposit", "full"] as const, [0.1, 0.75, 0.15]);
    newBooking(ctx, sailing, settlement, { groupId, recent: settlement === "hold" });
  }
}

/**
 * Days before the anchor within which a group's final payment date may have passed unpaid: the confirmed
 * bookings of such a group (not yet sailed) have paid their deposit only, so the group hub has an overdue
 * final payment to flag. Decided without the random numbers, so the rest of the data is as drawn.
 */
export const LATE_GROUP_DAYS = 45;

function lateGroupPayments(ctx: BranchContext) {
  const today = ctx.anchorDay;
  for (const d of ctx.bookings) {
    const late = d.sailing.finalDay < today && d.sailing.finalDay >= today - LATE_GROUP_DAYS;
    const first = d.payments[0];
    if (d.groupId === null || d.status !== "CONFIRMED" || !late || !first || d.depositCents >= d.totalCents) continue;
    const deposit = { ...first, cents: Math.min(first.cents, d.depositCents) };
    d.payments = [first.paymentType === "F" ? { ...deposit, paymentType: "D" } : deposit];
    d.paidCents = deposit.cents;
    d.balanceDueDay = d.sailing.finalDay;
  }
}

/** Every confirmed booking with money still due has its final payment alert. */
function finalPaymentAlerts(ctx: BranchContext) {
  for (const d of ctx.bookings) {
    if (d.status === "CONFIRMED" && d.paidCents < d.totalCents && !d.alerts.has("FINAL_PAYMENT_DUE")) {
      d.alerts.set("FINAL_PAYMENT_DUE", d.sailing.finalDay);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// The agency's other records

function drawCredits(ctx: BranchContext, out: GeneratedCredit[]) {
  const rng = ctx.rng;
  const today = ctx.anchorDay;
  const cancelled = ctx.bookings.filter((d) => d.status === "CANCELLED");
  const active = ctx.bookings.filter((d) => d.status !== "CANCELLED");
  const count = Math.round(ctx.branch.bookings * 0.08);
  // Some redeem-by dates within the next 120 days and some expired within the last 120, whatever the draw.
  const fixed = [0, 5, 60, 119, 120, -1, -3, -60, -119, -120];
  for (let i = 0; i < count; i++) {
    const redeemDay = today + (i < fixed.length ? fixed[i]! : rng.int(-130, DUE_SPREAD_TO));
    const source = cancelled.length > 0 && rng.chance(0.6) ? rng.pick(cancelled) : rng.pick(active);
    const sourceDay = source.cancelledDay ?? source.bookedDay;
    const issuedDay = Math.min(today, redeemDay - 30, Math.max(sourceDay, redeemDay - rng.int(180, 540)));
    const guest = rng.pick(source.guests.filter((g) => g.age >= 18));
    let redeemedOn: string | null = null;
    let redeemedBookingId: string | null = null;
    if (i >= fixed.length && issuedDay < today - 1 && rng.chance(0.25)) {
      redeemedOn = isoDate(dayBetween(rng, issuedDay + 1, Math.min(today, redeemDay)));
      redeemedBookingId = rng.pick(active).bookingId;
    }
    ctx.counters.credit += rng.int(1, 5);
    out.push({
      agencyId: ctx.branch.agencyId,
      branchCode: ctx.branch.code,
      creditId: `FCC${ctx.counters.credit}`,
      bookingId: source.bookingId,
      guest: surnameGiven(guest ?? source.guests[0]!),
      brand: source.sailing.brand,
      currency: ctx.currency,
      cents: wholeCents(rng.pick([100, 150, 200, 250, 300, 400, 500, 750, 1000, 1500, 2500]), ctx.perUsd),
      issuedOn: isoDate(issuedDay),
      redeemBy: isoDate(redeemDay),
      redeemedOn,
      redeemedBookingId,
    });
  }
}

function drawCoupons(ctx: BranchContext, out: GeneratedCoupon[]) {
  const rng = ctx.rng;
  for (const d of ctx.bookings) {
    if (d.status === "OPEN" || !rng.chance(0.3)) continue;
    const status = rng.weighted(["APPLIED", "REJECTED", "REVERSED"] as const, [0.75, 0.15, 0.1]);
    ctx.counters.coupon += rng.int(1, 5);
    out.push({
      agencyId: ctx.branch.agencyId,
      branchCode: ctx.branch.code,
      applicationId: `CA${ctx.counters.coupon}`,
      couponCode: rng.pick(COUPON_CODES),
      bookingId: d.bookingId,
      appliedOn: isoDate(dayBetween(rng, d.bookedDay, Math.min(ctx.anchorDay, d.cancelledDay ?? ctx.anchorDay))),
      currency: ctx.currency,
      cents: wholeCents(rng.pick([25, 50, 75, 100, 150, 200, 250]), ctx.perUsd),
      status,
      reason: status === "REJECTED" ? rng.pick(COUPON_REJECTIONS) : null,
    });
  }
}

function drawTransmissions(ctx: BranchContext, out: GeneratedTransmission[]) {
  const rng = ctx.rng;
  const today = ctx.anchorDay;
  for (const d of ctx.bookings) {
    const count = 1 + (rng.chance(0.4) ? 1 : 0) + (rng.chance(0.1) ? 1 : 0);
    for (let i = 0; i < count; i++) {
      const day = dayBetween(rng, d.bookedDay, Math.min(today, d.cancelledDay ?? today));
      const recent = day >= today - 2;
      const status: TransmissionStatus = recent
        ? rng.weighted(["PENDING", "SENT", "ACCEPTED", "FAILED"] as const, [0.3, 0.3, 0.3, 0.1])
        : rng.weighted(["ACCEPTED", "FAILED"] as const, [0.88, 0.12]);
      ctx.counters.transmission += rng.int(1, 4);
      out.push({
        agencyId: ctx.branch.agencyId,
        branchCode: ctx.branch.code,
        transmissionId: `NPC${ctx.counters.transmission}`,
        bookingId: d.bookingId,
        sentAt: instantOn(ctx, day),
        status,
        failureReason: status === "FAILED" ? rng.pick(TRANSMISSION_FAILURES) : null,
        attempts: status === "FAILED" ? rng.int(2, 5) : status === "ACCEPTED" && rng.chance(0.1) ? 2 : 1,
      });
    }
  }
}

function drawSales(ctx: BranchContext, out: GeneratedSale[]) {
  const rng = ctx.rng;
  for (const d of ctx.bookings) {
    if (d.status !== "CONFIRMED" || !rng.chance(0.35)) continue;
    const count = rng.weighted([1, 2, 3, 4], [0.45, 0.3, 0.15, 0.1]);
    for (let i = 0; i < count; i++) {
      const category = rng.pick(SALE_CATEGORIES);
      const { item, usd } = rng.pick(SALE_ITEMS[category]!);
      const guest = rng.pick(d.guests);
      const perGuest = category === "BEVERAGE" || category === "DINING";
      const amountCents = cents(usd * (perGuest ? d.guests.length : 1), ctx.perUsd);
      ctx.counters.sale += rng.int(1, 5);
      out.push({
        agencyId: ctx.branch.agencyId,
        branchCode: ctx.branch.code,
        saleId: `OB${ctx.counters.sale}`,
        bookingId: d.bookingId,
        guest: surnameGiven(guest),
        category,
        item,
        orderedOn: isoDate(dayBetween(rng, d.bookedDay, Math.min(ctx.anchorDay, d.sailing.sailDay - 1))),
        currency: ctx.currency,
        cents: amountCents,
        commissionCents: Math.round((amountCents * SALE_COMMISSION_PERCENT[category]!) / 100),
      });
    }
  }
}

function drawCasino(ctx: BranchContext, out: GeneratedCasino[]) {
  const rng = ctx.rng;
  let n = 0;
  for (const d of ctx.bookings) {
    const programme = CASINO_PROGRAMMES[d.sailing.brand];
    if (!programme || !rng.chance(0.07)) continue;
    const tier = rng.weighted(["PRESTIGE", "SIGNATURE", "MASTERS"] as const, [0.5, 0.35, 0.15]);
    n++;
    out.push({
      agencyId: ctx.branch.agencyId,
      branchCode: ctx.branch.code,
      reservationId: `${d.bookingId}-CAS`,
      bookingId: d.bookingId,
      guest: surnameGiven(d.guests[0]!),
      programme,
      tier,
      offerCode: `${d.sailing.brand === "R" ? "CR" : "BC"}${d.sailing.sailDate.slice(2, 4)}${tier.charAt(0)}${String(
        (n * 37) % 1000,
      ).padStart(3, "0")}`,
      status: d.status === "CANCELLED" ? "CANCELLED" : rng.chance(0.85) ? "CONFIRMED" : "WAITLISTED",
    });
  }
}

// ---------------------------------------------------------------------------------------------------------

function staffOf(rng: Rng, branch: BranchDef, names: NameSet): string[] {
  // Pending and deactivated demo agents (user management) have sold nothing.
  const demo = AGENTS.filter(
    (a) =>
      a.status === "ACTIVE" && a.agencyId === branch.agencyId && (branch.home || a.reportingOfficeCode === branch.code),
  );
  const staff = branch.home ? demo.map((a) => `${a.firstName} ${a.lastName}`) : [];
  while (staff.length < 3) {
    const female = rng.chance(0.5);
    staff.push(`${rng.pick(female ? names.given.female : names.given.male)} ${rng.pick(names.surnames)}`);
  }
  return staff;
}

function toBooking(ctx: BranchContext, d: Draft): GeneratedBooking {
  const s = d.sailing;
  const alerts = [...d.alerts.entries()]
    .sort((a, b) => a[1] - b[1] || ALERT_TYPE_CODES.indexOf(a[0]) - ALERT_TYPE_CODES.indexOf(b[0]))
    .map(([type, day]) => ({ alertId: `${d.bookingId}-${ALERT_KEY[type]}`, type, dueDate: isoDate(day) }));
  return {
    bookingId: d.bookingId,
    agencyId: ctx.branch.agencyId,
    branchCode: ctx.branch.code,
    groupId: d.groupId,
    status: d.status,
    brand: s.brand,
    shipCode: s.shipCode,
    shipName: s.shipName,
    sailingId: s.sailingId,
    sailDate: s.sailDate,
    nights: s.nights,
    cabinClass: d.cabinClass,
    departurePort: s.departurePort,
    currency: ctx.currency,
    totalCents: d.totalCents,
    paidCents: d.paidCents,
    dueCents: d.status === "CANCELLED" ? 0 : d.totalCents - d.paidCents,
    balanceDueDate: d.status === "CANCELLED" || d.balanceDueDay === null ? null : isoDate(d.balanceDueDay),
    depositExpiring: d.depositExpiring,
    flexPay: d.flexPay,
    enrolment: d.enrolment,
    compensationType: d.compensationType,
    commissionCents: d.commissionCents,
    totalRooms: d.totalRooms,
    bookedOn: isoDate(d.bookedDay),
    cancelledOn: d.cancelledDay === null ? null : isoDate(d.cancelledDay),
    guests: d.guests,
    payments: [...d.payments].sort((a, b) => (a.paidOn < b.paidOn ? -1 : a.paidOn > b.paidOn ? 1 : 0)),
    notes: d.notes,
    alerts: d.status === "CANCELLED" ? [] : alerts,
  };
}

/** The whole data set for an anchor and the catalogue's sailings (any order). */
export function generateInsights(anchor: string, sailings: readonly InsightSailing[]): GeneratedInsights {
  const anchorDay = dayNumber(anchor);
  const index = indexSailings(sailings);
  const counters: Counters = {
    booking: 3_104_000,
    group: 480_000,
    credit: 7_210_000,
    coupon: 5_530_000,
    transmission: 88_100_000,
    sale: 6_640_000,
  };
  const out: GeneratedInsights = {
    branches: [],
    grants: [],
    bookings: [],
    credits: [],
    coupons: [],
    transmissions: [],
    sales: [],
    casino: [],
  };
  for (const branch of demoBranches()) {
    const agency = AGENCIES.find((a) => a.id === branch.agencyId)!;
    const money = AGENCY_CURRENCY[agency.countryCode] ?? { currency: "USD", perUsd: 1 };
    const names = NAMES_BY_COUNTRY[agency.countryCode] ?? NAMES_BY_COUNTRY.USA!;
    const rng = seededRng(`insight:${anchor}:${branch.agencyId}:${branch.code}`);
    const ctx: BranchContext = {
      rng,
      anchorDay,
      branch,
      currency: money.currency,
      perUsd: money.perUsd,
      flexPayAllowed: FLEX_PAY_COUNTRIES.includes(agency.countryCode),
      names,
      brandWeights: BRAND_WEIGHTS[agency.countryCode] ?? BRAND_WEIGHTS.USA!,
      staff: staffOf(rng, branch, names),
      sailings: index,
      counters,
      bookings: [],
      groups: [],
    };
    drawAlerts(ctx);
    drawOtherBookings(ctx);
    lateGroupPayments(ctx);
    finalPaymentAlerts(ctx);
    drawCredits(ctx, out.credits);
    drawCoupons(ctx, out.coupons);
    drawTransmissions(ctx, out.transmissions);
    drawSales(ctx, out.sales);
    drawCasino(ctx, out.casino);
    const { alertsPerType: _alertsPerType, ...generated } = branch;
    out.branches.push(generated);
    for (const d of ctx.bookings) out.bookings.push(toBooking(ctx, d));
  }
  for (const grant of BRANCH_GRANTS) out.grants.push({ ...grant });
  return out;
}
