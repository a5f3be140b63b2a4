import type { DestinationCode } from "./types";

/**
 * Where each ship sails, month by month, every year. A segment names the home ports the ship sails from
 * (round trips from the port it is at, or one-way voyages between them when `oneway`) and the kinds of
 * sailing it offers there. When a segment begins and the ship is elsewhere, it first sails a repositioning
 * voyage (transatlantic, Panama Canal, Pacific crossing …) to the nearest of the segment's home ports.
 */

export type DeploymentOption = { destination: DestinationCode; nights: number[]; weight?: number };
export type Segment = { months: number[]; homeports: string[]; oneway?: boolean; options: DeploymentOption[] };

/** Months from `first` to `last` (1–12), wrapping over the year end. */
function months(first: number, last: number): number[] {
  const list: number[] = [];
  for (let m = first; ; m = (m % 12) + 1) {
    list.push(m);
    if (m === last) return list;
  }
}

const YEAR = months(1, 12);
const seg = (range: number[], homeports: string[], options: DeploymentOption[], oneway = false): Segment => ({
  months: range,
  homeports,
  options,
  ...(oneway ? { oneway } : {}),
});
const opt = (destination: DestinationCode, nights: number[], weight = 1): DeploymentOption => ({
  destination,
  nights,
  weight,
});

const MED_VOYAGES = ["LIS", "BCN", "MCM", "CIV", "PIR", "VCE", "IST"];
const CARIBBEAN_VOYAGES = ["FLL", "MIA", "SJU", "BGI"];
const NORTH_EUROPE_VOYAGES = ["SOU", "CPH", "STO", "AMS", "REK"];
const SILVERSEA_NIGHTS = [7, 8, 9, 10, 12, 14];

const EXPEDITION: Segment[] = [
  seg(months(11, 2), ["USH"], [opt("ANTARCTICA", [10, 11], 3), opt("ANTARCTICA", [18, 20], 1)]),
  seg(months(3, 4), ["USH", "BUE", "VAP", "RIO"], [opt("SOUTH_AMERICA", [10, 12, 14])], true),
  seg(months(5, 9), ["REK", "LYR", "TOS", "SOU"], [opt("NORTHERN_EUROPE", [7, 9, 10, 12])], true),
  seg([10], ["BUE", "RIO", "USH"], [opt("SOUTH_AMERICA", [10, 12])], true),
];

export const DEPLOYMENTS: Record<string, Segment[]> = {
  // Royal Caribbean International
  IC: [seg(YEAR, ["MIA"], [opt("CARIBBEAN", [7])])],
  ST: [seg(YEAR, ["PCV"], [opt("CARIBBEAN", [7])])],
  UT: [seg(YEAR, ["PCV"], [opt("BAHAMAS", [3, 4])])],
  WN: [seg(months(11, 4), ["PCV"], [opt("CARIBBEAN", [7])]), seg(months(5, 10), ["BCN"], [opt("MEDITERRANEAN", [7])])],
  SY: [seg(YEAR, ["MIA"], [opt("CARIBBEAN", [7])])],
  HM: [seg(YEAR, ["GLS"], [opt("CARIBBEAN", [7])])],
  AL: [seg(YEAR, ["FLL"], [opt("BAHAMAS", [3, 4], 3), opt("CARIBBEAN", [5])])],
  OA: [
    seg(months(11, 4), ["MIA"], [opt("CARIBBEAN", [7], 3), opt("BAHAMAS", [3, 4])]),
    seg(months(5, 10), ["BYN"], [opt("BERMUDA", [5]), opt("BAHAMAS", [7]), opt("CANADA_NEW_ENGLAND", [7])]),
  ],
  OY: [seg(months(11, 4), ["FLL"], [opt("CARIBBEAN", [7])]), seg(months(5, 10), ["CIV"], [opt("MEDITERRANEAN", [7])])],
  SC: [seg(months(11, 3), ["SIN"], [opt("ASIA", [3, 4, 5])]), seg(months(4, 10), ["SHA"], [opt("ASIA", [4, 5, 6])])],
  OV: [
    seg(months(5, 9), ["SEA"], [opt("ALASKA", [7])]),
    seg(
      months(10, 4),
      ["SYD"],
      [opt("AUSTRALIA_NZ", [10, 12], 2), opt("SOUTH_PACIFIC", [7, 8, 9], 2), opt("AUSTRALIA_NZ", [3, 4])],
    ),
  ],
  AN: [
    seg(months(5, 9), ["SOU"], [opt("NORTHERN_EUROPE", [7, 12])]),
    seg(months(10, 4), ["BYN"], [opt("CARIBBEAN", [9], 2), opt("BAHAMAS", [7])]),
  ],
  QN: [
    seg(months(5, 9), ["SEA"], [opt("ALASKA", [7])]),
    seg(months(10, 4), ["BNE"], [opt("SOUTH_PACIFIC", [7, 8, 9]), opt("AUSTRALIA_NZ", [3, 4, 5])]),
  ],
  FR: [seg(YEAR, ["MIA"], [opt("BAHAMAS", [3, 4])])],
  LB: [seg(YEAR, ["GLS"], [opt("CARIBBEAN", [4, 5])])],
  ID: [seg(YEAR, ["TPA"], [opt("CARIBBEAN", [4, 5])])],
  NV: [seg(YEAR, ["LAX"], [opt("PACIFIC_COASTAL", [3, 4])])],
  MR: [seg(YEAR, ["PCV"], [opt("BAHAMAS", [3, 4]), opt("CARIBBEAN", [5])])],
  EX: [
    seg(months(5, 9), ["SEA"], [opt("ALASKA", [7])]),
    seg(months(10, 4), ["SAN"], [opt("PACIFIC_COASTAL", [7], 3), opt("PACIFIC_COASTAL", [4, 5])]),
  ],
  AD: [seg(YEAR, ["SJU"], [opt("CARIBBEAN", [7])])],
  VY: [
    seg(months(10, 4), ["FLL"], [opt("CARIBBEAN", [7, 8])]),
    seg(months(5, 9), ["CPH"], [opt("NORTHERN_EUROPE", [7, 9])]),
  ],
  RD: [
    seg(months(5, 9), ["YVR", "SWD"], [opt("ALASKA", [7])], true),
    seg(months(10, 4), ["SAN"], [opt("PACIFIC_COASTAL", [7], 2), opt("HAWAII", [14, 15])]),
  ],
  BR: [
    seg(months(5, 9), ["AMS"], [opt("NORTHERN_EUROPE", [7, 12])]),
    seg(months(10, 4), ["FLL"], [opt("CARIBBEAN", [9, 10, 11])]),
  ],
  SE: [
    seg(months(5, 9), ["YVR", "SWD"], [opt("ALASKA", [7])], true),
    seg(months(10, 4), ["LAX", "FLL"], [opt("PANAMA_CANAL", [15, 16])], true),
  ],
  JW: [
    seg(months(11, 4), ["SJU"], [opt("CARIBBEAN", [7])]),
    seg(months(5, 10), ["BOS"], [opt("BERMUDA", [7]), opt("CANADA_NEW_ENGLAND", [7], 2)]),
  ],
  EN: [
    seg(months(11, 4), ["BWI"], [opt("CARIBBEAN", [9]), opt("BAHAMAS", [7])]),
    seg(months(5, 10), ["BWI"], [opt("BERMUDA", [5]), opt("CANADA_NEW_ENGLAND", [7]), opt("BAHAMAS", [7])]),
  ],
  GR: [seg(YEAR, ["BGI"], [opt("CARIBBEAN", [7])])],
  RH: [seg(months(11, 4), ["TPA"], [opt("CARIBBEAN", [7])]), seg(months(5, 10), ["RAV"], [opt("MEDITERRANEAN", [7])])],
  VI: [
    seg(months(5, 10), ["PIR"], [opt("MEDITERRANEAN", [7, 10])]),
    seg(months(11, 4), ["FLL"], [opt("CARIBBEAN", [5, 9])]),
  ],

  // Celebrity Cruises
  XC: [
    seg(months(11, 4), ["FLL"], [opt("CARIBBEAN", [7])]),
    seg(months(5, 10), ["CIV"], [opt("MEDITERRANEAN", [7, 10])]),
  ],
  AT: [
    seg(months(11, 4), ["FLL"], [opt("CARIBBEAN", [7, 10])]),
    seg(months(5, 10), ["BCN"], [opt("MEDITERRANEAN", [7, 10, 11])]),
  ],
  BY: [
    seg(months(11, 4), ["FLL"], [opt("CARIBBEAN", [7])]),
    seg(months(5, 10), ["PIR"], [opt("MEDITERRANEAN", [7, 10])]),
  ],
  AX: [
    seg(months(5, 9), ["SOU"], [opt("NORTHERN_EUROPE", [7, 10, 12])]),
    seg(months(10, 4), ["FLL"], [opt("CARIBBEAN", [10, 11])]),
  ],
  EG: [seg(months(5, 9), ["SEA"], [opt("ALASKA", [7])]), seg(months(10, 4), ["FLL"], [opt("CARIBBEAN", [7])])],
  SL: [
    seg(months(5, 9), ["AMS"], [opt("NORTHERN_EUROPE", [7, 12, 14])]),
    seg(months(10, 4), ["FLL"], [opt("CARIBBEAN", [7, 10])]),
  ],
  RF: [
    seg(months(5, 10), ["CIV"], [opt("MEDITERRANEAN", [7, 10, 12])]),
    seg(months(11, 4), ["MIA"], [opt("CARIBBEAN", [7, 10, 11])]),
  ],
  SO: [
    seg(months(5, 9), ["YVR", "SWD"], [opt("ALASKA", [7])], true),
    seg(months(10, 4), ["SYD"], [opt("AUSTRALIA_NZ", [10, 12, 14]), opt("SOUTH_PACIFIC", [8, 9])]),
  ],
  EQ: [seg(YEAR, ["FLL"], [opt("CARIBBEAN", [7], 3), opt("PANAMA_CANAL", [10, 11])])],
  EC: [
    seg(months(12, 3), ["BUE", "VAP"], [opt("SOUTH_AMERICA", [14])], true),
    seg(months(4, 11), ["SAN"], [opt("PACIFIC_COASTAL", [7], 2), opt("HAWAII", [15])]),
  ],
  CS: [
    seg(months(4, 10), ["BCN"], [opt("MEDITERRANEAN", [7, 10, 11])]),
    seg(months(11, 3), ["TPA"], [opt("CARIBBEAN", [7, 10])]),
  ],
  IN: [
    seg(months(11, 4), ["SJU"], [opt("CARIBBEAN", [7])]),
    seg(months(5, 10), ["PIR"], [opt("MEDITERRANEAN", [7, 10])]),
  ],
  SU: [
    seg(months(5, 10), ["BYN"], [opt("BERMUDA", [5, 7]), opt("CANADA_NEW_ENGLAND", [7, 10])]),
    seg(months(11, 4), ["BYN"], [opt("CARIBBEAN", [9, 10, 11])]),
  ],
  ML: [
    seg(months(11, 3), ["SIN", "HKG"], [opt("ASIA", [10, 11, 12])], true),
    seg(months(4, 10), ["YOK"], [opt("ASIA", [7, 9, 10, 12])]),
  ],
  FL: [seg(YEAR, ["GPS"], [opt("GALAPAGOS", [7])])],

  // Silversea
  SR: [
    seg(months(4, 10), MED_VOYAGES, [opt("MEDITERRANEAN", SILVERSEA_NIGHTS)], true),
    seg(months(11, 3), CARIBBEAN_VOYAGES, [opt("CARIBBEAN", SILVERSEA_NIGHTS)], true),
  ],
  SN: [
    seg(months(4, 5), MED_VOYAGES, [opt("MEDITERRANEAN", SILVERSEA_NIGHTS)], true),
    seg(months(6, 8), NORTH_EUROPE_VOYAGES, [opt("NORTHERN_EUROPE", SILVERSEA_NIGHTS)], true),
    seg(months(9, 10), MED_VOYAGES, [opt("MEDITERRANEAN", SILVERSEA_NIGHTS)], true),
    seg(months(11, 3), CARIBBEAN_VOYAGES, [opt("CARIBBEAN", SILVERSEA_NIGHTS)], true),
  ],
  SD: [
    seg(months(4, 10), MED_VOYAGES, [opt("MEDITERRANEAN", SILVERSEA_NIGHTS)], true),
    seg(months(11, 3), ["RIO", "BUE", "VAP", "USH"], [opt("SOUTH_AMERICA", [10, 12, 14, 16])], true),
  ],
  SM: [
    seg([4], MED_VOYAGES, [opt("MEDITERRANEAN", SILVERSEA_NIGHTS)], true),
    seg(months(5, 9), NORTH_EUROPE_VOYAGES, [opt("NORTHERN_EUROPE", SILVERSEA_NIGHTS)], true),
    seg(months(10, 11), MED_VOYAGES, [opt("MEDITERRANEAN", SILVERSEA_NIGHTS)], true),
    seg(months(12, 3), CARIBBEAN_VOYAGES, [opt("CARIBBEAN", SILVERSEA_NIGHTS)], true),
  ],
  MU: [
    seg(months(5, 9), ["YVR", "SWD"], [opt("ALASKA", [7, 10])], true),
    seg(
      months(10, 4),
      ["SYD", "AKL", "PPT"],
      [opt("AUSTRALIA_NZ", [10, 12, 14], 2), opt("SOUTH_PACIFIC", [10, 12, 14])],
      true,
    ),
  ],
  SP: [
    seg(months(11, 3), ["SIN", "HKG"], [opt("ASIA", [9, 10, 12, 14])], true),
    seg(months(4, 10), ["YOK", "HKG", "SHA"], [opt("ASIA", [7, 9, 10, 12])], true),
  ],
  SH: [
    seg(months(11, 3), ["SYD", "AKL", "MEL", "BNE"], [opt("AUSTRALIA_NZ", [10, 12, 14, 16])], true),
    seg(months(4, 10), ["SIN", "HKG", "YOK"], [opt("ASIA", [9, 10, 12, 14])], true),
  ],
  WH: [
    seg(months(5, 10), ["NYC", "BOS", "YQB", "YUL"], [opt("CANADA_NEW_ENGLAND", [7, 10, 12])], true),
    seg(months(11, 4), CARIBBEAN_VOYAGES, [opt("CARIBBEAN", SILVERSEA_NIGHTS)], true),
  ],
  WI: EXPEDITION,
  CL: EXPEDITION,
  ED: EXPEDITION,
  OR: [seg(YEAR, ["GPS"], [opt("GALAPAGOS", [7])])],
};
