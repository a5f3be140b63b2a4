import { BRAND_COLOURS } from "./ships";
import { BRANDS, type Brand } from "./types";

/** What the picture needs to know about a ship. */
export type ShipForImage = {
  code: string;
  name: string;
  brand: Brand;
  shipClass: string;
  decks: number;
  lengthMetres: number;
};

/** The drawing's coordinates (16:9). */
export const IMAGE_WIDTH = 800;
export const IMAGE_HEIGHT = 450;
/** Its intrinsic size (the same 16:9), what a page gets without CSS; it scales to any width. */
export const IMAGE_DISPLAY = { width: 480, height: 270 } as const;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch]!);

const round = (n: number) => Math.round(n * 10) / 10;

/** A stable number in [0, 1) from the ship code, so each ship's sun sits in its own place. */
function codeFraction(code: string): number {
  let h = 2166136261;
  for (const ch of code) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return ((h >>> 0) % 1000) / 1000;
}

/**
 * Generated art for a ship: a stylised silhouette in the brand's colours on a sky and sea gradient, with
 * the ship's name. Longer ships draw longer, ships with more decks draw taller. Deterministic.
 */
export function shipImageSvg(ship: ShipForImage): string {
  const colours = BRAND_COLOURS[ship.brand];
  const brandName = BRANDS.find((b) => b.code === ship.brand)?.name ?? "";
  const name = escapeXml(ship.name);
  const caption = escapeXml(`${brandName} · ${ship.shipClass} class`);
  const waterline = 300;

  // Hull: 280 to 620 pixels long for 100 to 365 metres.
  const scale = Math.min(Math.max((ship.lengthMetres - 100) / 265, 0), 1);
  const hullLength = 280 + scale * 340;
  const hullHeight = 26 + scale * 12;
  const stern = (IMAGE_WIDTH - hullLength) / 2;
  const bow = stern + hullLength;
  const deckY = waterline - hullHeight;
  const hull = [
    [stern, deckY],
    [bow - 34, deckY],
    [bow, deckY - 10],
    [bow - 26, waterline + 12],
    [stern + 18, waterline + 12],
    [stern - 4, deckY + 10],
  ]
    .map(([x, y]) => `${round(x as number)},${round(y as number)}`)
    .join(" ");

  // Superstructure: one tier for about every three decks, each shorter than the one below.
  const tiers = Math.min(Math.max(Math.round(ship.decks / 3), 2), 6);
  const tierHeight = 15;
  const shapes: string[] = [];
  for (let i = 0; i < tiers; i++) {
    const inset = 18 + i * (hullLength * 0.045);
    const x = stern + inset;
    const width = hullLength * 0.78 - i * hullLength * 0.07;
    const y = deckY - (i + 1) * tierHeight;
    shapes.push(
      `<rect x="${round(x)}" y="${round(y)}" width="${round(width)}" height="${tierHeight}" rx="3" fill="#ffffff" stroke="${colours.hull}" stroke-opacity="0.25"/>`,
      `<line x1="${round(x + 8)}" y1="${round(y + 8)}" x2="${round(x + width - 8)}" y2="${round(y + 8)}" stroke="${colours.sea}" stroke-width="4" stroke-dasharray="6 5"/>`,
    );
  }
  const topY = deckY - tiers * tierHeight;
  const funnelX = stern + hullLength * 0.3;
  const funnel = `<path d="M${round(funnelX)},${round(topY)} l8,-34 h34 l6,34 z" fill="${colours.accent}"/>`;
  const mark =
    ship.brand === "C"
      ? `<text x="${round(funnelX + 26)}" y="${round(topY - 9)}" font-family="Georgia, serif" font-size="22" font-weight="700" text-anchor="middle" fill="${colours.hull}">X</text>`
      : ship.brand === "V"
        ? `<text x="${round(funnelX + 26)}" y="${round(topY - 9)}" font-family="Georgia, serif" font-size="20" font-style="italic" text-anchor="middle" fill="${colours.hull}">S</text>`
        : `<circle cx="${round(funnelX + 26)}" cy="${round(topY - 16)}" r="8" fill="none" stroke="${colours.hull}" stroke-width="3"/>`;

  const sunX = round(120 + codeFraction(ship.code) * 560);
  const hullPortholes = `<line x1="${round(stern + 24)}" y1="${round(deckY + 10)}" x2="${round(bow - 44)}" y2="${round(deckY + 10)}" stroke="#ffffff" stroke-opacity="0.55" stroke-width="3" stroke-dasharray="3 7"/>`;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_DISPLAY.width}" height="${IMAGE_DISPLAY.height}" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}" role="img" aria-labelledby="ship-title">`,
    `<title id="ship-title">${name}, ${escapeXml(brandName)}</title>`,
    `<defs>`,
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colours.sky}"/><stop offset="1" stop-color="#ffffff"/></linearGradient>`,
    `<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colours.sea}"/><stop offset="1" stop-color="${colours.hull}"/></linearGradient>`,
    `</defs>`,
    `<rect width="${IMAGE_WIDTH}" height="${waterline}" fill="url(#sky)"/>`,
    `<circle cx="${sunX}" cy="92" r="42" fill="#ffffff" fill-opacity="0.8"/>`,
    `<rect y="${waterline}" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT - waterline}" fill="url(#sea)"/>`,
    ...shapes,
    funnel,
    mark,
    `<polygon points="${hull}" fill="${colours.hull}"/>`,
    hullPortholes,
    `<path d="M0,${waterline + 18} q50,-10 100,0 t100,0 t100,0 t100,0 t100,0 t100,0 t100,0 t100,0" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="3"/>`,
    `<path d="M0,${waterline + 44} q60,-12 120,0 t120,0 t120,0 t120,0 t120,0 t120,0 t120,0" fill="none" stroke="#ffffff" stroke-opacity="0.2" stroke-width="3"/>`,
    `<text x="32" y="${IMAGE_HEIGHT - 44}" font-family="Helvetica, Arial, sans-serif" font-size="32" font-weight="700" fill="#ffffff">${name}</text>`,
    `<text x="32" y="${IMAGE_HEIGHT - 18}" font-family="Helvetica, Arial, sans-serif" font-size="16" fill="#ffffff" fill-opacity="0.85">${caption}</text>`,
    `</svg>`,
  ].join("\n");
}
