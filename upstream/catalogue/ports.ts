/**
 * The ports of the catalogue: real places with the names cruise lines print. Codes are three upper-case
 * letters (the city's IATA code where there is one). `group` marks the ports ships are based at or
 * reposition between: a ship moving from one group to another sails a repositioning voyage.
 */

export type Region =
  | "Caribbean"
  | "North America"
  | "Central America"
  | "South America"
  | "Europe"
  | "Atlantic Islands"
  | "Asia"
  | "Oceania"
  | "Antarctica";

export type PortGroup =
  | "US_SOUTHEAST"
  | "CARIBBEAN"
  | "US_NORTHEAST"
  | "MEDITERRANEAN"
  | "NORTHERN_EUROPE"
  | "PACIFIC_NORTHWEST"
  | "CALIFORNIA"
  | "HAWAII"
  | "AUSTRALASIA"
  | "ASIA"
  | "SOUTH_AMERICA_EAST"
  | "SOUTH_AMERICA_WEST"
  | "PATAGONIA"
  | "GALAPAGOS";

export type PortFacts = {
  code: string;
  name: string;
  country: string;
  countryCode: string;
  region: Region;
  group?: PortGroup;
};

type Row = [code: string, name: string, country: string, countryCode: string, region: Region, group?: PortGroup];

const US = ["United States", "US"] as const;
const CA = ["Canada", "CA"] as const;

const ROWS: Row[] = [
  // North America: home ports
  ["MIA", "Miami", ...US, "North America", "US_SOUTHEAST"],
  ["FLL", "Fort Lauderdale", ...US, "North America", "US_SOUTHEAST"],
  ["PCV", "Port Canaveral", ...US, "North America", "US_SOUTHEAST"],
  ["TPA", "Tampa", ...US, "North America", "US_SOUTHEAST"],
  ["GLS", "Galveston", ...US, "North America", "US_SOUTHEAST"],
  ["BYN", "Cape Liberty", ...US, "North America", "US_NORTHEAST"],
  ["NYC", "New York", ...US, "North America", "US_NORTHEAST"],
  ["BOS", "Boston", ...US, "North America", "US_NORTHEAST"],
  ["BWI", "Baltimore", ...US, "North America", "US_NORTHEAST"],
  ["YQB", "Québec City", ...CA, "North America", "US_NORTHEAST"],
  ["YUL", "Montréal", ...CA, "North America", "US_NORTHEAST"],
  ["SEA", "Seattle", ...US, "North America", "PACIFIC_NORTHWEST"],
  ["YVR", "Vancouver", ...CA, "North America", "PACIFIC_NORTHWEST"],
  ["SWD", "Seward", ...US, "North America", "PACIFIC_NORTHWEST"],
  ["LAX", "Los Angeles", ...US, "North America", "CALIFORNIA"],
  ["SAN", "San Diego", ...US, "North America", "CALIFORNIA"],
  ["HNL", "Honolulu", ...US, "North America", "HAWAII"],
  // North America: ports of call
  ["EYW", "Key West", ...US, "North America"],
  ["JNU", "Juneau", ...US, "North America"],
  ["KTN", "Ketchikan", ...US, "North America"],
  ["SGY", "Skagway", ...US, "North America"],
  ["SIT", "Sitka", ...US, "North America"],
  ["ICY", "Icy Strait Point", ...US, "North America"],
  ["HNS", "Haines", ...US, "North America"],
  ["YYJ", "Victoria", ...CA, "North America"],
  ["YPR", "Prince Rupert", ...CA, "North America"],
  ["SFO", "San Francisco", ...US, "North America"],
  ["AST", "Astoria", ...US, "North America"],
  ["AVX", "Catalina Island", ...US, "North America"],
  ["ITO", "Hilo", ...US, "North America"],
  ["KOA", "Kailua-Kona", ...US, "North America"],
  ["OGG", "Kahului", ...US, "North America"],
  ["LIH", "Nawiliwili", ...US, "North America"],
  ["PWM", "Portland, Maine", ...US, "North America"],
  ["BHB", "Bar Harbor", ...US, "North America"],
  ["NPT", "Newport", ...US, "North America"],
  ["YSJ", "Saint John", ...CA, "North America"],
  ["YHZ", "Halifax", ...CA, "North America"],
  ["YQY", "Sydney, Nova Scotia", ...CA, "North America"],
  ["YYG", "Charlottetown", ...CA, "North America"],
  ["BDA", "King's Wharf", "Bermuda", "BM", "Atlantic Islands"],
  ["SGB", "St. George's", "Bermuda", "BM", "Atlantic Islands"],
  // Mexico and Central America
  ["CZM", "Cozumel", "Mexico", "MX", "Central America"],
  ["CTM", "Costa Maya", "Mexico", "MX", "Central America"],
  ["PGO", "Progreso", "Mexico", "MX", "Central America"],
  ["ENS", "Ensenada", "Mexico", "MX", "North America"],
  ["CSL", "Cabo San Lucas", "Mexico", "MX", "North America"],
  ["PVR", "Puerto Vallarta", "Mexico", "MX", "North America"],
  ["MZT", "Mazatlán", "Mexico", "MX", "North America"],
  ["HUX", "Huatulco", "Mexico", "MX", "Central America"],
  ["RTB", "Roatán", "Honduras", "HN", "Central America"],
  ["BZE", "Belize City", "Belize", "BZ", "Central America"],
  ["PAS", "Puntarenas", "Costa Rica", "CR", "Central America"],
  ["PQT", "Puerto Quetzal", "Guatemala", "GT", "Central America"],
  ["ONX", "Colón", "Panama", "PA", "Central America"],
  ["PCZ", "Panama Canal", "Panama", "PA", "Central America"],
  ["CTG", "Cartagena", "Colombia", "CO", "South America"],
  // Caribbean
  ["SJU", "San Juan", "Puerto Rico", "PR", "Caribbean", "CARIBBEAN"],
  ["BGI", "Bridgetown", "Barbados", "BB", "Caribbean", "CARIBBEAN"],
  ["NAS", "Nassau", "Bahamas", "BS", "Caribbean"],
  ["CCY", "Perfect Day at CocoCay", "Bahamas", "BS", "Caribbean"],
  ["FPO", "Freeport", "Bahamas", "BS", "Caribbean"],
  ["BIM", "Bimini", "Bahamas", "BS", "Caribbean"],
  ["LAB", "Labadee", "Haiti", "HT", "Caribbean"],
  ["GCM", "Grand Cayman", "Cayman Islands", "KY", "Caribbean"],
  ["FMH", "Falmouth", "Jamaica", "JM", "Caribbean"],
  ["OCJ", "Ocho Rios", "Jamaica", "JM", "Caribbean"],
  ["POP", "Puerto Plata", "Dominican Republic", "DO", "Caribbean"],
  ["STT", "St. Thomas", "US Virgin Islands", "VI", "Caribbean"],
  ["EIS", "Tortola", "British Virgin Islands", "VG", "Caribbean"],
  ["SXM", "Philipsburg", "Sint Maarten", "SX", "Caribbean"],
  ["SBH", "Gustavia", "Saint Barthélemy", "BL", "Caribbean"],
  ["SKB", "Basseterre", "Saint Kitts and Nevis", "KN", "Caribbean"],
  ["ANU", "St. John's", "Antigua and Barbuda", "AG", "Caribbean"],
  ["PTP", "Pointe-à-Pitre", "Guadeloupe", "GP", "Caribbean"],
  ["DOM", "Roseau", "Dominica", "DM", "Caribbean"],
  ["FDF", "Fort-de-France", "Martinique", "MQ", "Caribbean"],
  ["SLU", "Castries", "Saint Lucia", "LC", "Caribbean"],
  ["SVD", "Kingstown", "Saint Vincent and the Grenadines", "VC", "Caribbean"],
  ["GND", "St. George's, Grenada", "Grenada", "GD", "Caribbean"],
  ["AUA", "Oranjestad", "Aruba", "AW", "Caribbean"],
  ["CUR", "Willemstad", "Curaçao", "CW", "Caribbean"],
  ["BON", "Kralendijk", "Bonaire", "BQ", "Caribbean"],
  // Mediterranean
  ["BCN", "Barcelona", "Spain", "ES", "Europe", "MEDITERRANEAN"],
  ["CIV", "Rome (Civitavecchia)", "Italy", "IT", "Europe", "MEDITERRANEAN"],
  ["RAV", "Ravenna", "Italy", "IT", "Europe", "MEDITERRANEAN"],
  ["VCE", "Venice", "Italy", "IT", "Europe", "MEDITERRANEAN"],
  ["PIR", "Athens (Piraeus)", "Greece", "GR", "Europe", "MEDITERRANEAN"],
  ["IST", "Istanbul", "Türkiye", "TR", "Europe", "MEDITERRANEAN"],
  ["MCM", "Monte Carlo", "Monaco", "MC", "Europe", "MEDITERRANEAN"],
  ["LIS", "Lisbon", "Portugal", "PT", "Europe", "MEDITERRANEAN"],
  ["MRS", "Marseille", "France", "FR", "Europe"],
  ["VFR", "Villefranche", "France", "FR", "Europe"],
  ["AJA", "Ajaccio", "France", "FR", "Europe"],
  ["SPE", "La Spezia", "Italy", "IT", "Europe"],
  ["LIV", "Livorno", "Italy", "IT", "Europe"],
  ["NAP", "Naples", "Italy", "IT", "Europe"],
  ["MSN", "Messina", "Italy", "IT", "Europe"],
  ["MLA", "Valletta", "Malta", "MT", "Europe"],
  ["PMI", "Palma de Mallorca", "Spain", "ES", "Europe"],
  ["IBZ", "Ibiza", "Spain", "ES", "Europe"],
  ["VLC", "Valencia", "Spain", "ES", "Europe"],
  ["AGP", "Málaga", "Spain", "ES", "Europe"],
  ["CAD", "Cádiz", "Spain", "ES", "Europe"],
  ["GIB", "Gibraltar", "Gibraltar", "GI", "Europe"],
  ["DBV", "Dubrovnik", "Croatia", "HR", "Europe"],
  ["SPU", "Split", "Croatia", "HR", "Europe"],
  ["KOT", "Kotor", "Montenegro", "ME", "Europe"],
  ["CFU", "Corfu", "Greece", "GR", "Europe"],
  ["KAK", "Katakolon", "Greece", "GR", "Europe"],
  ["JMK", "Mykonos", "Greece", "GR", "Europe"],
  ["JTR", "Santorini", "Greece", "GR", "Europe"],
  ["RHO", "Rhodes", "Greece", "GR", "Europe"],
  ["CHQ", "Chania", "Greece", "GR", "Europe"],
  ["KUS", "Kuşadası", "Türkiye", "TR", "Europe"],
  // Atlantic islands and western Europe
  ["PDL", "Ponta Delgada", "Portugal", "PT", "Atlantic Islands"],
  ["FNC", "Funchal", "Portugal", "PT", "Atlantic Islands"],
  ["TCI", "Santa Cruz de Tenerife", "Spain", "ES", "Atlantic Islands"],
  ["MDL", "Mindelo", "Cabo Verde", "CV", "Atlantic Islands"],
  ["OPO", "Porto", "Portugal", "PT", "Europe"],
  ["VGO", "Vigo", "Spain", "ES", "Europe"],
  ["BIO", "Bilbao", "Spain", "ES", "Europe"],
  ["BOD", "Bordeaux", "France", "FR", "Europe"],
  ["LEH", "Le Havre", "France", "FR", "Europe"],
  // Northern Europe
  ["SOU", "Southampton", "United Kingdom", "GB", "Europe", "NORTHERN_EUROPE"],
  ["CPH", "Copenhagen", "Denmark", "DK", "Europe", "NORTHERN_EUROPE"],
  ["AMS", "Amsterdam", "Netherlands", "NL", "Europe", "NORTHERN_EUROPE"],
  ["STO", "Stockholm", "Sweden", "SE", "Europe", "NORTHERN_EUROPE"],
  ["REK", "Reykjavík", "Iceland", "IS", "Europe", "NORTHERN_EUROPE"],
  ["TOS", "Tromsø", "Norway", "NO", "Europe", "NORTHERN_EUROPE"],
  ["LYR", "Longyearbyen", "Norway", "NO", "Europe", "NORTHERN_EUROPE"],
  ["BGO", "Bergen", "Norway", "NO", "Europe"],
  ["GEI", "Geiranger", "Norway", "NO", "Europe"],
  ["AES", "Ålesund", "Norway", "NO", "Europe"],
  ["SVG", "Stavanger", "Norway", "NO", "Europe"],
  ["FLM", "Flåm", "Norway", "NO", "Europe"],
  ["HVG", "Honningsvåg", "Norway", "NO", "Europe"],
  ["OSL", "Oslo", "Norway", "NO", "Europe"],
  ["TLL", "Tallinn", "Estonia", "EE", "Europe"],
  ["HEL", "Helsinki", "Finland", "FI", "Europe"],
  ["WAR", "Warnemünde", "Germany", "DE", "Europe"],
  ["VBY", "Visby", "Sweden", "SE", "Europe"],
  ["ZEE", "Zeebrugge", "Belgium", "BE", "Europe"],
  ["DUB", "Dublin", "Ireland", "IE", "Europe"],
  ["ORK", "Cobh", "Ireland", "IE", "Europe"],
  ["BHD", "Belfast", "United Kingdom", "GB", "Europe"],
  ["GRK", "Greenock", "United Kingdom", "GB", "Europe"],
  ["INV", "Invergordon", "United Kingdom", "GB", "Europe"],
  ["KOI", "Kirkwall", "United Kingdom", "GB", "Europe"],
  ["AEY", "Akureyri", "Iceland", "IS", "Europe"],
  ["IFJ", "Ísafjörður", "Iceland", "IS", "Europe"],
  // Asia
  ["SIN", "Singapore", "Singapore", "SG", "Asia", "ASIA"],
  ["HKG", "Hong Kong", "Hong Kong", "HK", "Asia", "ASIA"],
  ["YOK", "Tokyo (Yokohama)", "Japan", "JP", "Asia", "ASIA"],
  ["SHA", "Shanghai", "China", "CN", "Asia", "ASIA"],
  ["PEN", "Penang", "Malaysia", "MY", "Asia"],
  ["HKT", "Phuket", "Thailand", "TH", "Asia"],
  ["PKG", "Kuala Lumpur (Port Klang)", "Malaysia", "MY", "Asia"],
  ["LCB", "Bangkok (Laem Chabang)", "Thailand", "TH", "Asia"],
  ["SGN", "Ho Chi Minh City (Phu My)", "Vietnam", "VN", "Asia"],
  ["NHA", "Nha Trang", "Vietnam", "VN", "Asia"],
  ["DAD", "Da Nang", "Vietnam", "VN", "Asia"],
  ["OSA", "Osaka", "Japan", "JP", "Asia"],
  ["NGS", "Nagasaki", "Japan", "JP", "Asia"],
  ["KOJ", "Kagoshima", "Japan", "JP", "Asia"],
  ["SMZ", "Shimizu", "Japan", "JP", "Asia"],
  ["OKA", "Naha", "Japan", "JP", "Asia"],
  ["PUS", "Busan", "South Korea", "KR", "Asia"],
  ["CJU", "Jeju", "South Korea", "KR", "Asia"],
  ["KEL", "Keelung (Taipei)", "Taiwan", "TW", "Asia"],
  ["MNL", "Manila", "Philippines", "PH", "Asia"],
  ["DPS", "Benoa (Bali)", "Indonesia", "ID", "Asia"],
  ["KOM", "Komodo", "Indonesia", "ID", "Asia"],
  // Australia and New Zealand
  ["SYD", "Sydney", "Australia", "AU", "Oceania", "AUSTRALASIA"],
  ["BNE", "Brisbane", "Australia", "AU", "Oceania", "AUSTRALASIA"],
  ["MEL", "Melbourne", "Australia", "AU", "Oceania", "AUSTRALASIA"],
  ["AKL", "Auckland", "New Zealand", "NZ", "Oceania", "AUSTRALASIA"],
  ["PPT", "Papeete", "French Polynesia", "PF", "Oceania", "AUSTRALASIA"],
  ["HBA", "Hobart", "Australia", "AU", "Oceania"],
  ["EDN", "Eden", "Australia", "AU", "Oceania"],
  ["MRT", "Moreton Island", "Australia", "AU", "Oceania"],
  ["ADL", "Adelaide", "Australia", "AU", "Oceania"],
  ["WSY", "Airlie Beach", "Australia", "AU", "Oceania"],
  ["CNS", "Cairns", "Australia", "AU", "Oceania"],
  ["DRW", "Darwin", "Australia", "AU", "Oceania"],
  ["BOI", "Bay of Islands", "New Zealand", "NZ", "Oceania"],
  ["TRG", "Tauranga", "New Zealand", "NZ", "Oceania"],
  ["NPE", "Napier", "New Zealand", "NZ", "Oceania"],
  ["WLG", "Wellington", "New Zealand", "NZ", "Oceania"],
  ["PCN", "Picton", "New Zealand", "NZ", "Oceania"],
  ["AKA", "Akaroa", "New Zealand", "NZ", "Oceania"],
  ["DUD", "Dunedin", "New Zealand", "NZ", "Oceania"],
  // South Pacific
  ["BOB", "Bora Bora", "French Polynesia", "PF", "Oceania"],
  ["MOZ", "Moorea", "French Polynesia", "PF", "Oceania"],
  ["RFP", "Raiatea", "French Polynesia", "PF", "Oceania"],
  ["RAR", "Rarotonga", "Cook Islands", "CK", "Oceania"],
  ["APW", "Apia", "Samoa", "WS", "Oceania"],
  ["SUV", "Suva", "Fiji", "FJ", "Oceania"],
  ["LTK", "Lautoka", "Fiji", "FJ", "Oceania"],
  ["NOU", "Nouméa", "New Caledonia", "NC", "Oceania"],
  ["LIF", "Lifou", "New Caledonia", "NC", "Oceania"],
  ["ILP", "Isle of Pines", "New Caledonia", "NC", "Oceania"],
  ["VLI", "Port Vila", "Vanuatu", "VU", "Oceania"],
  ["MYI", "Mystery Island", "Vanuatu", "VU", "Oceania"],
  // Galápagos Islands
  ["GPS", "Baltra", "Ecuador", "EC", "South America", "GALAPAGOS"],
  ["SCY", "Santa Cruz Island", "Ecuador", "EC", "South America"],
  ["SCB", "San Cristóbal Island", "Ecuador", "EC", "South America"],
  ["ISB", "Isabela Island", "Ecuador", "EC", "South America"],
  ["ESP", "Española Island", "Ecuador", "EC", "South America"],
  ["FLR", "Floreana Island", "Ecuador", "EC", "South America"],
  ["GNV", "Genovesa Island", "Ecuador", "EC", "South America"],
  ["FDI", "Fernandina Island", "Ecuador", "EC", "South America"],
  ["STG", "Santiago Island", "Ecuador", "EC", "South America"],
  ["NSY", "North Seymour Island", "Ecuador", "EC", "South America"],
  ["BTL", "Bartolomé Island", "Ecuador", "EC", "South America"],
  // South America
  ["BUE", "Buenos Aires", "Argentina", "AR", "South America", "SOUTH_AMERICA_EAST"],
  ["RIO", "Rio de Janeiro", "Brazil", "BR", "South America", "SOUTH_AMERICA_EAST"],
  ["VAP", "Valparaíso", "Chile", "CL", "South America", "SOUTH_AMERICA_WEST"],
  ["USH", "Ushuaia", "Argentina", "AR", "South America", "PATAGONIA"],
  ["MVD", "Montevideo", "Uruguay", "UY", "South America"],
  ["PDP", "Punta del Este", "Uruguay", "UY", "South America"],
  ["PMY", "Puerto Madryn", "Argentina", "AR", "South America"],
  ["PUQ", "Punta Arenas", "Chile", "CL", "South America"],
  ["PMC", "Puerto Montt", "Chile", "CL", "South America"],
  ["LIM", "Lima (Callao)", "Peru", "PE", "South America"],
  ["MEC", "Manta", "Ecuador", "EC", "South America"],
  ["SSA", "Salvador", "Brazil", "BR", "South America"],
  ["REC", "Recife", "Brazil", "BR", "South America"],
  ["BZC", "Búzios", "Brazil", "BR", "South America"],
  ["PSY", "Stanley", "Falkland Islands", "FK", "South America"],
  // Antarctica and South Georgia
  ["PDB", "Paradise Bay", "Antarctica", "AQ", "Antarctica"],
  ["NEK", "Neko Harbour", "Antarctica", "AQ", "Antarctica"],
  ["PLY", "Port Lockroy", "Antarctica", "AQ", "Antarctica"],
  ["DCI", "Deception Island", "Antarctica", "AQ", "Antarctica"],
  ["HMI", "Half Moon Island", "Antarctica", "AQ", "Antarctica"],
  ["CUV", "Cuverville Island", "Antarctica", "AQ", "Antarctica"],
  ["DNC", "Danco Island", "Antarctica", "AQ", "Antarctica"],
  ["GRV", "Grytviken", "South Georgia and the South Sandwich Islands", "GS", "Antarctica"],
];

export const PORTS: readonly PortFacts[] = ROWS.map(([code, name, country, countryCode, region, group]) => ({
  code,
  name,
  country,
  countryCode,
  region,
  ...(group ? { group } : {}),
}));

export const PORTS_BY_CODE: ReadonlyMap<string, PortFacts> = new Map(PORTS.map((port) => [port.code, port]));

export function portFacts(code: string): PortFacts {
  const port = PORTS_BY_CODE.get(code);
  if (!port) throw new Error(`unknown port ${code}`);
  return port;
}
