import type { PortGroup } from "./ports";
import type { DestinationCode } from "./types";

/**
 * Destinations, their seasons and their itinerary families. A family is a set of home ports (where its
 * sailings start and end) and ports of call in route order; a sailing takes a random, ordered subset.
 */

export type Family = {
  /** Internal label (never answered). */
  name: string;
  homeports: string[];
  /** Ports of call in route order. */
  ports: string[];
  /**
   * Where each home port sits along `ports` (ports before that index come before it): a one-way sailing
   * runs from the lower to the higher position or back; a round trip starts at its home port's position.
   */
  axis?: Record<string, number>;
  /** Share of the days between departure and arrival spent in port (the rest at sea). */
  portShare: number;
  /** Sea days straight after departure and before arrival. */
  lead?: number;
  tail?: number;
  /** Extra sea days after leaving, or before reaching, these home ports (they are far from the ports). */
  far?: Record<string, number>;
  /** Cruise nights this family fits (inclusive). */
  nights?: [number, number];
  /** Ports every sailing of the family calls at. */
  must?: string[];
  maxPorts?: number;
};

/** A land tour after the cruise for a share of the sailings that end at one of `to`. */
export type TourRule = { to: string[]; share: number; names: string[]; landNights: [number, number] };

export type DestinationFacts = {
  code: DestinationCode;
  name: string;
  /** Months (1–12) in which its sailings depart. */
  season: number[];
  /** Months of high and low fares. */
  peak: number[];
  low: number[];
  families: Family[];
  tours?: TourRule[];
  /** Multiplies fares (remote regions cost more). */
  priceFactor?: number;
};

const ALL_YEAR = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

export const DESTINATIONS: readonly DestinationFacts[] = [
  {
    code: "CARIBBEAN",
    name: "Caribbean",
    season: ALL_YEAR,
    peak: [12, 1, 2, 3],
    low: [5, 9, 10],
    families: [
      {
        name: "Short Western Caribbean",
        homeports: ["MIA", "FLL", "PCV", "TPA", "GLS"],
        ports: ["EYW", "CZM", "PGO", "CTM"],
        portShare: 0.7,
        far: { GLS: 1 },
        nights: [3, 5],
      },
      {
        name: "Western Caribbean",
        homeports: ["MIA", "FLL", "PCV", "TPA", "GLS"],
        ports: ["EYW", "CZM", "PGO", "CTM", "BZE", "RTB", "GCM", "FMH", "OCJ", "LAB", "CCY"],
        portShare: 0.72,
        far: { GLS: 1 },
        nights: [6, 14],
      },
      {
        name: "Eastern Caribbean",
        homeports: ["MIA", "FLL", "PCV", "BYN", "BWI"],
        ports: ["CCY", "NAS", "LAB", "POP", "SJU", "STT", "EIS", "SXM", "SBH", "SKB", "ANU"],
        portShare: 0.6,
        far: { BYN: 2, BWI: 2 },
        nights: [6, 14],
      },
      {
        name: "Southern Caribbean",
        homeports: ["SJU", "BGI"],
        ports: [
          "STT",
          "EIS",
          "SXM",
          "SBH",
          "SKB",
          "ANU",
          "PTP",
          "DOM",
          "FDF",
          "SLU",
          "SVD",
          "GND",
          "BON",
          "CUR",
          "AUA",
        ],
        axis: { SJU: 0, BGI: 10 },
        portShare: 0.8,
        nights: [5, 14],
      },
      {
        name: "Southern Caribbean from Florida",
        homeports: ["FLL", "MIA", "SJU", "BGI"],
        ports: [
          "STT",
          "EIS",
          "SXM",
          "SBH",
          "SKB",
          "ANU",
          "PTP",
          "DOM",
          "FDF",
          "SLU",
          "SVD",
          "GND",
          "BON",
          "CUR",
          "AUA",
        ],
        axis: { SJU: 0, MIA: 0, FLL: 0, BGI: 10 },
        portShare: 0.8,
        far: { FLL: 2, MIA: 2 },
        nights: [8, 16],
      },
    ],
    tours: [{ to: ["PCV"], share: 0.15, names: ["Orlando Theme Parks Land Tour"], landNights: [2, 4] }],
  },
  {
    code: "BAHAMAS",
    name: "Bahamas",
    season: ALL_YEAR,
    peak: [3, 6, 7, 12],
    low: [1, 9, 10],
    families: [
      {
        name: "Bahamas",
        homeports: ["MIA", "FLL", "PCV", "BYN", "BWI", "NYC"],
        ports: ["BIM", "FPO", "NAS", "CCY"],
        portShare: 0.9,
        far: { BYN: 2, BWI: 2, NYC: 2 },
      },
    ],
    tours: [{ to: ["PCV"], share: 0.15, names: ["Orlando Theme Parks Land Tour"], landNights: [2, 4] }],
  },
  {
    code: "BERMUDA",
    name: "Bermuda",
    season: [4, 5, 6, 7, 8, 9, 10],
    peak: [6, 7, 8],
    low: [4, 10],
    families: [
      {
        name: "Bermuda",
        homeports: ["BYN", "NYC", "BOS", "BWI"],
        ports: ["BDA", "SGB"],
        portShare: 1,
        lead: 1,
        tail: 1,
      },
    ],
  },
  {
    code: "ALASKA",
    name: "Alaska",
    season: [5, 6, 7, 8, 9],
    peak: [6, 7, 8],
    low: [5, 9],
    families: [
      {
        name: "Inside Passage",
        homeports: ["SEA", "YVR"],
        ports: ["KTN", "JNU", "SGY", "ICY", "SIT", "YYJ"],
        portShare: 0.8,
        lead: 1,
      },
      {
        name: "Gulf of Alaska",
        homeports: ["YVR", "SWD", "SEA"],
        ports: ["YPR", "KTN", "JNU", "SGY", "HNS", "ICY", "SIT"],
        axis: { YVR: 0, SEA: 0, SWD: 7 },
        portShare: 0.75,
        lead: 1,
        tail: 1,
      },
    ],
    tours: [
      {
        to: ["SWD"],
        share: 0.85,
        names: ["Denali Cruisetour", "Denali & Fairbanks Cruisetour", "Denali Explorer Cruisetour"],
        landNights: [3, 5],
      },
      {
        to: ["YVR"],
        share: 0.6,
        names: ["Canadian Rockies Cruisetour", "Rocky Mountaineer Cruisetour", "Banff & Jasper Cruisetour"],
        landNights: [4, 6],
      },
      {
        to: ["SEA"],
        share: 0.55,
        names: ["Canadian Rockies Cruisetour", "Pacific Northwest Land Tour"],
        landNights: [3, 5],
      },
    ],
  },
  {
    code: "MEDITERRANEAN",
    name: "Mediterranean",
    season: [3, 4, 5, 6, 7, 8, 9, 10, 11],
    peak: [6, 7, 8],
    low: [3, 11],
    families: [
      {
        name: "Western Mediterranean",
        homeports: ["BCN", "MCM", "CIV"],
        ports: ["PMI", "IBZ", "MRS", "VFR", "AJA", "SPE", "LIV", "NAP", "MSN", "MLA"],
        axis: { BCN: 0, MCM: 4, CIV: 7 },
        portShare: 0.85,
      },
      {
        name: "Eastern Mediterranean",
        homeports: ["CIV", "PIR", "IST", "RAV", "VCE"],
        ports: ["NAP", "MSN", "MLA", "KAK", "CHQ", "JTR", "RHO", "KUS", "JMK", "CFU", "KOT", "DBV", "SPU"],
        axis: { CIV: 0, IST: 8, PIR: 9, RAV: 13, VCE: 13 },
        portShare: 0.85,
      },
      {
        name: "Iberia",
        homeports: ["BCN", "LIS"],
        ports: ["VLC", "IBZ", "AGP", "GIB", "CAD"],
        axis: { BCN: 0, LIS: 5 },
        portShare: 0.8,
      },
    ],
    tours: [
      { to: ["CIV"], share: 0.1, names: ["Rome & Florence Land Tour"], landNights: [2, 3] },
      { to: ["BCN"], share: 0.08, names: ["Barcelona & Madrid Land Tour"], landNights: [2, 3] },
      { to: ["PIR"], share: 0.1, names: ["Athens & Delphi Land Tour"], landNights: [2, 3] },
    ],
  },
  {
    code: "NORTHERN_EUROPE",
    name: "Northern Europe",
    season: [5, 6, 7, 8, 9],
    peak: [6, 7, 8],
    low: [5, 9],
    families: [
      {
        name: "Norwegian Fjords",
        homeports: ["SOU", "AMS", "CPH"],
        ports: ["SVG", "FLM", "BGO", "AES", "GEI", "OSL"],
        axis: { SOU: 0, AMS: 0, CPH: 6 },
        portShare: 0.8,
        far: { SOU: 1 },
      },
      {
        name: "Baltic",
        homeports: ["CPH", "STO", "SOU", "AMS"],
        ports: ["OSL", "WAR", "VBY", "TLL", "HEL"],
        axis: { SOU: 0, AMS: 0, CPH: 1, STO: 5 },
        portShare: 0.8,
        far: { SOU: 1, AMS: 1 },
      },
      {
        name: "British Isles",
        homeports: ["SOU", "AMS"],
        ports: ["ORK", "DUB", "BHD", "GRK", "KOI", "INV", "ZEE", "LEH"],
        axis: { SOU: 0, AMS: 7 },
        portShare: 0.85,
      },
      {
        name: "Iceland and the Arctic",
        homeports: ["SOU", "REK", "LYR", "TOS"],
        ports: ["KOI", "IFJ", "AEY", "HVG", "BGO"],
        axis: { SOU: 0, REK: 1, LYR: 3, TOS: 4 },
        portShare: 0.6,
      },
    ],
    tours: [
      { to: ["SOU", "AMS"], share: 0.22, names: ["London & Scottish Highlands Land Tour"], landNights: [3, 4] },
      {
        to: ["CPH", "STO"],
        share: 0.25,
        names: ["Norway in a Nutshell Land Tour", "Scandinavian Capitals Land Tour"],
        landNights: [2, 4],
      },
      { to: ["REK"], share: 0.4, names: ["Iceland Ring Road Land Tour"], landNights: [3, 5] },
    ],
  },
  {
    code: "TRANSATLANTIC",
    name: "Transatlantic",
    season: ALL_YEAR,
    peak: [],
    low: [4, 5, 10, 11],
    families: [
      {
        name: "Atlantic crossing",
        homeports: ["FLL", "MIA", "PCV", "BYN", "NYC", "BCN", "LIS", "SOU"],
        ports: ["BDA", "PDL", "FNC", "TCI", "AGP", "CAD", "VGO", "ORK"],
        portShare: 0.35,
      },
    ],
  },
  {
    code: "HAWAII",
    name: "Hawaii",
    season: ALL_YEAR,
    peak: [12, 3, 7],
    low: [5, 9],
    families: [
      {
        name: "Hawaiian Islands",
        homeports: ["HNL", "LAX", "SAN", "YVR", "SEA"],
        ports: ["ITO", "KOA", "OGG", "LIH"],
        portShare: 1,
        far: { LAX: 4, SAN: 4, YVR: 5, SEA: 5 },
      },
    ],
  },
  {
    code: "ASIA",
    name: "Asia",
    season: ALL_YEAR,
    peak: [1, 2, 4, 10],
    low: [6, 8],
    families: [
      {
        name: "Strait of Malacca",
        homeports: ["SIN"],
        ports: ["PKG", "PEN", "HKT"],
        portShare: 0.7,
        nights: [2, 5],
      },
      {
        name: "East China Sea",
        homeports: ["SHA"],
        ports: ["CJU", "PUS", "NGS", "KOJ", "OKA"],
        portShare: 0.6,
        nights: [2, 6],
      },
      {
        name: "Southeast Asia",
        homeports: ["SIN", "HKG"],
        ports: ["PKG", "PEN", "HKT", "LCB", "SGN", "NHA", "DAD"],
        axis: { SIN: 0, HKG: 7 },
        portShare: 0.75,
        nights: [6, 16],
      },
      {
        name: "Japan and Korea",
        homeports: ["YOK", "SHA", "HKG"],
        ports: ["SMZ", "OSA", "PUS", "NGS", "KOJ", "CJU", "OKA", "KEL"],
        axis: { YOK: 0, SHA: 6, HKG: 8 },
        portShare: 0.8,
        nights: [7, 16],
      },
      {
        name: "Philippines and Borneo",
        homeports: ["HKG", "SIN"],
        ports: ["MNL", "DAD", "NHA", "SGN"],
        axis: { HKG: 0, SIN: 4 },
        portShare: 0.55,
        nights: [6, 16],
      },
    ],
    tours: [
      { to: ["YOK"], share: 0.15, names: ["Kyoto & Mount Fuji Land Tour"], landNights: [2, 4] },
      { to: ["SIN"], share: 0.06, names: ["Angkor Wat Land Tour"], landNights: [2, 3] },
      { to: ["SHA"], share: 0.12, names: ["Beijing & Great Wall Land Tour"], landNights: [2, 4] },
    ],
  },
  {
    code: "AUSTRALIA_NZ",
    name: "Australia & New Zealand",
    season: [10, 11, 12, 1, 2, 3, 4],
    peak: [12, 1],
    low: [4, 10],
    families: [
      {
        name: "New Zealand",
        homeports: ["AKL", "SYD", "MEL", "BNE"],
        ports: ["BOI", "TRG", "NPE", "WLG", "PCN", "AKA", "DUD", "HBA"],
        axis: { AKL: 0, SYD: 8, MEL: 8, BNE: 0 },
        portShare: 0.85,
        far: { SYD: 2, MEL: 2, BNE: 2 },
        nights: [7, 16],
      },
      {
        name: "Short from Sydney",
        homeports: ["SYD", "MEL"],
        ports: ["EDN", "MEL", "HBA"],
        portShare: 0.6,
        nights: [2, 5],
      },
      {
        name: "Short from Brisbane",
        homeports: ["BNE"],
        ports: ["MRT", "WSY"],
        portShare: 0.6,
        nights: [2, 5],
      },
      {
        name: "Queensland",
        homeports: ["SYD", "BNE"],
        ports: ["MRT", "WSY", "CNS"],
        portShare: 0.5,
        nights: [6, 14],
      },
      {
        name: "Southern Australia",
        homeports: ["SYD", "MEL"],
        ports: ["EDN", "MEL", "HBA", "ADL"],
        portShare: 0.5,
        nights: [6, 14],
      },
    ],
    tours: [{ to: ["SYD", "MEL"], share: 0.12, names: ["Uluru & Outback Land Tour"], landNights: [3, 4] }],
  },
  {
    code: "SOUTH_PACIFIC",
    name: "South Pacific",
    season: ALL_YEAR,
    peak: [12, 1, 7],
    low: [2, 3],
    families: [
      {
        name: "Melanesia",
        homeports: ["SYD", "BNE", "AKL"],
        ports: ["NOU", "ILP", "LIF", "MYI", "VLI", "LTK", "SUV"],
        portShare: 0.7,
        far: { SYD: 2, BNE: 1, AKL: 2 },
      },
      {
        name: "French Polynesia",
        homeports: ["PPT"],
        ports: ["MOZ", "RFP", "BOB", "RAR"],
        portShare: 0.85,
      },
      {
        name: "South Seas crossing",
        homeports: ["PPT", "AKL", "SYD"],
        ports: ["MOZ", "RFP", "BOB", "RAR", "APW", "SUV", "LTK", "NOU", "LIF"],
        axis: { PPT: 0, AKL: 5, SYD: 9 },
        portShare: 0.6,
        nights: [10, 18],
      },
    ],
    priceFactor: 1.1,
  },
  {
    code: "GALAPAGOS",
    name: "Galápagos",
    season: ALL_YEAR,
    peak: [6, 7, 8, 12],
    low: [5, 9],
    families: [
      {
        name: "Inner islands",
        homeports: ["GPS"],
        ports: ["NSY", "SCY", "FLR", "ESP", "SCB", "BTL", "STG"],
        portShare: 1,
      },
      {
        name: "Western islands",
        homeports: ["GPS"],
        ports: ["SCY", "ISB", "FDI", "STG", "BTL", "GNV", "NSY"],
        portShare: 1,
      },
    ],
    tours: [
      {
        to: ["GPS"],
        share: 0.55,
        names: ["Quito & Otavalo Land Tour", "Quito & Cotopaxi Land Tour", "Machu Picchu Land Tour"],
        landNights: [2, 4],
      },
    ],
  },
  {
    code: "ANTARCTICA",
    name: "Antarctica",
    season: [11, 12, 1, 2],
    peak: [12, 1],
    low: [11, 2],
    families: [
      {
        name: "Antarctic Peninsula",
        homeports: ["USH"],
        ports: ["HMI", "DCI", "CUV", "DNC", "NEK", "PDB", "PLY"],
        portShare: 1,
        lead: 2,
        tail: 2,
        nights: [8, 13],
      },
      {
        name: "Falklands, South Georgia and Antarctica",
        homeports: ["USH"],
        ports: ["PSY", "GRV", "HMI", "DCI", "CUV", "NEK", "PDB", "PLY"],
        portShare: 0.6,
        lead: 1,
        tail: 2,
        must: ["PSY", "GRV"],
        nights: [14, 24],
      },
    ],
    priceFactor: 1.3,
  },
  {
    code: "SOUTH_AMERICA",
    name: "South America",
    season: ALL_YEAR,
    peak: [12, 1, 2],
    low: [4, 10],
    families: [
      {
        name: "Cape Horn and Patagonia",
        homeports: ["BUE", "USH", "VAP"],
        ports: ["MVD", "PDP", "PMY", "PSY", "PUQ", "PMC"],
        axis: { BUE: 0, USH: 4, VAP: 6 },
        portShare: 0.6,
      },
      {
        name: "Brazil and Uruguay",
        homeports: ["RIO", "BUE"],
        ports: ["REC", "SSA", "BZC", "MVD", "PDP"],
        axis: { RIO: 3, BUE: 5 },
        portShare: 0.65,
      },
    ],
  },
  {
    code: "CANADA_NEW_ENGLAND",
    name: "Canada & New England",
    season: [5, 6, 7, 8, 9, 10],
    peak: [9, 10],
    low: [5, 6],
    families: [
      {
        name: "Canada and New England",
        homeports: ["BYN", "NYC", "BWI", "BOS", "YQB", "YUL"],
        ports: ["NPT", "PWM", "BHB", "YSJ", "YHZ", "YQY", "YYG"],
        axis: { BYN: 0, NYC: 0, BWI: 0, BOS: 1, YQB: 7, YUL: 7 },
        portShare: 0.8,
        far: { BWI: 1 },
      },
    ],
    tours: [{ to: ["YQB", "YUL"], share: 0.2, names: ["Canadian Capitals Land Tour"], landNights: [2, 3] }],
  },
  {
    code: "PACIFIC_COASTAL",
    name: "Pacific Coastal",
    season: ALL_YEAR,
    peak: [12, 3, 7],
    low: [1, 9],
    families: [
      {
        name: "Baja",
        homeports: ["LAX", "SAN"],
        ports: ["AVX", "ENS"],
        portShare: 1,
        nights: [2, 5],
      },
      {
        name: "Mexican Riviera",
        homeports: ["LAX", "SAN"],
        ports: ["CSL", "MZT", "PVR"],
        portShare: 1,
        lead: 1,
        tail: 1,
        nights: [6, 9],
      },
      {
        name: "Pacific Northwest coast",
        homeports: ["SEA", "YVR", "LAX", "SAN"],
        ports: ["YYJ", "AST", "SFO"],
        axis: { YVR: 0, SEA: 1, LAX: 3, SAN: 3 },
        portShare: 0.7,
        nights: [2, 6],
      },
    ],
  },
  {
    code: "PANAMA_CANAL",
    name: "Panama Canal",
    season: ALL_YEAR,
    peak: [1, 2, 3],
    low: [5, 9],
    families: [
      {
        name: "Full transit",
        homeports: ["FLL", "MIA", "TPA", "LAX", "SAN"],
        ports: ["GCM", "AUA", "CUR", "CTG", "PCZ", "PAS", "PQT", "HUX", "PVR", "CSL"],
        axis: { FLL: 0, MIA: 0, TPA: 0, LAX: 10, SAN: 10 },
        portShare: 0.6,
        lead: 1,
        tail: 1,
        must: ["PCZ"],
        nights: [13, 18],
      },
      {
        name: "Partial transit",
        homeports: ["FLL", "MIA"],
        ports: ["AUA", "CUR", "CTG", "PCZ", "ONX"],
        portShare: 1,
        lead: 1,
        tail: 1,
        must: ["PCZ"],
        nights: [9, 12],
      },
    ],
  },
];

export const DESTINATIONS_BY_CODE: ReadonlyMap<DestinationCode, DestinationFacts> = new Map(
  DESTINATIONS.map((d) => [d.code, d]),
);

export function destinationFacts(code: DestinationCode): DestinationFacts {
  const found = DESTINATIONS_BY_CODE.get(code);
  if (!found) throw new Error(`unknown destination ${code}`);
  return found;
}

/** A repositioning voyage between two port groups; `ports` in order from `a` to `b`. */
export type RouteEdge = {
  a: PortGroup;
  b: PortGroup;
  /** "TARGET": the destination of the deployment the ship is moving to. */
  destination: DestinationCode | "TARGET";
  nights: number[];
  ports: string[];
  /** Index in `ports` of the open-ocean stretch: ports before it are on the `a` side. */
  ocean?: number;
  portShare: number;
  lead?: number;
  tail?: number;
  must?: string[];
};

export const ROUTES: readonly RouteEdge[] = [
  {
    a: "US_SOUTHEAST",
    b: "MEDITERRANEAN",
    destination: "TRANSATLANTIC",
    nights: [12, 13, 14, 15],
    ports: ["CCY", "PDL", "FNC", "TCI", "CAD", "AGP", "GIB"],
    ocean: 1,
    portShare: 0.4,
  },
  {
    a: "US_SOUTHEAST",
    b: "NORTHERN_EUROPE",
    destination: "TRANSATLANTIC",
    nights: [12, 13, 14],
    ports: ["NAS", "PDL", "VGO", "ORK", "LEH"],
    ocean: 1,
    portShare: 0.35,
  },
  {
    a: "CARIBBEAN",
    b: "MEDITERRANEAN",
    destination: "TRANSATLANTIC",
    nights: [12, 14, 15],
    ports: ["ANU", "PDL", "FNC", "TCI", "CAD", "AGP"],
    ocean: 1,
    portShare: 0.4,
  },
  {
    a: "US_NORTHEAST",
    b: "NORTHERN_EUROPE",
    destination: "TRANSATLANTIC",
    nights: [8, 10, 12],
    ports: ["YHZ", "REK", "ORK", "LEH"],
    ocean: 1,
    portShare: 0.35,
  },
  {
    a: "US_NORTHEAST",
    b: "MEDITERRANEAN",
    destination: "TRANSATLANTIC",
    nights: [12, 14],
    ports: ["BDA", "PDL", "FNC", "AGP", "GIB"],
    ocean: 1,
    portShare: 0.35,
  },
  {
    a: "US_SOUTHEAST",
    b: "US_NORTHEAST",
    destination: "BAHAMAS",
    nights: [5, 6, 7],
    ports: ["NAS", "CCY"],
    ocean: 2,
    portShare: 1,
    tail: 1,
  },
  {
    a: "CARIBBEAN",
    b: "US_NORTHEAST",
    destination: "CARIBBEAN",
    nights: [7, 8, 9],
    ports: ["STT", "EIS", "POP", "LAB", "NAS"],
    ocean: 5,
    portShare: 0.8,
  },
  {
    a: "CARIBBEAN",
    b: "US_SOUTHEAST",
    destination: "CARIBBEAN",
    nights: [5, 6, 7],
    ports: ["SKB", "STT", "POP", "LAB", "NAS"],
    portShare: 0.8,
  },
  {
    a: "US_SOUTHEAST",
    b: "CALIFORNIA",
    destination: "PANAMA_CANAL",
    nights: [14, 15, 16],
    ports: ["GCM", "AUA", "CTG", "PCZ", "PAS", "PQT", "HUX", "PVR", "CSL"],
    portShare: 0.6,
    lead: 1,
    tail: 1,
    must: ["PCZ"],
  },
  {
    a: "CALIFORNIA",
    b: "PACIFIC_NORTHWEST",
    destination: "PACIFIC_COASTAL",
    nights: [3, 4, 5],
    ports: ["SFO", "AST", "YYJ"],
    portShare: 0.7,
  },
  {
    a: "CALIFORNIA",
    b: "HAWAII",
    destination: "HAWAII",
    nights: [10, 11, 12],
    ports: ["ITO", "KOA", "OGG", "LIH"],
    ocean: 0,
    portShare: 1,
  },
  {
    a: "PACIFIC_NORTHWEST",
    b: "HAWAII",
    destination: "HAWAII",
    nights: [10, 11],
    ports: ["ITO", "KOA", "OGG", "LIH"],
    ocean: 0,
    portShare: 1,
  },
  {
    a: "HAWAII",
    b: "AUSTRALASIA",
    destination: "SOUTH_PACIFIC",
    nights: [15, 16, 17, 18],
    ports: ["BOB", "PPT", "RAR", "APW", "SUV", "LTK", "NOU", "LIF"],
    portShare: 0.45,
  },
  {
    a: "AUSTRALASIA",
    b: "ASIA",
    destination: "ASIA",
    nights: [14, 15, 16],
    ports: ["WSY", "CNS", "DRW", "KOM", "DPS"],
    portShare: 0.5,
  },
  {
    a: "MEDITERRANEAN",
    b: "NORTHERN_EUROPE",
    destination: "TARGET",
    nights: [10, 11, 12, 14],
    ports: ["AGP", "GIB", "CAD", "OPO", "VGO", "BIO", "BOD", "LEH"],
    portShare: 0.75,
  },
  {
    a: "MEDITERRANEAN",
    b: "SOUTH_AMERICA_EAST",
    destination: "TRANSATLANTIC",
    nights: [14, 15, 16, 17],
    ports: ["FNC", "TCI", "MDL", "REC", "SSA", "BZC"],
    ocean: 3,
    portShare: 0.45,
  },
  {
    a: "NORTHERN_EUROPE",
    b: "SOUTH_AMERICA_EAST",
    destination: "TRANSATLANTIC",
    nights: [18, 19, 20, 21],
    ports: ["LEH", "VGO", "LIS", "FNC", "TCI", "MDL", "REC", "SSA", "BZC"],
    ocean: 6,
    portShare: 0.45,
  },
  {
    a: "SOUTH_AMERICA_EAST",
    b: "PATAGONIA",
    destination: "SOUTH_AMERICA",
    nights: [9, 10, 11, 12],
    ports: ["BZC", "MVD", "PDP", "PMY", "PSY"],
    portShare: 0.6,
  },
  {
    a: "SOUTH_AMERICA_EAST",
    b: "SOUTH_AMERICA_WEST",
    destination: "SOUTH_AMERICA",
    nights: [14, 15, 16],
    ports: ["MVD", "PDP", "PMY", "PSY", "USH", "PUQ", "PMC"],
    portShare: 0.6,
  },
  {
    a: "PATAGONIA",
    b: "SOUTH_AMERICA_WEST",
    destination: "SOUTH_AMERICA",
    nights: [8, 9, 10],
    ports: ["PUQ", "PMC"],
    portShare: 0.4,
  },
  {
    a: "SOUTH_AMERICA_WEST",
    b: "CALIFORNIA",
    destination: "SOUTH_AMERICA",
    nights: [16, 17, 18],
    ports: ["LIM", "MEC", "PAS", "PQT", "HUX", "PVR", "CSL"],
    portShare: 0.5,
  },
];

/** Where a repositioning voyage ends when it only passes through a group. */
export const HUBS: Record<PortGroup, string> = {
  US_SOUTHEAST: "FLL",
  CARIBBEAN: "SJU",
  US_NORTHEAST: "BYN",
  MEDITERRANEAN: "BCN",
  NORTHERN_EUROPE: "SOU",
  PACIFIC_NORTHWEST: "YVR",
  CALIFORNIA: "LAX",
  HAWAII: "HNL",
  AUSTRALASIA: "SYD",
  ASIA: "SIN",
  SOUTH_AMERICA_EAST: "BUE",
  SOUTH_AMERICA_WEST: "VAP",
  PATAGONIA: "USH",
  GALAPAGOS: "GPS",
};
