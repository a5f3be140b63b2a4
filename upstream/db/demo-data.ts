/** The demo data, as plain values. `seed.ts` writes it; nothing here is random. */

export const DEMO_PASSWORD = "Portal!2026";

export type RoleCode = "AGENT" | "ADMIN" | "RCCL" | "RCCLADMIN";

/** What `agents.status` stores; LOCKED is derived (an ACTIVE account with `locked_at` set). */
export type StoredStatus = "PENDING" | "ACTIVE" | "DEACTIVATED";

export const TOOLS: ReadonlyArray<{ code: string; name: string }> = [
  { code: "SEE-OUR-SHIPS", name: "See Our Ships" },
  { code: "SEARCH-PROMOTIONS", name: "Search Promotions" },
  { code: "GUEST-DOCS", name: "Guest Travel Documents" },
  { code: "INSIGHT", name: "Insights" },
  { code: "COUPON", name: "Coupon Applications" },
  { code: "HOTELS", name: "Hotels" },
  { code: "CRUISE-PLANNER", name: "Cruise Planner" },
  { code: "DIGITAL-BROCHURES", name: "Digital Brochures" },
  { code: "IMAGE-LIBRARY", name: "Image Library" },
  { code: "EQUOTE", name: "eQuote" },
  { code: "COMMERCE", name: "Commerce" },
  { code: "GROUP-TOOL", name: "Group Travel Tool" },
  { code: "FRIENDS-AND-FAMILY", name: "Friends and Family" },
];

export const EVERY_TOOL = TOOLS.map((t) => t.code);
const BASIC_EXCLUDED = new Set(["SEE-OUR-SHIPS", "SEARCH-PROMOTIONS", "GUEST-DOCS", "INSIGHT", "COUPON"]);
export const BASIC_TOOLS = EVERY_TOOL.filter((code) => !BASIC_EXCLUDED.has(code));
/**
 * A branch agent's tools: insights without coupon details (coupon details also need
 * COUPON) and without guest travel documents (GUEST-DOCS), so a booking's page offers none.
 */
export const BRANCH_AGENT_TOOLS = EVERY_TOOL.filter((code) => code !== "COUPON" && code !== "GUEST-DOCS");

export const CURRENCIES: ReadonlyArray<{ code: string; name: string }> = [
  { code: "BRL", name: "Brazilian Real" },
  { code: "CAD", name: "Canadian Dollar" },
  { code: "EUR", name: "Euro" },
  { code: "GBP", name: "British Pound Sterling" },
  { code: "SGD", name: "Singapore Dollar" },
  { code: "USD", name: "US Dollar" },
];

export type Place = { city: string; region: string; country: string; lat: string; long: string };

const PLACES = {
  miami: { city: "Miami", region: "Florida", country: "United States of America", lat: "25.7617", long: "-80.1918" },
  orlando: {
    city: "Orlando",
    region: "Florida",
    country: "United States of America",
    lat: "28.5384",
    long: "-81.3789",
  },
  seattle: {
    city: "Seattle",
    region: "Washington",
    country: "United States of America",
    lat: "47.6062",
    long: "-122.3321",
  },
  chicago: {
    city: "Chicago",
    region: "Illinois",
    country: "United States of America",
    lat: "41.8781",
    long: "-87.6298",
  },
  toronto: { city: "Toronto", region: "Ontario", country: "Canada", lat: "43.6532", long: "-79.3832" },
  southampton: { city: "Southampton", region: "Hampshire", country: "United Kingdom", lat: "50.9097", long: "-1.4044" },
  saoPaulo: { city: "Sao Paulo", region: "Sao Paulo", country: "Brazil", lat: "-23.5505", long: "-46.6333" },
  singapore: { city: "Singapore", region: "Singapore", country: "Singapore", lat: "1.3521", long: "103.8198" },
} satisfies Record<string, Place>;

export type DemoAgency = {
  id: string;
  name: string;
  countryCode: string;
  reportingOfficeCode: string;
  city: string;
  /** Normalised: '+' and digits (agency look-up by phone). */
  phone: string;
  /** Upper case (agency look-up by ABTA number); only the UK agency has one. */
  abtaNumber?: string;
};

export const AGENCIES: readonly DemoAgency[] = [
  {
    id: "AG100101",
    name: "Bayfront Cruise Vacations",
    countryCode: "USA",
    reportingOfficeCode: "MIA",
    city: "Miami",
    phone: "+13055550101",
  },
  {
    id: "AG100102",
    name: "Maple Leaf Cruise Centre",
    countryCode: "CAN",
    reportingOfficeCode: "TOR",
    city: "Toronto",
    phone: "+14165550102",
  },
  {
    id: "AG100103",
    name: "Royal Caribbean Group Trade Support",
    countryCode: "USA",
    reportingOfficeCode: "MIA",
    city: "Miami",
    phone: "+13055550103",
  },
  {
    id: "AG100104",
    name: "Solent Sea Holidays Ltd",
    countryCode: "GBR",
    reportingOfficeCode: "LON",
    city: "Southampton",
    phone: "+442380550104",
    abtaNumber: "P7104",
  },
  {
    id: "AG100105",
    name: "Atlântico Viagens e Turismo",
    countryCode: "BRA",
    reportingOfficeCode: "SAO",
    city: "Sao Paulo",
    phone: "+551155550105",
  },
  {
    id: "AG100106",
    name: "Lion City Voyages Pte Ltd",
    countryCode: "SGP",
    reportingOfficeCode: "SIN",
    city: "Singapore",
    phone: "+6565550106",
  },
  {
    id: "AG100107",
    name: "Sunshine State Cruise Outlet",
    countryCode: "USA",
    reportingOfficeCode: "MIA",
    city: "Orlando",
    phone: "+14075550107",
  },
  {
    id: "AG100108",
    name: "Emerald City Travel Co.",
    countryCode: "USA",
    reportingOfficeCode: "MIA",
    city: "Seattle",
    phone: "+12065550108",
  },
  {
    id: "AG100109",
    name: "Lakeshore Getaways",
    countryCode: "USA",
    reportingOfficeCode: "MIA",
    city: "Chicago",
    phone: "+13125550109",
  },
];

export type DemoAgent = {
  agentId: string;
  username: string;
  firstName: string;
  lastName: string;
  agencyId: string;
  roleCode: RoleCode;
  countryCode: string;
  reportingOfficeCode: string;
  tools: readonly string[];
  /** First one is the primary currency. */
  currencies: readonly string[];
  place: Place;
  /** Normalised: '+' and digits (forgotten username by SMS). */
  mobilePhone: string;
  eQuoteAcceptanceTC: boolean;
  latteAvailable: boolean;
  mfaRequired: boolean;
  legacySiteVisited: boolean;
  locked: boolean;
  /** Has accepted the current terms of use (every account but agent.terms). */
  termsAccepted: boolean;
  /** ACTIVE, except the user-management demo agents of AG100102. */
  status: StoredStatus;
  /** Has a photo at `photoOf(username)` (every account but the user-management demo agents). */
  hasPhoto: boolean;
  /** When the account was created (ISO; fixed, so the seed is deterministic). */
  createdAt: string;
  /** Registration-draft fields, as a registration keeps them (the user-management demo agents only). */
  registration?: Record<string, unknown>;
  /** User-management activity on the account, oldest first (the deactivated demo agent only). */
  activity?: ReadonlyArray<{ at: string; actorUsername: string; action: string; detail: string }>;
};

/** When the demo accounts accepted the current terms of use (fixed, so the seed is deterministic). */
export const SEED_TERMS_ACCEPTED_AT = Date.parse("2026-01-20T14:00:00.000Z");

/** When agent.locked was locked (fixed, so the seed is deterministic). */
export const SEED_LOCKED_AT = Date.parse("2026-01-05T09:30:00.000Z");

const base = {
  roleCode: "AGENT" as RoleCode,
  countryCode: "USA",
  reportingOfficeCode: "MIA",
  tools: EVERY_TOOL,
  currencies: ["USD"],
  place: PLACES.miami,
  eQuoteAcceptanceTC: true,
  latteAvailable: false,
  mfaRequired: false,
  legacySiteVisited: true,
  locked: false,
  termsAccepted: true,
  status: "ACTIVE" as StoredStatus,
  hasPhoto: true,
  createdAt: "2025-09-01T13:00:00.000Z",
};

/** The registration record of a user-management demo agent of Maple Leaf Cruise Centre (AG100102). */
const torontoDraft = (fields: Record<string, unknown>): Record<string, unknown> => ({
  telephoneCountryCode: "CA",
  countryCode: "CA",
  zipCode: "M5J 2N8",
  cliaAgentId: null,
  colonialID: null,
  specialization2: null,
  specialization3: null,
  promotionBrand: null,
  homeBasedAgent: false,
  agencyRole: "agent",
  agencyBusinessModel: null,
  espressoLanguage: "en_us",
  emailPreference: true,
  mobilePreference: false,
  primaryMFA: "EMAIL",
  secondaryMFA: null,
  identificationType: "phone",
  ...fields,
});

/** admin.can's colleagues for the user-management demo: ids below 1000000, so registration still starts at 1000011. */
const torontoColleague = {
  ...base,
  agencyId: "AG100102",
  countryCode: "CAN",
  reportingOfficeCode: "TOR",
  currencies: ["CAD", "USD"],
  place: PLACES.toronto,
  hasPhoto: false,
};

export const AGENTS: readonly DemoAgent[] = [
  {
    ...base,
    agentId: "1000001",
    username: "agent.usa",
    mobilePhone: "+13055550142",
    firstName: "Olivia",
    lastName: "Bennett",
    agencyId: "AG100101",
    latteAvailable: true,
  },
  {
    ...base,
    agentId: "1000002",
    username: "admin.can",
    mobilePhone: "+14165550143",
    firstName: "Marc",
    lastName: "Tremblay",
    agencyId: "AG100102",
    roleCode: "ADMIN",
    countryCode: "CAN",
    reportingOfficeCode: "TOR",
    currencies: ["CAD", "USD"],
    place: PLACES.toronto,
  },
  {
    ...base,
    agentId: "1000003",
    username: "rccl.staff",
    mobilePhone: "+13055550144",
    firstName: "Daniel",
    lastName: "Reyes",
    agencyId: "AG100103",
    roleCode: "RCCL",
  },
  {
    ...base,
    agentId: "1000004",
    username: "rccl.admin",
    mobilePhone: "+13055550145",
    firstName: "Priya",
    lastName: "Raman",
    agencyId: "AG100103",
    roleCode: "RCCLADMIN",
  },
  {
    ...base,
    agentId: "1000005",
    username: "agent.basic",
    mobilePhone: "+447400900146",
    firstName: "George",
    lastName: "Whitfield",
    agencyId: "AG100104",
    countryCode: "GBR",
    reportingOfficeCode: "LON",
    tools: BASIC_TOOLS,
    currencies: ["GBP", "EUR"],
    place: PLACES.southampton,
  },
  {
    ...base,
    agentId: "1000006",
    username: "agent.bra",
    mobilePhone: "+5511955550147",
    firstName: "Ana",
    lastName: "Carvalho",
    agencyId: "AG100105",
    countryCode: "BRA",
    reportingOfficeCode: "SAO",
    currencies: ["BRL", "USD"],
    place: PLACES.saoPaulo,
    legacySiteVisited: false,
  },
  {
    ...base,
    agentId: "1000007",
    username: "agent.sgp",
    mobilePhone: "+6581550148",
    firstName: "Wei Ling",
    lastName: "Tan",
    agencyId: "AG100106",
    countryCode: "SGP",
    reportingOfficeCode: "SIN",
    currencies: ["SGD", "USD"],
    place: PLACES.singapore,
    eQuoteAcceptanceTC: false,
  },
  {
    ...base,
    agentId: "1000008",
    username: "agent.terms",
    mobilePhone: "+14075550149",
    firstName: "Jordan",
    lastName: "Hayes",
    agencyId: "AG100107",
    place: PLACES.orlando,
    termsAccepted: false,
  },
  {
    ...base,
    agentId: "1000009",
    username: "agent.mfa",
    mobilePhone: "+12065550150",
    firstName: "Samuel",
    lastName: "Ortiz",
    agencyId: "AG100108",
    place: PLACES.seattle,
    mfaRequired: true,
  },
  {
    ...base,
    agentId: "1000010",
    username: "agent.locked",
    mobilePhone: "+13125550151",
    firstName: "Karen",
    lastName: "Doyle",
    agencyId: "AG100109",
    place: PLACES.chicago,
    locked: true,
  },
  {
    ...base,
    // Below the others, so the first registered agent is still 1000011.
    agentId: "1000000",
    username: "agent.fll",
    mobilePhone: "+19545550152",
    firstName: "Nina",
    lastName: "Alvarez",
    // agent.usa's agency, at its Fort Lauderdale branch: sees that branch's insights only.
    agencyId: "AG100101",
    reportingOfficeCode: "FLL",
    tools: BRANCH_AGENT_TOOLS,
  },
  {
    ...torontoColleague,
    agentId: "0999997",
    username: "pending.one",
    mobilePhone: "+14165550153",
    firstName: "Chloé",
    lastName: "Gagnon",
    status: "PENDING",
    createdAt: "2026-02-25T15:20:00.000Z",
    registration: torontoDraft({
      jobTitle: "Travel consultant",
      yearsIndustry: "0-2",
      specialization1: "family",
      regions: ["caribbean", "bahamas-bermuda"],
      espressoLanguage: "fr_fr",
    }),
  },
  {
    ...torontoColleague,
    agentId: "0999998",
    username: "pending.two",
    mobilePhone: "+14165550154",
    firstName: "Liam",
    lastName: "Fraser",
    status: "PENDING",
    createdAt: "2026-02-27T18:05:00.000Z",
    registration: torontoDraft({
      cliaAgentId: "00458812",
      jobTitle: "Cruise specialist",
      yearsIndustry: "6-10",
      specialization1: "luxury",
      specialization2: "expedition",
      regions: ["alaska", "europe"],
      homeBasedAgent: true,
    }),
  },
  {
    ...torontoColleague,
    agentId: "0999999",
    username: "deactivated.one",
    mobilePhone: "+14165550155",
    firstName: "Aisha",
    lastName: "Siddiqui",
    status: "DEACTIVATED",
    createdAt: "2025-10-06T14:30:00.000Z",
    registration: torontoDraft({
      jobTitle: "Group sales coordinator",
      yearsIndustry: "3-5",
      specialization1: "groups",
      regions: ["caribbean"],
    }),
    activity: [
      {
        at: "2025-10-07T09:15:00.000Z",
        actorUsername: "admin.can",
        action: "approve",
        detail: "Approved the registration.",
      },
      {
        at: "2026-01-12T16:45:00.000Z",
        actorUsername: "admin.can",
        action: "deactivate",
        detail: "Deactivated the account; every sign-in ended.",
      },
    ],
  },
];

export const emailOf = (username: string) => `${username}@example.com`;
export const photoOf = (username: string) => `/images/agents/${username.replace(/\./g, "-")}.jpg`;
export const latteKeyOf = (agentId: string) => `latte-demo-${agentId}`;
