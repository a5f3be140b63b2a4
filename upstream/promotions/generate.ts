import { dayNumber, isoDate, type GeneratedSailing } from "../catalogue/generate";
import { seededRng, type Rng } from "../catalogue/random";
import { SHIPS, stateroomCounts } from "../catalogue/ships";
import { BRAND_CODES, type Brand, type CabinClass, type DestinationCode, type Refundability } from "../catalogue/types";
import { CAMPAIGNS, NA, type Campaign } from "./campaigns";
import { description, headline, longDate, terms } from "./text";
import {
  CLASS_ORDER,
  OFFER_FOR_CODES,
  OFFER_TYPE_CODES,
  type OfferFor,
  type OfferStatus,
  type OfferType,
  type ValueKind,
} from "./types";

/**
 * Generates the offers the cruise lines run on the catalogue's sailings (docs/promotions-contract.md), from
 * the catalogue's anchor date and its sailings. Everything random comes from a generator seeded with the
 * anchor and the brand, so the same catalogue gives the same offers. Every offer is built around a real
 * sailing from the anchor on (its "seed"), so its ships, destinations, cabin classes and refundability always
 * match at least one sailing.
 */

/** What generation needs to know about a sailing. */
export type OfferSailing = {
  sailingId: string;
  shipCode: string;
  brand: Brand;
  destination: DestinationCode;
  sailDate: string;
  refundability: Refundability;
  /** The classes priced and not sold out. */
  open: CabinClass[];
};

export type GeneratedOffer = {
  offerId: string;
  name: string;
  brand: Brand;
  offerType: OfferType;
  offerFor: OfferFor;
  residency: string[];
  headline: string;
  description: string;
  terms: string[];
  value: { kind: ValueKind; amount: number };
  bookFrom: string;
  bookTo: string;
  sailFrom: string;
  sailTo: string;
  ships: string[];
  destinations: string[];
  cabinClasses: CabinClass[];
  refundability: Refundability;
  codes: string[];
  featured: boolean;
  combinableWith: OfferType[];
  notCombinableWith: OfferType[];
};

/** Offers per brand: a quarter expired, half current, a quarter upcoming. */
export const OFFERS_PER_BRAND: Record<Brand, number> = { R: 104, C: 100, V: 96 };
/** Expired offers' booking windows ended in the 180 days before the anchor. */
export const EXPIRED_DAYS = 180;
/** At least this many current featured offers per brand. */
const MIN_FEATURED = 4;

/** The sailing as generation sees it, from the catalogue's generated sailing. */
export function offerSailing(s: GeneratedSailing): OfferSailing {
  return {
    sailingId: s.sailingId,
    shipCode: s.shipCode,
    brand: s.brand,
    destination: s.destination,
    sailDate: s.sailDate,
    refundability: s.refundability,
    open: s.prices.filter((p) => p.availability !== "SOLD_OUT").map((p) => p.cabinClass),
  };
}

/** The cabin classes some ship of the brand prices, in class order. */
export function brandClasses(brand: Brand): CabinClass[] {
  const priced = new Set<CabinClass>();
  for (const ship of SHIPS) {
    if (ship.brand !== brand) continue;
    for (const room of stateroomCounts(ship)) if (room.count > 0) priced.add(room.cabinClass);
  }
  return CLASS_ORDER.filter((c) => priced.has(c));
}

/** Whether an offer type makes sense for a brand (Silversea's suites have no third and fourth guests). */
export const brandRunsType = (brand: Brand, type: OfferType) => !(brand === "V" && type === "KIDS_SAIL_FREE");

// ---------------------------------------------------------------------------------------------------------
// Combinability: which types of offer can be booked together (symmetric; never with another of its own type).

const COMBINABLE: Record<OfferType, readonly OfferType[]> = {
  INSTANT_SAVINGS: ["KIDS_SAIL_FREE", "ONBOARD_CREDIT", "REDUCED_DEPOSIT", "BONUS_COMMISSION"],
  SECOND_GUEST_SAVINGS: ["KIDS_SAIL_FREE", "ONBOARD_CREDIT", "REDUCED_DEPOSIT", "BONUS_COMMISSION"],
  KIDS_SAIL_FREE: ["INSTANT_SAVINGS", "SECOND_GUEST_SAVINGS", "ONBOARD_CREDIT", "REDUCED_DEPOSIT", "BONUS_COMMISSION"],
  ONBOARD_CREDIT: [
    "INSTANT_SAVINGS",
    "SECOND_GUEST_SAVINGS",
    "KIDS_SAIL_FREE",
    "REDUCED_DEPOSIT",
    "UPGRADE",
    "BONUS_COMMISSION",
  ],
  REDUCED_DEPOSIT: [
    "INSTANT_SAVINGS",
    "SECOND_GUEST_SAVINGS",
    "KIDS_SAIL_FREE",
    "ONBOARD_CREDIT",
    "UPGRADE",
    "BONUS_COMMISSION",
  ],
  UPGRADE: ["ONBOARD_CREDIT", "REDUCED_DEPOSIT", "BONUS_COMMISSION"],
  BONUS_COMMISSION: [
    "INSTANT_SAVINGS",
    "SECOND_GUEST_SAVINGS",
    "KIDS_SAIL_FREE",
    "ONBOARD_CREDIT",
    "REDUCED_DEPOSIT",
    "UPGRADE",
  ],
};

function combinability(type: OfferType, offerFor: OfferFor, rng: Rng) {
  let combinable = [...COMBINABLE[type]];
  // Some offers for a group (seniors, the military …) are already the best fare: no instant savings on top.
  if (offerFor !== "EVERYONE" && offerFor !== "RESIDENTS" && rng.chance(0.3)) {
    combinable = combinable.filter((t) => t !== "INSTANT_SAVINGS" && t !== "SECOND_GUEST_SAVINGS");
  }
  const combinableWith = OFFER_TYPE_CODES.filter((t) => combinable.includes(t));
  const notCombinableWith = OFFER_TYPE_CODES.filter((t) => !combinable.includes(t));
  return { combinableWith, notCombinableWith };
}

// ---------------------------------------------------------------------------------------------------------
// Values.

function pickValue(type: OfferType, brand: Brand, campaign: Campaign, rng: Rng): { kind: ValueKind; amount: number } {
  const luxury = brand === "V";
  switch (type) {
    case "INSTANT_SAVINGS":
      if (rng.chance(0.65)) {
        const percents = luxury
          ? [10, 10, 15, 15, 20]
          : campaign.lastMinute
            ? [30, 35, 40, 50, 60]
            : [10, 15, 20, 20, 25, 30, 30, 35, 40];
        return { kind: "PERCENT_OFF", amount: rng.pick(percents) };
      }
      return {
        kind: "AMOUNT_OFF",
        amount: rng.pick(luxury ? [250, 300, 400, 500] : [50, 75, 100, 100, 150, 200, 250, 300, 400, 500]),
      };
    case "SECOND_GUEST_SAVINGS":
      return {
        kind: "SECOND_GUEST_PERCENT_OFF",
        amount: campaign.name === "Buy One, Get One 60% Off" ? 60 : rng.pick([25, 30, 40, 50, 50, 60]),
      };
    case "KIDS_SAIL_FREE":
      return { kind: "ADDITIONAL_GUESTS_FREE", amount: 0 };
    case "UPGRADE":
      return { kind: "UPGRADE", amount: 1 };
    case "ONBOARD_CREDIT":
      return {
        kind: "ONBOARD_CREDIT",
        amount: rng.pick(luxury ? [250, 300, 400, 500] : [50, 100, 100, 150, 200, 250, 300, 400, 500]),
      };
    case "REDUCED_DEPOSIT":
      return { kind: "REDUCED_DEPOSIT", amount: rng.pick([50, 75, 100, 100, 150, 200]) };
    case "BONUS_COMMISSION":
      return { kind: "BONUS_COMMISSION", amount: rng.pick([2, 3, 3, 4, 5]) };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Slots: what each offer of a brand must be before it is drawn.

type Special = "MED_SENIORS" | "MED_NORTH_AMERICA";

type Slot = {
  status: OfferStatus;
  campaign?: string;
  type?: OfferType;
  audience?: OfferFor;
  residency?: string[];
  /** Expired within the last 25 days. */
  recent?: boolean;
  special?: Special;
  featured?: boolean;
};

/** The slots of a brand: the guaranteed ones first, then enough others for the status mix. */
function slotsOf(brand: Brand): Slot[] {
  const slots: Slot[] = [];
  for (const type of OFFER_TYPE_CODES) if (brandRunsType(brand, type)) slots.push({ status: "CURRENT", type });
  for (const audience of OFFER_FOR_CODES) slots.push({ status: "CURRENT", audience });
  slots.push({ status: "EXPIRED", recent: true }, { status: "EXPIRED", recent: true });
  if (brand === "R") {
    slots.push({ status: "CURRENT", campaign: "Residents Rates", audience: "RESIDENTS", residency: ["USA-FL"] });
    slots.push({ status: "UPCOMING", campaign: "Residents Rates", audience: "RESIDENTS", residency: ["CAN-QC"] });
  }
  if (brand === "C") {
    slots.push({
      status: "CURRENT",
      campaign: "Seniors Savings",
      type: "INSTANT_SAVINGS",
      audience: "SENIORS",
      residency: [],
      special: "MED_SENIORS",
      featured: true,
    });
    slots.push({
      status: "CURRENT",
      campaign: "Residents Rates",
      type: "INSTANT_SAVINGS",
      audience: "RESIDENTS",
      residency: NA,
      special: "MED_NORTH_AMERICA",
      featured: true,
    });
    slots.push({
      status: "CURRENT",
      campaign: "Residents Rates",
      audience: "RESIDENTS",
      residency: ["CAN-ON", "CAN-QC"],
    });
  }
  if (brand === "V") {
    slots.push({ status: "CURRENT", campaign: "Residents Rates", audience: "RESIDENTS", residency: ["USA-FL"] });
  }
  const total = OFFERS_PER_BRAND[brand];
  const wanted: Record<OfferStatus, number> = {
    EXPIRED: Math.round(total / 4),
    UPCOMING: Math.round(total / 4),
    CURRENT: total - 2 * Math.round(total / 4),
  };
  for (const status of ["EXPIRED", "CURRENT", "UPCOMING"] as const) {
    const have = slots.filter((s) => s.status === status).length;
    for (let i = have; i < wanted[status]; i++) slots.push({ status });
  }
  return slots;
}

// ---------------------------------------------------------------------------------------------------------
// Drawing an offer.

const endOfMonth = (day: number) => {
  const iso = isoDate(day);
  const next = dayNumber(`${iso.slice(0, 7)}-01`) + 32;
  return dayNumber(`${isoDate(next).slice(0, 7)}-01`) - 1;
};

/** Picks the first items more often: weights n, n-1, … 1. */
function favourFirst<T>(items: readonly T[], rng: Rng): T {
  return rng.weighted(
    items,
    items.map((_, i) => items.length - i + (i === 0 ? 1 : 0)),
  );
}

type Context = {
  anchor: string;
  anchorDay: number;
  lastDay: number;
  brand: Brand;
  /** The brand's sailings from the anchor on, by date. */
  sailings: OfferSailing[];
  classes: CabinClass[];
  rng: Rng;
};

type Draft = Omit<GeneratedOffer, "offerId">;

function campaignsFor(ctx: Context, slot: Slot): Campaign[] {
  return CAMPAIGNS.filter(
    (c) =>
      c.brands.includes(ctx.brand) &&
      (slot.campaign === undefined || c.name === slot.campaign) &&
      (slot.type === undefined || c.types.includes(slot.type)) &&
      (slot.audience === undefined || c.audiences.includes(slot.audience)) &&
      c.types.some((t) => brandRunsType(ctx.brand, t)),
  );
}

function bookingWindow(ctx: Context, slot: Slot, campaign: Campaign): [number, number] {
  const { rng, anchorDay } = ctx;
  if (slot.special) {
    const from = anchorDay - rng.int(5, 30);
    return [from, anchorDay + rng.int(90, 150)];
  }
  const days = rng.int(campaign.bookDays[0], campaign.bookDays[1]);
  if (slot.status === "CURRENT") {
    const from = anchorDay - rng.int(0, days - 1);
    return [from, from + days - 1];
  }
  if (slot.status === "EXPIRED") {
    const to = anchorDay - (slot.recent ? rng.int(1, 25) : rng.int(1, EXPIRED_DAYS));
    return [to - days + 1, to];
  }
  const from = anchorDay + rng.int(1, 90);
  return [from, from + days - 1];
}

function sailingWindow(ctx: Context, slot: Slot, campaign: Campaign, bookFrom: number, bookTo: number) {
  const { rng, anchorDay, lastDay } = ctx;
  let from: number;
  let to: number;
  if (slot.special) {
    const nextYear = Number(ctx.anchor.slice(0, 4)) + 1;
    from = bookFrom;
    to = dayNumber(`${nextYear}-${rng.pick(["09-30", "10-31", "11-30"])}`);
  } else if (campaign.lastMinute) {
    from = bookFrom;
    to = bookTo + rng.int(60, 120);
  } else {
    from = bookFrom + rng.int(0, 30);
    to = endOfMonth(from + rng.int(150, 540));
  }
  // Every offer, expired ones too, has sailings from the anchor on.
  if (to < anchorDay + 45) to = endOfMonth(anchorDay + rng.int(45, 120));
  return [from, Math.min(to, lastDay)] as const;
}

/** The sailings (of the brand, from the anchor on) an offer can be built around. */
function candidates(ctx: Context, slot: Slot, campaign: Campaign, from: number, to: number): OfferSailing[] {
  const first = isoDate(Math.max(from, ctx.anchorDay));
  const last = isoDate(to);
  if (slot.special) {
    const nextYear = Number(ctx.anchor.slice(0, 4)) + 1;
    return ctx.sailings.filter(
      (s) =>
        s.destination === "MEDITERRANEAN" && s.sailDate >= `${nextYear}-06-01` && s.sailDate <= `${nextYear}-08-31`,
    );
  }
  const inWindow = ctx.sailings.filter((s) => s.sailDate >= first && s.sailDate <= last);
  const about = campaign.destinations;
  return about ? inWindow.filter((s) => about.includes(s.destination)) : inWindow;
}

/** Up to `count` more distinct values of `values` besides `have`, in a random order. */
function more(values: readonly string[], have: readonly string[], count: number, rng: Rng): string[] {
  const pool = [...new Set(values)].filter((v) => !have.includes(v)).sort();
  const picked: string[] = [];
  while (picked.length < count && pool.length > 0) picked.push(pool.splice(rng.int(0, pool.length - 1), 1)[0]!);
  return picked;
}

function pickClasses(ctx: Context, type: OfferType, campaign: Campaign, seed: OfferSailing): CabinClass[] | undefined {
  const { rng, classes } = ctx;
  // An upgrade pays the class below, so it is for classes above the brand's lowest.
  const pool = type === "UPGRADE" ? classes.slice(1).filter((c) => c !== "INTERIOR") : classes;
  if (campaign.name === "Go Big, Go Balcony") return seed.open.includes("BALCONY") ? ["BALCONY"] : undefined;
  const open = pool.filter((c) => seed.open.includes(c));
  if (open.length === 0) return undefined;
  const roll = rng.next();
  let chosen: CabinClass[];
  if (roll < 0.55) chosen = pool;
  else if (roll < 0.8) chosen = pool.filter((c) => c === "BALCONY" || c === "DELUXE");
  else chosen = pool.slice(rng.int(0, pool.length - 1));
  if (!chosen.some((c) => open.includes(c))) chosen = [...chosen, rng.pick(open)];
  return CLASS_ORDER.filter((c) => chosen.includes(c));
}

function pickRefundability(seed: OfferSailing, rng: Rng): Refundability {
  // Offer B applies to any sailing, N to N or B sailings, R to R or B sailings.
  if (seed.refundability === "N") return rng.weighted<Refundability>(["N", "B"], [0.35, 0.65]);
  if (seed.refundability === "R") return rng.weighted<Refundability>(["R", "B"], [0.35, 0.65]);
  return rng.weighted<Refundability>(["N", "R", "B"], [0.2, 0.2, 0.6]);
}

function scope(
  ctx: Context,
  slot: Slot,
  campaign: Campaign,
  seed: OfferSailing,
  pool: OfferSailing[],
): { ships: string[]; destinations: string[] } {
  const { rng } = ctx;
  if (slot.special === "MED_SENIORS") return { ships: [], destinations: ["MEDITERRANEAN"] };
  if (slot.special === "MED_NORTH_AMERICA") return { ships: [], destinations: [] };
  const mode = campaign.destinations
    ? rng.weighted(["destinations", "both"] as const, [0.65, 0.35])
    : rng.weighted(["all", "destinations", "ships", "both"] as const, [0.35, 0.35, 0.15, 0.15]);
  if (mode === "all") return { ships: [], destinations: [] };
  const destinations: string[] = [seed.destination];
  if (mode !== "ships") {
    destinations.push(
      ...more(
        pool.map((s) => s.destination),
        destinations,
        rng.weighted([0, 1, 2], [0.5, 0.35, 0.15]),
        rng,
      ),
    );
  }
  if (mode === "destinations") return { ships: [], destinations: destinations.sort() };
  const sailingThere = mode === "both" ? pool.filter((s) => destinations.includes(s.destination)) : pool;
  const ships = [
    seed.shipCode,
    ...more(
      sailingThere.map((s) => s.shipCode),
      [seed.shipCode],
      rng.weighted([0, 1, 2, 3], [0.3, 0.3, 0.25, 0.15]),
      rng,
    ),
  ].sort();
  if (mode === "ships") return { ships, destinations: [] };
  // Only the destinations one of the ships sails to in the window.
  const sailed = new Set<string>(sailingThere.filter((s) => ships.includes(s.shipCode)).map((s) => s.destination));
  return { ships, destinations: destinations.filter((d) => sailed.has(d)).sort() };
}

function pickResidency(slot: Slot, campaign: Campaign, audience: OfferFor, rng: Rng): string[] {
  if (slot.residency) return [...slot.residency];
  const lists = campaign.residencies ?? [];
  if (audience === "RESIDENTS") return [...rng.pick(lists.length > 0 ? lists : [NA])];
  // Offers for everyone (or a group) may still be for North-American residents only, never one state.
  const countries = lists.filter((l) => l.every((code) => !code.includes("-")));
  if (countries.length > 0 && rng.chance(campaign.residencyShare ?? 0)) return [...rng.pick(countries)];
  return [];
}

function draw(ctx: Context, slot: Slot): Draft {
  const { rng } = ctx;
  for (let attempt = 0; ; attempt++) {
    if (attempt > 50) throw new Error(`promotions: cannot draw an offer for ${ctx.brand} ${JSON.stringify(slot)}`);
    const campaign = rng.pick(campaignsFor(ctx, slot));
    const type =
      slot.type ??
      favourFirst(
        campaign.types.filter((t) => brandRunsType(ctx.brand, t)),
        rng,
      );
    const audience = slot.audience ?? favourFirst(campaign.audiences, rng);
    const [bookFrom, bookTo] = bookingWindow(ctx, slot, campaign);
    const [sailFrom, sailTo] = sailingWindow(ctx, slot, campaign, bookFrom, bookTo);
    const pool = candidates(ctx, slot, campaign, sailFrom, sailTo);
    if (pool.length === 0) continue;

    let seed: OfferSailing | undefined;
    let cabinClasses: CabinClass[] | undefined;
    for (let tries = 0; tries < 20 && !cabinClasses; tries++) {
      seed = rng.pick(pool);
      cabinClasses = pickClasses(ctx, type, campaign, seed);
    }
    if (!seed || !cabinClasses) continue;

    const where = scope(ctx, slot, campaign, seed, pool);
    const residency = pickResidency(slot, campaign, audience, rng);
    const value = pickValue(type, ctx.brand, campaign, rng);
    const refundability = slot.special ? "B" : pickRefundability(seed, rng);
    const bookFromIso = isoDate(bookFrom);
    const codes =
      campaign.code && rng.chance(campaign.codeShare ?? 0) ? [`${campaign.code}${bookFromIso.slice(2, 4)}`] : [];
    const { combinableWith, notCombinableWith } = combinability(type, audience, rng);
    const facts = {
      name: campaign.name,
      about: campaign.about,
      brand: ctx.brand,
      offerType: type,
      offerFor: audience,
      residency,
      value,
      bookFrom: bookFromIso,
      bookTo: isoDate(bookTo),
      sailFrom: isoDate(sailFrom),
      sailTo: isoDate(sailTo),
      ships: where.ships,
      destinations: where.destinations,
      cabinClasses,
      refundability,
      codes,
      combinableWith,
      notCombinableWith,
    };
    return {
      name: facts.name,
      brand: facts.brand,
      offerType: type,
      offerFor: audience,
      residency,
      headline: headline(facts),
      description: description(facts),
      terms: terms(facts),
      value,
      bookFrom: facts.bookFrom,
      bookTo: facts.bookTo,
      sailFrom: facts.sailFrom,
      sailTo: facts.sailTo,
      ships: where.ships,
      destinations: where.destinations,
      cabinClasses,
      refundability,
      codes,
      featured: slot.featured ?? rng.chance(campaign.featuredShare),
      combinableWith,
      notCombinableWith,
    };
  }
}

const statusOn = (offer: { bookFrom: string; bookTo: string }, day: string): OfferStatus =>
  offer.bookFrom > day ? "UPCOMING" : offer.bookTo < day ? "EXPIRED" : "CURRENT";

/**
 * Each brand has a current offer whose booking ends on the anchor day, so an offer "Ends today" on every
 * demo day (the portal flags it and lists it first): if none does by the draw, the current offer that
 * ends soonest ends today instead. Decided without the random numbers, so the rest is as drawn.
 */
function endOneToday(current: Array<{ bookTo: string; terms: string[] }>, anchor: string) {
  if (current.length === 0 || current.some((d) => d.bookTo === anchor)) return;
  const soonest = current.reduce((a, b) => (b.bookTo < a.bookTo ? b : a));
  // The terms name the last booking day too ("… made from … through <day> for sailings …").
  const was = `through ${longDate(soonest.bookTo)} for sailings`;
  soonest.terms = soonest.terms.map((t) => t.replace(was, `through ${longDate(anchor)} for sailings`));
  soonest.bookTo = anchor;
}

/**
 * Every offer for the catalogue anchored on `anchor` with these sailings (any order), ordered by id. Ids are
 * `{brand}-{nnnn}`, numbered per brand in the order the booking windows open.
 */
export function generateOffers(anchor: string, allSailings: readonly OfferSailing[]): GeneratedOffer[] {
  const anchorDay = dayNumber(anchor);
  const sorted = [...allSailings].sort((a, b) => (a.sailingId < b.sailingId ? -1 : a.sailingId > b.sailingId ? 1 : 0));
  const lastDay = dayNumber(sorted.reduce((last, s) => (s.sailDate > last ? s.sailDate : last), anchor));
  const offers: GeneratedOffer[] = [];
  for (const brand of BRAND_CODES) {
    const ctx: Context = {
      anchor,
      anchorDay,
      lastDay,
      brand,
      sailings: sorted
        .filter((s) => s.brand === brand && s.sailDate >= anchor)
        .sort((a, b) => (a.sailDate < b.sailDate ? -1 : a.sailDate > b.sailDate ? 1 : 0)),
      classes: brandClasses(brand),
      rng: seededRng(`promotions:${anchor}:${brand}`),
    };
    const drafts = slotsOf(brand).map((slot) => draw(ctx, slot));

    // Featured offers current for every brand.
    const current = drafts.filter((d) => statusOn(d, anchor) === "CURRENT");
    endOneToday(current, anchor);
    let featured = current.filter((d) => d.featured).length;
    for (const draft of current) {
      if (featured >= MIN_FEATURED) break;
      if (!draft.featured && draft.offerFor === "EVERYONE") {
        draft.featured = true;
        featured++;
      }
    }

    const ordered = drafts
      .map((draft, index) => ({ draft, index }))
      .sort(
        (a, b) =>
          a.draft.bookFrom.localeCompare(b.draft.bookFrom) ||
          a.draft.name.localeCompare(b.draft.name) ||
          a.index - b.index,
      );
    ordered.forEach(({ draft }, i) => offers.push({ offerId: `${brand}-${String(i + 1).padStart(4, "0")}`, ...draft }));
  }
  return offers;
}
