import { IMAGE_DISPLAY, IMAGE_HEIGHT, IMAGE_WIDTH } from "../catalogue/image";
import { BRAND_COLOURS } from "../catalogue/ships";
import type { Brand } from "../catalogue/types";
import { badge, brandName } from "./text";
import type { ValueKind } from "./types";

/** What the picture needs to know about an offer. */
export type OfferForImage = {
  offerId: string;
  name: string;
  brand: Brand;
  headline: string;
  value: { kind: ValueKind; amount: number };
};

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch]!);

/** A stable number in [0, 1) from the offer id, so each offer's sun and waves sit in their own place. */
function idFraction(id: string): number {
  let h = 2166136261;
  for (const ch of id) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return ((h >>> 0) % 1000) / 1000;
}

/** Splits text into at most two lines of about `width` characters (the second shortened with "…"). */
function twoLines(text: string, width: number): string[] {
  if (text.length <= width) return [text];
  const words = text.split(" ");
  let first = "";
  while (words.length > 0 && (first === "" || `${first} ${words[0]}`.length <= width)) {
    first = first === "" ? (words.shift() as string) : `${first} ${words.shift()}`;
  }
  let second = words.join(" ");
  if (second.length > width) second = `${second.slice(0, width - 1).trimEnd()}…`;
  return second === "" ? [first] : [first, second];
}

/**
 * Generated art for an offer, in the brand's colours: a sunset sky over the sea with the brand's funnel mark,
 * a badge with the value (`30% OFF`), the offer's name and its headline. Deterministic.
 */
export function offerImageSvg(offer: OfferForImage): string {
  const colours = BRAND_COLOURS[offer.brand];
  const brand = brandName(offer.brand);
  const fraction = idFraction(offer.offerId);
  const horizon = 250;
  const sunX = Math.round(460 + fraction * 260);
  const label = escapeXml(badge(offer.value));
  const labelSize = label.length > 14 ? 22 : label.length > 9 ? 28 : 36;
  const nameSize = offer.name.length > 26 ? 30 : 40;
  const headline = twoLines(offer.headline, 52);
  const mark =
    offer.brand === "C"
      ? `<text x="718" y="82" font-family="Georgia, serif" font-size="40" font-weight="700" text-anchor="middle" fill="${colours.accent}">X</text>`
      : offer.brand === "V"
        ? `<text x="718" y="82" font-family="Georgia, serif" font-size="40" font-style="italic" text-anchor="middle" fill="${colours.accent}">S</text>`
        : `<circle cx="718" cy="68" r="17" fill="none" stroke="${colours.accent}" stroke-width="5"/>`;
  const waveShift = Math.round(fraction * 60);

  const lines = [
    `<text x="40" y="322" font-family="Helvetica, Arial, sans-serif" font-size="${nameSize}" font-weight="700" fill="#ffffff">${escapeXml(offer.name)}</text>`,
    ...headline.map(
      (line, i) =>
        `<text x="40" y="${362 + i * 28}" font-family="Helvetica, Arial, sans-serif" font-size="22" fill="#ffffff" fill-opacity="0.9">${escapeXml(line)}</text>`,
    ),
  ];

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_DISPLAY.width}" height="${IMAGE_DISPLAY.height}" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}" role="img" aria-labelledby="offer-title">`,
    `<title id="offer-title">${escapeXml(offer.name)}, ${escapeXml(brand)}: ${escapeXml(offer.headline)}</title>`,
    `<defs>`,
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colours.sky}"/><stop offset="1" stop-color="${colours.accent}"/></linearGradient>`,
    `<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colours.sea}"/><stop offset="1" stop-color="${colours.hull}"/></linearGradient>`,
    `</defs>`,
    `<rect width="${IMAGE_WIDTH}" height="${horizon}" fill="url(#sky)"/>`,
    `<circle cx="${sunX}" cy="${horizon}" r="74" fill="#ffffff" fill-opacity="0.75"/>`,
    `<rect y="${horizon}" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT - horizon}" fill="url(#sea)"/>`,
    `<path d="M${-waveShift},${horizon + 14} q50,-10 100,0 t100,0 t100,0 t100,0 t100,0 t100,0 t100,0 t100,0 t100,0" fill="none" stroke="#ffffff" stroke-opacity="0.3" stroke-width="3"/>`,
    `<rect x="680" y="30" width="76" height="76" rx="12" fill="${colours.hull}"/>`,
    mark,
    `<g transform="rotate(-4 190 110)">`,
    `<rect x="40" y="64" width="300" height="92" rx="14" fill="${colours.hull}"/>`,
    `<text x="190" y="${110 + Math.round(labelSize / 3)}" font-family="Helvetica, Arial, sans-serif" font-size="${labelSize}" font-weight="700" text-anchor="middle" fill="${colours.accent}">${label}</text>`,
    `</g>`,
    ...lines,
    `<text x="40" y="${IMAGE_HEIGHT - 20}" font-family="Helvetica, Arial, sans-serif" font-size="16" fill="#ffffff" fill-opacity="0.8">${escapeXml(brand)}</text>`,
    `</svg>`,
  ].join("\n");
}
