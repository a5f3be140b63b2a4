/**
 * Where a sign-in came from, in words, from the address the portal forwarded. The reference upstream
 * has no geolocation database: loopback and private addresses are said as such, and any other
 * address is given a demo place by a fixed rule (its first three parts pick one of a few cities), so
 * sign-ins from different networks look different, and the same network always looks the same.
 */
const DEMO_PLACES = [
  "Miami, United States",
  "Fort Lauderdale, United States",
  "Orlando, United States",
  "Toronto, Canada",
  "London, United Kingdom",
  "São Paulo, Brazil",
  "Singapore",
  "Sydney, Australia",
];

export function placeOf(address: string | null): string | null {
  if (!address) return null;
  const ip = address.replace(/^::ffff:/i, "").toLowerCase();
  if (ip === "::1" || /^127\./.test(ip)) return "This computer (local address)";
  if (/^10\./.test(ip) || /^192\.168\./.test(ip) || /^172\.(1[6-9]|2\d|3[01])\./.test(ip) || /^f[cd]/.test(ip)) {
    return "Local network";
  }
  const network = ip.includes(":") ? ip.split(":").slice(0, 3).join(":") : ip.split(".").slice(0, 3).join(".");
  let hash = 0;
  for (const char of network) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return DEMO_PLACES[hash % DEMO_PLACES.length]!;
}
