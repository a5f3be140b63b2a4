import { DEPLOYMENTS, type DeploymentOption, type Segment } from "./deployments";
import { DESTINATIONS, destinationFacts, ROUTES, type Family, type RouteEdge } from "./destinations";
import { PORTS, PORTS_BY_CODE, type PortGroup } from "./ports";
import { seededRng, type Rng } from "./random";
import { SHIPS, shipClassOf, stateroomCounts, type ShipFacts } from "./ships";
import { type Availability, type Brand, type CabinClass, type DestinationCode, type Refundability } from "./types";

/**
 * Generates the sailings: every ship sails back to back for two years from the anchor date, following its
 * deployment (deployments.ts), each sailing leaving from where the previous one ended. Everything random
 * comes from a generator seeded with the anchor and the ship code, so the same anchor gives the same
 * catalogue.
 */

/** Sailings depart on days [anchor, anchor + CATALOGUE_DAYS). */
export const CATALOGUE_DAYS = 730;

export type GeneratedDay = {
  day: number;
  date: string;
  port: string | null;
  arrival: string | null;
  departure: string | null;
};

export type GeneratedPrice = {
  cabinClass: CabinClass;
  pricePerGuest: number;
  additionalGuestPrice: number;
  taxesAndFees: number;
  deposit: number;
  availability: Availability;
};

export type GeneratedSailing = {
  sailingId: string;
  shipCode: string;
  brand: Brand;
  shipClass: string;
  destination: DestinationCode;
  sailDate: string;
  returnDate: string;
  /** Cruise nights plus land nights. */
  nights: number;
  cruiseNights: number;
  departurePort: string;
  returnPort: string;
  voyageType: "ROUNDTRIP" | "ONEWAY";
  tourType: "CO" | "CT";
  tour: { name: string; landNights: number } | null;
  refundability: Refundability;
  /** Port codes of the ports of call, in order. */
  portsOfCall: string[];
  prices: GeneratedPrice[];
  lowestPrice: number | null;
  singleSupplementPercent: number;
  finalPaymentDate: string;
  days: GeneratedDay[];
};

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` date. */
export function dayNumber(iso: string): number {
  return Math.floor(Date.parse(`${iso}T00:00:00.000Z`) / DAY_MS);
}

/** Year, month (1–12) and day of month of a day number (Howard Hinnant's civil_from_days). */
function civil(day: number): [number, number, number] {
  const z = day + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

const isoCache = new Map<number, string>();

/** `YYYY-MM-DD` of a day number. */
export function isoDate(day: number): string {
  let iso = isoCache.get(day);
  if (iso === undefined) {
    const [y, m, d] = civil(day);
    iso = `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
    isoCache.set(day, iso);
  }
  return iso;
}

/** The UTC date of an instant as `YYYY-MM-DD`. */
export function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const monthOf = (day: number) => Number(isoDate(day).slice(5, 7));

// ---------------------------------------------------------------------------------------------------------
// Legs: a sailing's route before dates, times and prices.

type Leg = {
  from: string;
  to: string;
  destination: DestinationCode;
  nights: number;
  /** Candidate ports of call in travel order. */
  candidates: string[];
  ocean?: number;
  portShare: number;
  lead: number;
  tail: number;
  must: string[];
  /** A repositioning voyage (cheaper, never a cruise-tour). */
  repositioning: boolean;
};

const groupOf = (port: string): PortGroup | undefined => PORTS_BY_CODE.get(port)?.group;

/** The candidate ports of a family for a sailing from `from` to `to`, in travel order. */
function familyCandidates(family: Family, from: string, to: string): string[] {
  const ports = family.ports.filter((p) => p !== from && p !== to);
  const axis = family.axis;
  const a = axis?.[from];
  const b = axis?.[to];
  if (axis === undefined || a === undefined) return ports;
  if (from === to || b === undefined) {
    // A round trip: start at the home port's position and go round.
    const after = family.ports.slice(a).filter((p) => p !== from);
    const before = family.ports.slice(0, a).filter((p) => p !== from);
    return [...after, ...before];
  }
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  let between = family.ports.slice(lo, hi).filter((p) => p !== from && p !== to);
  if (between.length < 2) between = ports;
  return a <= b ? between : [...between].reverse();
}

function familyLeg(
  family: Family,
  destination: DestinationCode,
  from: string,
  to: string,
  nights: number,
  repositioning: boolean,
): Leg {
  const far = family.far ?? {};
  return {
    from,
    to,
    destination,
    nights,
    candidates: familyCandidates(family, from, to),
    portShare: family.portShare,
    lead: (family.lead ?? 0) + (far[from] ?? 0),
    tail: (family.tail ?? 0) + (far[to] ?? 0),
    must: family.must ?? [],
    repositioning,
  };
}

function routeLeg(edge: RouteEdge, from: string, to: string, nights: number, target: DestinationCode): Leg {
  const forward = groupOf(from) === edge.a;
  const ports = forward ? edge.ports : [...edge.ports].reverse();
  const ocean = edge.ocean === undefined ? undefined : forward ? edge.ocean : edge.ports.length - edge.ocean;
  return {
    from,
    to,
    destination: edge.destination === "TARGET" ? target : edge.destination,
    nights,
    candidates: ports.filter((p) => p !== from && p !== to),
    ...(ocean === undefined ? {} : { ocean }),
    portShare: edge.portShare,
    lead: forward ? (edge.lead ?? 0) : (edge.tail ?? 0),
    tail: forward ? (edge.tail ?? 0) : (edge.lead ?? 0),
    must: edge.must ?? [],
    repositioning: true,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Repositioning: the shortest chain of voyages from a port to one of a segment's home ports.

type Hop =
  | { kind: "route"; edge: RouteEdge; to: string }
  | { kind: "family"; family: Family; destination: DestinationCode; to: string };

const HOME_PORTS = PORTS.filter((p) => p.group).map((p) => p.code);

function hopsFrom(port: string, month: number): Hop[] {
  const hops: Hop[] = [];
  const group = groupOf(port);
  for (const edge of ROUTES) {
    const other = edge.a === group ? edge.b : edge.b === group ? edge.a : undefined;
    if (!other) continue;
    for (const to of HOME_PORTS) if (groupOf(to) === other) hops.push({ kind: "route", edge, to });
  }
  for (const destination of DESTINATIONS) {
    if (!destination.season.includes(month)) continue;
    for (const family of destination.families) {
      if (!family.homeports.includes(port)) continue;
      for (const to of family.homeports) {
        if (to !== port) hops.push({ kind: "family", family, destination: destination.code, to });
      }
    }
  }
  return hops;
}

const paths = new Map<string, Hop[]>();

/** The nights of a positioning voyage along a family: enough for its ports of call and sea days. */
function positioningNights(family: Family, from: string, to: string): number {
  const leg = familyLeg(family, "CARIBBEAN", from, to, 0, true);
  const nights = Math.round(leg.candidates.length / family.portShare) + 1 + leg.lead + leg.tail;
  return Math.min(Math.max(nights, 3), 16);
}

/** The typical length of a hop, what the search minimises. */
function hopNights(hop: Hop, from: string): number {
  if (hop.kind === "route") return hop.edge.nights[0] ?? 7;
  return positioningNights(hop.family, from, hop.to);
}

/** The repositioning voyages taking the fewest nights in all (Dijkstra over the home ports). */
function findPath(from: string, targets: readonly string[], month: number): Hop[] {
  const key = `${from} ${targets.join()} ${month}`;
  let path = paths.get(key);
  if (!path) paths.set(key, (path = searchPath(from, targets, month)));
  return path;
}

function searchPath(from: string, targets: readonly string[], month: number): Hop[] {
  const best = new Map<string, { nights: number; port: string; hop: Hop } | null>([[from, null]]);
  const distance = new Map<string, number>([[from, 0]]);
  const done = new Set<string>();
  for (;;) {
    // The nearest port not yet settled (ties: the first found, so the result is deterministic).
    let port: string | undefined;
    for (const [candidate, nights] of distance) {
      if (!done.has(candidate) && (port === undefined || nights < (distance.get(port) as number))) port = candidate;
    }
    if (port === undefined) throw new Error(`no repositioning route from ${from} to ${targets.join("/")}`);
    if (targets.includes(port)) {
      const route: Hop[] = [];
      for (let step = best.get(port); step; step = best.get(step.port)) route.unshift(step.hop);
      return route;
    }
    done.add(port);
    const here = distance.get(port) as number;
    for (const hop of hopsFrom(port, month)) {
      const nights = here + hopNights(hop, port);
      if (done.has(hop.to) || nights >= (distance.get(hop.to) ?? Infinity)) continue;
      distance.set(hop.to, nights);
      best.set(hop.to, { nights, port, hop });
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Days, times and prices.

const DEPARTURE_TIMES = ["16:00", "16:30", "17:00", "17:00", "18:00"];
/** Arrival in port, minutes after midnight (07:00 … 12:00, mornings more likely). */
const ARRIVAL_MINUTES = [420, 420, 480, 480, 540, 600, 660, 720];
const FINAL_ARRIVALS = ["05:00", "05:30", "06:00", "06:00", "06:30", "07:00"];

/** `HH:mm` of minutes after midnight, for the half hours of a day. */
const HHMM = Array.from(
  { length: 48 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, "0")}:${i % 2 === 0 ? "00" : "30"}`,
);
const hhmm = (minutes: number) => HHMM[minutes / 30] as string;

/** The middle days (2 … nights) of a leg: a port code or null (at sea) for each. */
function layoutDays(leg: Leg, rng: Rng): Array<string | null> {
  const middle = leg.nights - 1;
  const lead = Math.min(leg.lead, middle);
  const tail = Math.min(leg.tail, middle - lead);
  const open = middle - lead - tail;
  const candidates = leg.candidates;
  const must = leg.must.filter((p) => candidates.includes(p));
  // A share of 1 calls somewhere every day; otherwise the share varies a little from sailing to sailing.
  let count = leg.portShare >= 1 ? open : Math.round(open * leg.portShare * rng.between(0.85, 1.15));
  count = Math.min(Math.max(count, Math.min(1, open), must.length), open, candidates.length);

  const chosen = new Set(must.slice(0, count));
  const others = candidates.filter((p) => !chosen.has(p));
  while (chosen.size < count && others.length > 0) {
    chosen.add(others.splice(Math.floor(rng.next() * others.length), 1)[0] as string);
  }
  const ordered = candidates.filter((p) => chosen.has(p));
  const sea = open - ordered.length;

  const days: Array<string | null> = Array.from({ length: lead }, () => null);
  if (leg.ocean !== undefined) {
    const before = ordered.filter((p) => candidates.indexOf(p) < (leg.ocean as number));
    const after = ordered.filter((p) => candidates.indexOf(p) >= (leg.ocean as number));
    days.push(...before, ...Array.from({ length: sea }, () => null), ...after);
  } else {
    // Spread the sea days among the ports.
    const slots: Array<string | null> = [...ordered];
    for (let i = 0; i < sea; i++) slots.splice(rng.int(0, slots.length), 0, null);
    days.push(...slots);
  }
  for (let i = 0; i < tail; i++) days.push(null);
  return days;
}

function buildDays(leg: Leg, sailDay: number, rng: Rng, brand: Brand): GeneratedDay[] {
  const middle = layoutDays(leg, rng);
  const days: GeneratedDay[] = [
    {
      day: 1,
      date: isoDate(sailDay),
      port: leg.from,
      arrival: null,
      departure: brand === "V" ? rng.pick(["17:00", "18:00"]) : rng.pick(DEPARTURE_TIMES),
    },
  ];
  middle.forEach((port, i) => {
    let arrival: string | null = null;
    let departure: string | null = null;
    if (port) {
      // In port 6 to 11 hours, leaving by 23:00.
      const arrive = rng.pick(ARRIVAL_MINUTES);
      const leave = Math.min(arrive + rng.int(12, 22) * 30, 23 * 60);
      arrival = hhmm(arrive);
      departure = hhmm(leave);
    }
    days.push({ day: i + 2, date: isoDate(sailDay + i + 1), port, arrival, departure });
  });
  days.push({
    day: leg.nights + 1,
    date: isoDate(sailDay + leg.nights),
    port: leg.to,
    arrival: rng.pick(FINAL_ARRIVALS),
    departure: null,
  });
  return days;
}

/** Typical fare per guest and night of each brand's lowest cabin class, in USD. */
const BRAND_BASE: Record<Brand, number> = { R: 108, C: 148, V: 780 };
const CLASS_MULTIPLIER: Record<CabinClass, number> = { INTERIOR: 1, OUTSIDE: 1.2, BALCONY: 1.5, DELUXE: 2.8 };
/** Land-tour cost per guest and night. */
const LAND_NIGHT: Record<Brand, number> = { R: 240, C: 280, V: 650 };

const roundFare = (usd: number) => Math.max(99, Math.round(usd / 10) * 10 - 1);

function seasonFactor(destination: DestinationCode, sailDay: number, nights: number): number {
  const facts = destinationFacts(destination);
  const month = monthOf(sailDay);
  let factor = facts.peak.includes(month) ? 1.18 : facts.low.includes(month) ? 0.85 : 1;
  // Christmas and New Year at sea cost more.
  for (let d = sailDay; d < sailDay + nights; d++) {
    const iso = isoDate(d);
    if (iso.endsWith("-12-25") || iso.endsWith("-12-31")) {
      factor *= 1.2;
      break;
    }
  }
  return factor;
}

function pickAvailability(rng: Rng, soon: boolean): Availability {
  return soon
    ? rng.weighted<Availability>(["OPEN", "FEW_LEFT", "SOLD_OUT"], [0.5, 0.25, 0.25])
    : rng.weighted<Availability>(["OPEN", "FEW_LEFT", "SOLD_OUT"], [0.78, 0.15, 0.07]);
}

// ---------------------------------------------------------------------------------------------------------
// Ships.

function pickFamily(
  destination: DestinationCode,
  from: string,
  to: string,
  nights: number,
  rng: Rng,
): Family | undefined {
  const families = destinationFacts(destination).families.filter(
    (f) => f.homeports.includes(from) && f.homeports.includes(to),
  );
  const fitting = families.filter((f) => !f.nights || (nights >= f.nights[0] && nights <= f.nights[1]));
  const pool = fitting.length > 0 ? fitting : families;
  return pool.length > 0 ? rng.pick(pool) : undefined;
}

function segmentFor(plan: Segment[], day: number): Segment {
  const month = monthOf(day);
  const found = plan.find((s) => s.months.includes(month));
  if (!found) throw new Error(`no deployment for month ${month}`);
  return found;
}

/** One of the segment's options that has an itinerary from `port` (any option when the ship is elsewhere). */
function pickOption(segment: Segment, port: string, rng: Rng): DeploymentOption {
  const fromHere = segment.options.filter((o) =>
    destinationFacts(o.destination).families.some((f) => f.homeports.includes(port)),
  );
  const options = fromHere.length > 0 ? fromHere : segment.options;
  return rng.weighted(
    options,
    options.map((o) => o.weight ?? 1),
  );
}

function generateShip(ship: ShipFacts, anchorDay: number, anchor: string): GeneratedSailing[] {
  const plan = DEPLOYMENTS[ship.code];
  if (!plan) throw new Error(`no deployment for ship ${ship.code}`);
  const rng = seededRng(`catalogue:${anchor}:${ship.code}`);
  const rooms = stateroomCounts(ship).filter((r) => r.count > 0);
  const shipPrice = shipClassOf(ship).priceFactor * (ship.priceFactor ?? 1);
  const end = anchorDay + CATALOGUE_DAYS;

  const sailings: GeneratedSailing[] = [];
  let day = anchorDay + rng.int(0, 6);
  let port = segmentFor(plan, day).homeports[0] as string;

  const emit = (leg: Leg) => {
    sailings.push(makeSailing(ship, leg, day, anchorDay, rng, rooms, shipPrice));
    day += leg.nights;
    port = leg.to;
  };

  while (day < end) {
    const segment = segmentFor(plan, day);
    const option = pickOption(segment, port, rng);
    if (!segment.homeports.includes(port)) {
      const path = findPath(port, segment.homeports, monthOf(day));
      for (const hop of path) {
        if (day >= end) break;
        if (hop.kind === "route") {
          emit(routeLeg(hop.edge, port, hop.to, rng.pick(hop.edge.nights), option.destination));
        } else {
          const nights = positioningNights(hop.family, port, hop.to) + rng.int(0, 1);
          emit(familyLeg(hop.family, hop.destination, port, hop.to, nights, true));
        }
      }
      continue;
    }

    const nights = rng.pick(option.nights);
    let to = port;
    if (segment.oneway) {
      // Another home port of the segment, preferring those with ports enough on the way for the nights.
      const families = destinationFacts(option.destination).families;
      const wanted = Math.ceil((nights - 1) * 0.5);
      const scored = segment.homeports.flatMap((p) => {
        if (p === port) return [];
        const along = families
          .filter((f) => f.homeports.includes(port) && f.homeports.includes(p))
          .map((f) => familyCandidates(f, port, p).length);
        return along.length > 0 ? [{ port: p, score: Math.min(Math.max(...along), wanted) }] : [];
      });
      const top = Math.max(...scored.map((c) => c.score));
      const reachable = scored.filter((c) => c.score === top).map((c) => c.port);
      if (reachable.length > 0) to = rng.pick(reachable);
    }
    const family = pickFamily(option.destination, port, to, nights, rng);
    if (!family) throw new Error(`${ship.code}: no ${option.destination} itinerary from ${port} to ${to}`);
    emit(familyLeg(family, option.destination, port, to, nights, false));
  }
  return sailings;
}

function makeSailing(
  ship: ShipFacts,
  leg: Leg,
  sailDay: number,
  anchorDay: number,
  rng: Rng,
  rooms: Array<{ cabinClass: CabinClass; count: number }>,
  shipPrice: number,
): GeneratedSailing {
  const brand = ship.brand;
  const days = buildDays(leg, sailDay, rng, brand);
  const portsOfCall = days.slice(1, -1).flatMap((d) => (d.port ? [d.port] : []));

  // A land tour after the cruise for some sailings ending where tours start.
  let tour: GeneratedSailing["tour"] = null;
  if (!leg.repositioning) {
    const rule = destinationFacts(leg.destination).tours?.find((t) => t.to.includes(leg.to));
    if (rule && rng.chance(rule.share)) {
      tour = { name: rng.pick(rule.names), landNights: rng.int(rule.landNights[0], rule.landNights[1]) };
    }
  }
  const landNights = tour?.landNights ?? 0;
  const nights = leg.nights + landNights;

  // Fares.
  const perNight =
    BRAND_BASE[brand] *
    shipPrice *
    (destinationFacts(leg.destination).priceFactor ?? 1) *
    seasonFactor(leg.destination, sailDay, leg.nights) *
    (leg.nights <= 4 ? 1.12 : leg.nights >= 12 ? 0.92 : 1) *
    (leg.repositioning ? 0.75 : 1) *
    rng.between(0.8, 1.2);
  const lowestClass = rooms[0]?.cabinClass ?? "INTERIOR";
  const soon = sailDay - anchorDay < 30;
  const taxesAndFees = Math.round(leg.nights * rng.between(14, 20) + portsOfCall.length * rng.between(8, 22));
  let previous = 0;
  const prices: GeneratedPrice[] = rooms.map(({ cabinClass }) => {
    const relative = CLASS_MULTIPLIER[cabinClass] / CLASS_MULTIPLIER[lowestClass];
    const land = landNights * LAND_NIGHT[brand] * (cabinClass === "DELUXE" ? 1.3 : 1);
    let pricePerGuest = roundFare(perNight * relative * leg.nights * rng.between(0.95, 1.05) + land);
    if (pricePerGuest <= previous) pricePerGuest = roundFare(previous + 60);
    previous = pricePerGuest;
    return {
      cabinClass,
      pricePerGuest,
      additionalGuestPrice: Math.round(pricePerGuest * rng.between(0.4, 0.6)),
      taxesAndFees,
      deposit: brand === "V" ? Math.round(pricePerGuest * 0.15) : nights <= 5 ? 250 : 500,
      availability: pickAvailability(rng, soon),
    };
  });
  const open = prices.filter((p) => p.availability !== "SOLD_OUT").map((p) => p.pricePerGuest);

  const sailDate = isoDate(sailDay);
  return {
    sailingId: ship.code + sailDate.slice(0, 4) + sailDate.slice(5, 7) + sailDate.slice(8, 10),
    shipCode: ship.code,
    brand,
    shipClass: ship.shipClass,
    destination: leg.destination,
    sailDate,
    returnDate: isoDate(sailDay + nights),
    nights,
    cruiseNights: leg.nights,
    departurePort: leg.from,
    returnPort: leg.to,
    voyageType: leg.from === leg.to ? "ROUNDTRIP" : "ONEWAY",
    tourType: tour ? "CT" : "CO",
    tour,
    refundability: rng.weighted<Refundability>(["N", "R", "B"], [0.2, 0.25, 0.55]),
    portsOfCall,
    prices,
    lowestPrice: open.length > 0 ? Math.min(...open) : null,
    singleSupplementPercent: brand === "V" ? rng.weighted([25, 50], [0.4, 0.6]) : 100,
    finalPaymentDate: isoDate(sailDay - (brand === "V" || nights >= 15 ? 120 : 90)),
    days,
  };
}

/** Checks the deployments against the destinations' seasons and families; throws on a mistake. */
export function checkDeployments(): void {
  for (const ship of SHIPS) {
    const plan = DEPLOYMENTS[ship.code];
    if (!plan) throw new Error(`no deployment for ${ship.code}`);
    const covered = plan.flatMap((s) => s.months).sort((a, b) => a - b);
    if (covered.join() !== "1,2,3,4,5,6,7,8,9,10,11,12") throw new Error(`${ship.code}: months ${covered.join()}`);
    for (const segment of plan) {
      for (const option of segment.options) {
        const facts = destinationFacts(option.destination);
        const outside = segment.months.filter((m) => !facts.season.includes(m));
        if (outside.length > 0) throw new Error(`${ship.code}: ${option.destination} out of season in ${outside}`);
      }
      for (const home of segment.homeports) {
        const served = segment.options.some((o) =>
          destinationFacts(o.destination).families.some((f) => f.homeports.includes(home)),
        );
        if (!served) throw new Error(`${ship.code}: no itinerary from ${home}`);
      }
    }
  }
  for (const destination of DESTINATIONS) {
    for (const family of destination.families) {
      for (const code of [...family.homeports, ...family.ports]) {
        if (!PORTS_BY_CODE.has(code)) throw new Error(`${family.name}: unknown port ${code}`);
      }
    }
  }
}

/** Every ship's sailings for two years from `anchor` (YYYY-MM-DD), ordered by ship then date. */
export function generateSailings(anchor: string): GeneratedSailing[] {
  const anchorDay = dayNumber(anchor);
  return SHIPS.flatMap((ship) => generateShip(ship, anchorDay, anchor));
}
