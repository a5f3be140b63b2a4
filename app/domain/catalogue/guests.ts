/**
 * The group size rules (and lowering the room for others clamps the other
 * counts), shared by the server, which always applies them, and the search form's script.
 * Adults 1 to 4; children and infants 0 to 3, each at most 4 − adults; the three together at most 4.
 */
export const GUEST_LIMITS = {
  adults: { min: 1, max: 4 },
  children: { min: 0, max: 3 },
  infants: { min: 0, max: 3 },
  total: 4,
} as const;

export type Party = { adults: number; children: number; infants: number };
export type GuestKind = keyof Party;

export const DEFAULT_PARTY: Party = { adults: 2, children: 0, infants: 0 };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const whole = (value: number, fallback: number) => (Number.isFinite(value) ? Math.trunc(value) : fallback);

/** The most of `kind` the party has room for beside its other counts (what the count's list offers). */
export function roomFor(kind: GuestKind, party: Party): number {
  if (kind === "adults") return GUEST_LIMITS.adults.max;
  const other = kind === "children" ? party.infants : party.children;
  const byAdults = Math.min(GUEST_LIMITS[kind].max, GUEST_LIMITS.total - party.adults);
  return Math.max(0, Math.min(byAdults, GUEST_LIMITS.total - party.adults - other));
}

/**
 * The party within the rules. Adults are kept first, then children, then infants: raising the
 * adults lowers the room for the others, and the others are clamped to it. The server
 * applies this to every URL; the form's script applies it as the agent changes a count.
 */
export function clampParty(party: Party): Party {
  const adults = clamp(whole(party.adults, DEFAULT_PARTY.adults), GUEST_LIMITS.adults.min, GUEST_LIMITS.adults.max);
  const children = clamp(whole(party.children, 0), 0, roomFor("children", { adults, children: 0, infants: 0 }));
  const infants = clamp(whole(party.infants, 0), 0, roomFor("infants", { adults, children, infants: 0 }));
  return { adults, children, infants };
}

/** Whether the party keeps the group size rules as it is. */
export function isValidParty(party: Party): boolean {
  const clamped = clampParty(party);
  return clamped.adults === party.adults && clamped.children === party.children && clamped.infants === party.infants;
}

export const partySize = (party: Party) => party.adults + party.children + party.infants;

/** "2 adults, 1 child" (infants and children only when there are some). */
export function describeParty(party: Party): string {
  const parts = [`${party.adults} ${party.adults === 1 ? "adult" : "adults"}`];
  if (party.children) parts.push(`${party.children} ${party.children === 1 ? "child" : "children"}`);
  if (party.infants) parts.push(`${party.infants} ${party.infants === 1 ? "infant" : "infants"}`);
  return parts.join(", ");
}
