import type { Brand, CabinClass } from "./types";

/**
 * The three brands' fleets with approximately real facts (double-occupancy guests, gross tonnage, length
 * in metres). Stateroom counts come from each ship's total and its class's mix, so every ship of a class
 * has the same proportions. Ship codes are two upper-case letters.
 */

export type ShipClassFacts = {
  name: string;
  brand: Brand;
  /** Share of staterooms per cabin class (INTERIOR, OUTSIDE, BALCONY, DELUXE); 0 = the class is not offered. */
  mix: [number, number, number, number];
  dining: string[];
  activities: string[];
  /** One sentence about the class, used in every ship's description. */
  about: string;
  /** Multiplies the brand's base fare: newer, bigger classes cost more. */
  priceFactor: number;
};

export type ShipFacts = {
  code: string;
  name: string;
  brand: Brand;
  shipClass: string;
  yearBuilt: number;
  yearRefurbished: number | null;
  grossTonnage: number;
  guests: number;
  crew: number;
  decks: number;
  lengthMetres: number;
  staterooms: number;
  /** One or two sentences about this ship. */
  note: string;
  /** Venues or activities this ship has beyond its class's. */
  extraDining?: string[];
  extraActivities?: string[];
  /** Multiplies the class's price factor (expedition ships). */
  priceFactor?: number;
};

export const BRAND_COLOURS: Record<Brand, { hull: string; accent: string; sky: string; sea: string }> = {
  R: { hull: "#0b2d6b", accent: "#f2c230", sky: "#9fd3f5", sea: "#0e4c92" },
  C: { hull: "#1c1f26", accent: "#c8a96a", sky: "#f3d9c4", sea: "#234e6f" },
  V: { hull: "#2c3947", accent: "#b9c2cc", sky: "#d9e2ea", sea: "#35556f" },
};

const ROYAL_CORE = ["Main Dining Room", "Windjammer Marketplace", "Chops Grille"];
const CELEBRITY_SUITE = ["Luminae", "Michael's Club"];

export const SHIP_CLASSES: readonly ShipClassFacts[] = [
  {
    name: "Icon",
    brand: "R",
    mix: [0.25, 0.05, 0.62, 0.08],
    dining: [
      ...ROYAL_CORE,
      "Giovanni's Italian Kitchen",
      "Izumi Hibachi & Sushi",
      "Hooked Seafood",
      "Empire Supper Club",
      "Basecamp",
      "Sorrento's",
      "El Loco Fresh",
    ],
    activities: [
      "Category 6 Waterpark",
      "Crown's Edge",
      "FlowRider",
      "AquaDome",
      "Surfside",
      "Thrill Island",
      "Royal Bay Pool",
      "Absolute Zero Ice Arena",
      "Lost Treasure Mini Golf",
    ],
    about:
      "Icon-class ships are organised into eight neighbourhoods, with the largest waterpark at sea and the glass AquaDome at the bow.",
    priceFactor: 1.35,
  },
  {
    name: "Oasis",
    brand: "R",
    mix: [0.28, 0.08, 0.57, 0.07],
    dining: [
      ...ROYAL_CORE,
      "150 Central Park",
      "Giovanni's Italian Kitchen",
      "Izumi Hibachi & Sushi",
      "Johnny Rockets",
      "Sorrento's",
    ],
    activities: [
      "FlowRider",
      "Ultimate Abyss",
      "Central Park",
      "Boardwalk Carousel",
      "AquaTheater",
      "Studio B Ice Rink",
      "Zip Line",
      "Rock-Climbing Wall",
      "Perfect Storm Waterslides",
    ],
    about:
      "Oasis-class ships are divided into seven neighbourhoods, from the open-air Central Park to the Boardwalk and its AquaTheater.",
    priceFactor: 1.2,
  },
  {
    name: "Quantum Ultra",
    brand: "R",
    mix: [0.19, 0.05, 0.7, 0.06],
    dining: [
      ...ROYAL_CORE,
      "Teppanyaki",
      "Wonderland",
      "Giovanni's Italian Kitchen",
      "Izumi Hibachi & Sushi",
      "American Icon Grill",
    ],
    activities: ["North Star", "RipCord by iFLY", "SeaPlex", "FlowRider", "Two70", "Perfect Storm Waterslides"],
    about:
      "Quantum Ultra-class ships stretch the Quantum design with a bigger pool deck, the North Star observation capsule and the RipCord by iFLY skydiving simulator.",
    priceFactor: 1.15,
  },
  {
    name: "Quantum",
    brand: "R",
    mix: [0.19, 0.05, 0.7, 0.06],
    dining: [...ROYAL_CORE, "American Icon Grill", "Silk", "Chic", "The Grande", "Wonderland", "Jamie's Italian"],
    activities: ["North Star", "RipCord by iFLY", "SeaPlex Bumper Cars", "FlowRider", "Two70", "Rock-Climbing Wall"],
    about:
      "Quantum-class ships brought the North Star glass capsule, skydiving at sea and the Two70 lounge with its panoramic windows.",
    priceFactor: 1.1,
  },
  {
    name: "Freedom",
    brand: "R",
    mix: [0.38, 0.18, 0.38, 0.06],
    dining: [...ROYAL_CORE, "Giovanni's Italian Kitchen", "Johnny Rockets", "Izumi Hibachi & Sushi"],
    activities: [
      "FlowRider",
      "Studio B Ice Rink",
      "Perfect Storm Waterslides",
      "Royal Promenade",
      "Rock-Climbing Wall",
      "Mini Golf",
    ],
    about:
      "Freedom-class ships centre on the Royal Promenade, an indoor street of shops and cafés, and were the first with the FlowRider surf simulator.",
    priceFactor: 1,
  },
  {
    name: "Voyager",
    brand: "R",
    mix: [0.45, 0.2, 0.3, 0.05],
    dining: [...ROYAL_CORE, "Giovanni's Italian Kitchen", "Izumi Hibachi & Sushi", "Johnny Rockets", "Café Promenade"],
    activities: ["FlowRider", "Studio B Ice Rink", "Rock-Climbing Wall", "Royal Promenade", "Mini Golf", "Laser Tag"],
    about:
      "Voyager-class ships introduced the Royal Promenade and the first ice rink at sea, and have since gained waterslides and the FlowRider.",
    priceFactor: 0.95,
  },
  {
    name: "Radiance",
    brand: "R",
    mix: [0.22, 0.12, 0.6, 0.06],
    dining: [...ROYAL_CORE, "Giovanni's Italian Kitchen", "Izumi Hibachi & Sushi", "Chef's Table"],
    activities: ["Rock-Climbing Wall", "Solarium", "Centrum", "Mini Golf", "Vitality Spa", "Adventure Ocean"],
    about:
      "Radiance-class ships have more glass than any other class in the fleet, with glass elevators facing the sea and a Solarium under a glass roof.",
    priceFactor: 0.95,
  },
  {
    name: "Vision",
    brand: "R",
    mix: [0.42, 0.3, 0.22, 0.06],
    dining: [...ROYAL_CORE, "Izumi Hibachi & Sushi", "Chef's Table", "Café Promenade"],
    activities: ["Rock-Climbing Wall", "Solarium", "Viking Crown Lounge", "Adventure Ocean", "Vitality Spa"],
    about:
      "Vision-class ships are the fleet's smallest, with a seven-deck Centrum atrium and the Viking Crown Lounge high above the sea.",
    priceFactor: 0.85,
  },
  {
    name: "Edge",
    brand: "C",
    mix: [0.05, 0.03, 0.8, 0.12],
    dining: [
      "Cosmopolitan",
      "Cyprus",
      "Normandie",
      "Tuscan",
      "Oceanview Café",
      "Fine Cut Steakhouse",
      "Eden Restaurant",
      "Le Petit Chef",
      "Raw on 5",
      "Rooftop Garden Grill",
      ...CELEBRITY_SUITE,
    ],
    activities: ["Magic Carpet", "Rooftop Garden", "Resort Deck", "The Retreat Sundeck", "Eden", "Solarium", "The Spa"],
    about:
      "Edge-class ships have Infinite Veranda staterooms, the cantilevered Magic Carpet that moves between decks, and Eden, a three-deck space of gardens and glass.",
    priceFactor: 1.2,
  },
  {
    name: "Solstice",
    brand: "C",
    mix: [0.1, 0.05, 0.78, 0.07],
    dining: [
      "Main Restaurant",
      "Tuscan Grille",
      "Murano",
      "Sushi on Five",
      "Oceanview Café",
      "Le Petit Chef",
      "Blu",
      ...CELEBRITY_SUITE,
    ],
    activities: ["Lawn Club", "Solarium", "Rooftop Terrace", "Hot Glass Show", "The Spa", "Sky Observation Lounge"],
    about:
      "Solstice-class ships carry half an acre of real grass on the Lawn Club at the top of the ship, and most staterooms have a veranda.",
    priceFactor: 1.05,
  },
  {
    name: "Millennium",
    brand: "C",
    mix: [0.16, 0.35, 0.4, 0.09],
    dining: [
      "Main Restaurant",
      "Tuscan Grille",
      "Sushi on Five",
      "Le Petit Chef",
      "Oceanview Café",
      ...CELEBRITY_SUITE,
    ],
    activities: ["Solarium", "Rooftop Terrace", "The Spa", "Celebrity Theatre", "Casino", "Sky Observation Lounge"],
    about:
      "Millennium-class ships are mid-sized and were revolutionised in recent refits with new suites, the Rooftop Terrace and Le Petit Chef.",
    priceFactor: 0.9,
  },
  {
    name: "Flora",
    brand: "C",
    mix: [0, 0.2, 0.7, 0.1],
    dining: ["Seaside Restaurant", "Ocean Grill", "Marina Lounge"],
    activities: ["Zodiac landings", "Snorkelling", "Kayaking", "Naturalist-led hikes", "Stargazing platform"],
    about:
      "Flora was built for the Galápagos Islands, with an all-suite layout, naturalist guides on every landing and dynamic positioning that never drops anchor on the sea floor.",
    priceFactor: 1,
  },
  {
    name: "Nova",
    brand: "V",
    mix: [0, 0.03, 0.83, 0.14],
    dining: ["Atlantide", "Kaiseki", "La Dame", "S.A.L.T. Kitchen", "S.A.L.T. Lab", "The Marquee", "Arts Café"],
    activities: ["Zàgara Spa", "S.A.L.T. cooking classes", "Venetian Lounge", "Dolce Vita", "Observation Library"],
    about:
      "Nova-class ships have an asymmetrical design that opens the decks to the sea, hybrid power that runs on fuel cells in port, and Silversea's S.A.L.T. culinary programme.",
    priceFactor: 1.2,
  },
  {
    name: "Muse",
    brand: "V",
    mix: [0, 0.06, 0.82, 0.12],
    dining: ["Atlantide", "Indochine", "Kaiseki", "La Dame", "Silver Note", "Spaccanapoli", "Hot Rocks", "La Terrazza"],
    activities: ["Zàgara Spa", "Venetian Lounge", "Dolce Vita", "Connoisseur's Corner", "Panorama Lounge"],
    about:
      "Muse-class ships offer eight dining venues and no main dining room, so guests dine where and when they like, with butler service in every suite.",
    priceFactor: 1.1,
  },
  {
    name: "Spirit",
    brand: "V",
    mix: [0, 0.07, 0.8, 0.13],
    dining: ["Atlantide", "La Terrazza", "Seishin", "La Dame", "Indochine", "Hot Rocks"],
    activities: ["Zàgara Spa", "Panorama Lounge", "Dolce Vita", "Connoisseur's Corner", "Observation Library"],
    about:
      "Silver Spirit was lengthened in 2018 with a new midsection, adding suites and a larger Atlantide restaurant.",
    priceFactor: 1,
  },
  {
    name: "Shadow",
    brand: "V",
    mix: [0, 0.14, 0.74, 0.12],
    dining: ["The Restaurant", "La Terrazza", "La Dame", "Pool Grill", "Hot Rocks"],
    activities: ["Zàgara Spa", "Panorama Lounge", "Connoisseur's Corner", "Observation Library", "Card Room"],
    about:
      "Shadow-class ships carry fewer than 400 guests, so they reach harbours larger ships cannot, with a crew of about one for every guest.",
    priceFactor: 0.95,
  },
  {
    name: "Cloud",
    brand: "V",
    mix: [0, 0.22, 0.66, 0.12],
    dining: ["The Restaurant", "La Terrazza", "Pool Grill", "Hot Rocks"],
    activities: ["Zodiac landings", "Kayaking", "Expedition Team lectures", "Polar Plunge", "Observation Library"],
    about:
      "Converted for expeditions with an ice-class hull and a fleet of Zodiacs, these ships take few enough guests to land everyone in the polar regions.",
    priceFactor: 1.15,
  },
  {
    name: "Endeavour",
    brand: "V",
    mix: [0, 0.1, 0.8, 0.1],
    dining: ["The Restaurant", "Kaiseki", "La Terrazza", "Pool Grill"],
    activities: ["Zodiac landings", "Kayaking", "Observation Lounge", "Expedition Team lectures", "Polar Plunge"],
    about:
      "Silver Endeavour is a polar-class expedition ship with two indoor marinas for launching Zodiacs and kayaks straight from the hull.",
    priceFactor: 1.4,
  },
  {
    name: "Origin",
    brand: "V",
    mix: [0, 0, 0.88, 0.12],
    dining: ["The Restaurant", "Basalt", "Origin Lounge"],
    activities: ["Zodiac landings", "Snorkelling", "Kayaking", "Naturalist-led hikes", "Basecamp"],
    about:
      "Silver Origin was built for the Galápagos, with Ecuadorian naturalists, a marina platform for Zodiac departures and butler service in every suite.",
    priceFactor: 1.5,
  },
];

type Row = [
  code: string,
  name: string,
  shipClass: string,
  yearBuilt: number,
  yearRefurbished: number | null,
  grossTonnage: number,
  guests: number,
  crew: number,
  decks: number,
  lengthMetres: number,
  staterooms: number,
];

const ROYAL: Row[] = [
  ["IC", "Icon of the Seas", "Icon", 2024, null, 248663, 5610, 2350, 20, 364.8, 2805],
  ["ST", "Star of the Seas", "Icon", 2025, null, 248663, 5610, 2350, 20, 364.8, 2805],
  ["UT", "Utopia of the Seas", "Oasis", 2024, null, 236860, 5668, 2290, 18, 361.0, 2834],
  ["WN", "Wonder of the Seas", "Oasis", 2022, null, 236857, 5734, 2300, 18, 362.0, 2867],
  ["SY", "Symphony of the Seas", "Oasis", 2018, 2023, 228081, 5518, 2200, 18, 362.1, 2759],
  ["HM", "Harmony of the Seas", "Oasis", 2016, 2021, 226963, 5479, 2300, 16, 362.1, 2747],
  ["AL", "Allure of the Seas", "Oasis", 2010, 2020, 225282, 5484, 2384, 16, 362.0, 2742],
  ["OA", "Oasis of the Seas", "Oasis", 2009, 2019, 226838, 5602, 2140, 16, 361.6, 2706],
  ["OY", "Odyssey of the Seas", "Quantum Ultra", 2021, null, 169379, 4198, 1550, 16, 347.1, 2095],
  ["SC", "Spectrum of the Seas", "Quantum Ultra", 2019, null, 169379, 4246, 1551, 16, 347.1, 2137],
  ["OV", "Ovation of the Seas", "Quantum", 2016, 2024, 168666, 4180, 1300, 16, 348.0, 2090],
  ["AN", "Anthem of the Seas", "Quantum", 2015, 2024, 168666, 4180, 1300, 16, 348.0, 2090],
  ["QN", "Quantum of the Seas", "Quantum", 2014, 2021, 168666, 4180, 1300, 16, 348.0, 2090],
  ["FR", "Freedom of the Seas", "Freedom", 2006, 2020, 156271, 3926, 1300, 15, 338.9, 1815],
  ["LB", "Liberty of the Seas", "Freedom", 2007, 2016, 155889, 3798, 1300, 15, 338.9, 1804],
  ["ID", "Independence of the Seas", "Freedom", 2008, 2018, 154407, 3858, 1360, 15, 338.9, 1817],
  ["NV", "Navigator of the Seas", "Voyager", 2002, 2019, 139999, 3386, 1213, 15, 311.1, 1690],
  ["MR", "Mariner of the Seas", "Voyager", 2003, 2018, 139863, 3344, 1185, 15, 311.1, 1674],
  ["EX", "Explorer of the Seas", "Voyager", 2000, 2019, 137308, 3286, 1185, 15, 311.1, 1657],
  ["AD", "Adventure of the Seas", "Voyager", 2001, 2018, 137276, 3114, 1185, 15, 311.1, 1557],
  ["VY", "Voyager of the Seas", "Voyager", 1999, 2019, 137276, 3114, 1176, 15, 311.1, 1557],
  ["RD", "Radiance of the Seas", "Radiance", 2001, 2016, 90090, 2143, 869, 12, 293.2, 1071],
  ["BR", "Brilliance of the Seas", "Radiance", 2002, 2021, 90090, 2142, 848, 12, 293.2, 1071],
  ["SE", "Serenade of the Seas", "Radiance", 2003, 2020, 90090, 2143, 891, 12, 293.2, 1074],
  ["JW", "Jewel of the Seas", "Radiance", 2004, 2023, 90090, 2191, 859, 12, 293.2, 1084],
  ["EN", "Enchantment of the Seas", "Vision", 1997, 2017, 82910, 2252, 852, 11, 301.4, 1126],
  ["GR", "Grandeur of the Seas", "Vision", 1996, 2019, 73817, 1992, 760, 11, 279.0, 975],
  ["RH", "Rhapsody of the Seas", "Vision", 1997, 2016, 78491, 1998, 765, 11, 279.0, 1000],
  ["VI", "Vision of the Seas", "Vision", 1998, 2017, 78717, 2000, 765, 11, 279.0, 1000],
];

const CELEBRITY: Row[] = [
  ["XC", "Celebrity Xcel", "Edge", 2025, null, 140600, 3260, 1400, 17, 327.0, 1646],
  ["AT", "Celebrity Ascent", "Edge", 2023, null, 140600, 3260, 1400, 17, 327.0, 1646],
  ["BY", "Celebrity Beyond", "Edge", 2022, null, 140600, 3260, 1400, 17, 327.0, 1646],
  ["AX", "Celebrity Apex", "Edge", 2020, null, 129500, 2910, 1320, 16, 306.0, 1450],
  ["EG", "Celebrity Edge", "Edge", 2018, null, 129500, 2918, 1377, 16, 306.0, 1467],
  ["SL", "Celebrity Silhouette", "Solstice", 2011, 2020, 122400, 2886, 1233, 15, 319.0, 1443],
  ["RF", "Celebrity Reflection", "Solstice", 2012, 2024, 126000, 3046, 1271, 15, 319.0, 1523],
  ["SO", "Celebrity Solstice", "Solstice", 2008, 2016, 122000, 2850, 1253, 15, 317.0, 1426],
  ["EQ", "Celebrity Equinox", "Solstice", 2009, 2019, 122000, 2850, 1253, 15, 317.0, 1426],
  ["EC", "Celebrity Eclipse", "Solstice", 2010, 2019, 122000, 2850, 1253, 15, 317.0, 1426],
  ["CS", "Celebrity Constellation", "Millennium", 2002, 2017, 91000, 2170, 920, 11, 294.0, 1085],
  ["IN", "Celebrity Infinity", "Millennium", 2001, 2015, 91000, 2170, 964, 11, 294.0, 1085],
  ["SU", "Celebrity Summit", "Millennium", 2001, 2019, 91000, 2158, 952, 11, 294.0, 1079],
  ["ML", "Celebrity Millennium", "Millennium", 2000, 2019, 91000, 2218, 999, 11, 294.0, 1080],
  ["FL", "Celebrity Flora", "Flora", 2019, null, 5739, 100, 80, 5, 101.0, 50],
];

const SILVERSEA: Row[] = [
  ["SR", "Silver Ray", "Nova", 2024, null, 54700, 728, 556, 10, 244.0, 364],
  ["SN", "Silver Nova", "Nova", 2023, null, 54700, 728, 556, 10, 244.0, 364],
  ["SD", "Silver Dawn", "Muse", 2022, null, 40700, 596, 411, 10, 212.0, 298],
  ["SM", "Silver Moon", "Muse", 2020, null, 40700, 596, 411, 10, 212.0, 298],
  ["MU", "Silver Muse", "Muse", 2017, null, 40791, 596, 411, 10, 212.0, 298],
  ["SP", "Silver Spirit", "Spirit", 2009, 2018, 39519, 608, 412, 9, 210.7, 304],
  ["SH", "Silver Shadow", "Shadow", 2000, 2019, 28258, 388, 302, 7, 186.0, 194],
  ["WH", "Silver Whisper", "Shadow", 2001, 2018, 28258, 388, 302, 7, 186.0, 194],
  ["WI", "Silver Wind", "Cloud", 1995, 2021, 17400, 274, 222, 6, 156.7, 137],
  ["CL", "Silver Cloud", "Cloud", 1994, 2017, 16800, 254, 212, 6, 157.0, 127],
  ["ED", "Silver Endeavour", "Endeavour", 2021, 2022, 20449, 220, 220, 7, 164.0, 100],
  ["OR", "Silver Origin", "Origin", 2020, null, 5800, 100, 90, 5, 101.0, 51],
];

/** One or two sentences about each ship, the start of its description. */
const NOTES: Record<string, string> = {
  IC: "The largest cruise ship in the world when she set sail from Miami in January 2024.",
  ST: "The second Icon-class ship, based at Port Canaveral for Caribbean sailings.",
  UT: "The newest Oasis-class ship, built for short getaways to The Bahamas and Perfect Day at CocoCay.",
  WN: "The first Oasis-class ship with the Suite Neighbourhood and the Wonder Playscape for children.",
  SY: "Refurbished in 2023 with new dining and a refreshed Boardwalk.",
  HM: "Home to the Ultimate Abyss, a ten-storey dry slide, and three waterslides.",
  AL: "The second Oasis-class ship, amplified in 2020 with new slides and a laser-tag arena.",
  OA: "The ship that began the class, amplified in 2019 with the Ultimate Abyss and a Caribbean-themed pool deck.",
  OY: "The second Quantum Ultra-class ship, with a redesigned pool deck and the Lime & Coconut bar.",
  SC: "Built for Asia, with the Ultimate Family Suite and a dedicated karaoke lounge.",
  OV: "Sails Alaska in the northern summer and Australia and New Zealand in the southern one.",
  AN: "The second Quantum-class ship, refreshed in 2024.",
  QN: "The first of her class, with the North Star capsule rising 90 metres above the sea.",
  FR: "Amplified in 2020 with the Perfect Storm waterslides and a new pool deck.",
  LB: "Amplified in 2016 with the Tidal Wave boomerang slide and the Sky Pad.",
  ID: "Amplified in 2018 with the Ultimate Abyss and a laser-tag arena.",
  NV: "Amplified in 2019 with the Blaster aqua coaster, the longest at sea at the time.",
  MR: "Amplified in 2018 with Sky Pad, the Perfect Storm waterslides and a laser-tag arena.",
  EX: "Amplified in 2019 with a new pool deck, waterslides and the Playmakers sports bar.",
  AD: "Amplified in 2018 with the Perfect Storm duelling waterslides.",
  VY: "The ship that introduced the Royal Promenade and the first ice rink at sea.",
  RD: "The first Radiance-class ship, with acres of glass facing the sea.",
  BR: "Refurbished in 2021 with a new Playmakers bar and the Adventure Ocean youth space.",
  SE: "Refurbished in 2020 and known for long voyages, including a nine-month world cruise.",
  JW: "The last Radiance-class ship, refurbished in 2023.",
  EN: "Lengthened in 2005 with a new 22-metre midsection.",
  GR: "The second Vision-class ship, refreshed in 2019.",
  RH: "Refurbished in 2016 with Chops Grille and Izumi sushi.",
  VI: "The ship that gave the class its name, refurbished in 2017.",
  XC: "The fifth Edge-class ship, with a reimagined Grand Plaza and new rooftop dining.",
  AT: "The fourth Edge-class ship, with a bigger Sunset Bar at the stern.",
  BY: "A lengthened Edge-class ship with a two-storey Sunset Bar and a larger Rooftop Garden.",
  AX: "The second Edge-class ship, with the Infinite Veranda in most staterooms.",
  EG: "The first ship of her class, designed with an outward-facing layout by Kelly Hoppen and others.",
  SL: "Revolutionised in 2020 with new suites and the Retreat Sundeck.",
  RF: "The largest Solstice-class ship, with an extra deck of suites.",
  SO: "The ship that began the class and the Lawn Club.",
  EQ: "Revolutionised in 2019 with new staterooms and the Retreat for suite guests.",
  EC: "Revolutionised in 2019, she sails South America in the southern summer.",
  CS: "Refurbished in 2017 with new suites and the Sunset Bar.",
  IN: "Refurbished in 2015 with more verandas and the Sunset Bar.",
  SU: "Revolutionised in 2019 with new staterooms and the Retreat.",
  ML: "The first of her class, revolutionised in 2019, sailing in Asia.",
  FL: "A 100-guest ship designed for the Galápagos Islands, sailing seven-night loops from Baltra.",
  SR: "The second Nova-class ship, with the S.A.L.T. Kitchen and a wide pool deck facing the sea.",
  SN: "The first Nova-class ship and the first hybrid-powered ship in Silversea's fleet.",
  SD: "The third Muse-class ship, the first with the Otium wellness programme.",
  SM: "The first ship with the S.A.L.T. culinary programme on board.",
  MU: "The first ship of her class, which set Silversea's standard for dining at sea.",
  SP: "She sails in Asia, from Singapore and Hong Kong to Japan.",
  SH: "Refurbished in 2019, she sails in Australia, New Zealand and Asia.",
  WH: "Refurbished in 2018, she sails Canada and New England and the Caribbean.",
  WI: "Converted to an ice-class expedition ship in 2021.",
  CL: "Silversea's first ship, converted to an ice-class expedition ship in 2017.",
  ED: "Built as a polar-class ship and renamed when she joined Silversea in 2022.",
  OR: "A 100-guest ship with a crew mostly from Ecuador, sailing seven-night loops from Baltra.",
};

const EXTRA: Record<string, Partial<Pick<ShipFacts, "extraDining" | "extraActivities" | "priceFactor">>> = {
  IC: { extraActivities: ["Pearl Café walkway"] },
  WN: { extraDining: ["Mason Jar Southern Restaurant & Bar"], extraActivities: ["Wonder Playscape"] },
  SY: { extraDining: ["Hooked Seafood", "El Loco Fresh"] },
  UT: { extraDining: ["Royal Railway – Utopia Station"], extraActivities: ["Pesky Parrot Tiki Bar"] },
  SC: { extraDining: ["Sichuan Red", "Hot Pot"], extraActivities: ["Sky Pad", "Karaoke rooms"] },
  OY: { extraDining: ["Lime & Coconut"] },
  FL: { priceFactor: 6 },
};

function toShip(brand: Brand) {
  return (row: Row): ShipFacts => {
    const [code, name, shipClass, yearBuilt, yearRefurbished, grossTonnage, guests, crew, decks, lengthMetres] = row;
    return {
      code,
      name,
      brand,
      shipClass,
      yearBuilt,
      yearRefurbished,
      grossTonnage,
      guests,
      crew,
      decks,
      lengthMetres,
      staterooms: row[10],
      note: NOTES[code] ?? "",
      ...EXTRA[code],
    };
  };
}

/** In brand order (R, C, V), each brand newest class first. */
export const SHIPS: readonly ShipFacts[] = [
  ...ROYAL.map(toShip("R")),
  ...CELEBRITY.map(toShip("C")),
  ...SILVERSEA.map(toShip("V")),
];

export const CLASS_BY_NAME: ReadonlyMap<string, ShipClassFacts> = new Map(SHIP_CLASSES.map((c) => [c.name, c]));

export function shipClassOf(ship: ShipFacts): ShipClassFacts {
  const found = CLASS_BY_NAME.get(ship.shipClass);
  if (!found) throw new Error(`unknown ship class ${ship.shipClass}`);
  return found;
}

const CLASS_ORDER: readonly CabinClass[] = ["INTERIOR", "OUTSIDE", "BALCONY", "DELUXE"];

/** Staterooms per cabin class: the class mix applied to the ship's total, rounded so they add up. */
export function stateroomCounts(ship: ShipFacts): Array<{ cabinClass: CabinClass; count: number }> {
  const mix = shipClassOf(ship).mix;
  const counts = mix.map((share) => Math.round(share * ship.staterooms));
  const largest = counts.indexOf(Math.max(...counts));
  counts[largest] = (counts[largest] ?? 0) + ship.staterooms - counts.reduce((sum, n) => sum + n, 0);
  return CLASS_ORDER.map((cabinClass, i) => ({ cabinClass, count: counts[i] ?? 0 }));
}

/** The ship's description: its own note and its class's. */
export function describeShip(ship: ShipFacts): string {
  const cls = shipClassOf(ship);
  const guests = String(ship.guests).replace(/\B(?=(\d{3})+$)/g, ",");
  const built = `${ship.name} entered service in ${ship.yearBuilt} and carries ${guests} guests.`;
  return `${built} ${ship.note} ${cls.about}`;
}
