// Builds app/data/currencies.json from scripts/currencies/source.mjs.
// Usage: node scripts/currencies/generate.mjs   (package.json: "currencies")
// Each flag is drawn with resvg from flag-icons' 4x3 SVG, fitted into 32×32 without distortion
// (transparent bars above and below), except Macau at 32×22. The output is deterministic.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Resvg } from "@resvg/resvg-js";
import { CURRENCY_ROWS, FLAG_SIZES } from "./source.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const flagDir = path.join(root, "node_modules/flag-icons/flags/4x3");
const outFile = path.join(root, "app/data/currencies.json");

// Flags that flag-icons does not have. Plain shapes only: no text, no fonts, no images.
const GENERATED = {
  // Bitcoin: an orange disc with a white, slightly tilted ₿ (a B with two bars through top and bottom).
  bitcoin: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <circle cx="32" cy="32" r="32" fill="#f7931a"/>
  <g fill="#fff" transform="rotate(14 32 32)">
    <path fill-rule="evenodd" d="M20 15h15c5.5 0 9 3 9 7.5 0 3-1.5 5-4 6.3 3.5 1.2 6 4 6 8 0 5.2-4 9.2-10 9.2H20zm6.5 5.5v8h8c2.5 0 4-1.5 4-4s-1.5-4-4-4zm0 13v7.5h9c3 0 4.5-1.4 4.5-3.75s-1.5-3.75-4.5-3.75z"/>
    <path d="M25 9h4v7h-4zm7 0h4v7h-4zm-7 36h4v7h-4zm7 0h4v7h-4z"/>
  </g>
</svg>`,
  // West and Central African CFA francs (country code CF): a neutral two-band flag, green over gold.
  cfa: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 480">
  <path fill="#0f7a3d" d="M0 0h640v240H0z"/>
  <path fill="#f2b705" d="M0 240h640v240H0z"/>
</svg>`,
  // Organisation of Eastern Caribbean States (code OECS): blue field, white ring, gold centre.
  oecs: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 480">
  <path fill="#1d5fa8" d="M0 0h640v480H0z"/>
  <circle cx="320" cy="240" r="150" fill="none" stroke="#fff" stroke-width="44"/>
  <circle cx="320" cy="240" r="70" fill="#f7c600"/>
</svg>`,
};

function flagSvg(source) {
  if (source.startsWith("generated:")) {
    const svg = GENERATED[source.slice("generated:".length)];
    if (!svg) throw new Error(`No generated flag named ${source}`);
    return svg;
  }
  const file = path.join(flagDir, `${source}.svg`);
  if (!existsSync(file)) throw new Error(`flag-icons has no ${source}.svg (is flag-icons installed?)`);
  return readFileSync(file, "utf8");
}

/**
 * Places the flag's own <svg> inside a width×height canvas, scaled to fit ("contain": whole flag
 * visible, transparent bars) or to fill ("cover": edges trimmed); never stretched.
 */
function renderPng(svg, width, height, mode) {
  const viewBox = /<svg\b[^>]*\bviewBox="([^"]+)"/.exec(svg)?.[1];
  if (!viewBox) throw new Error("flag SVG has no viewBox");
  const [, , vbWidth, vbHeight] = viewBox
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const scale = (mode === "cover" ? Math.max : Math.min)(width / vbWidth, height / vbHeight);
  const w = vbWidth * scale;
  const h = vbHeight * scale;
  const x = (width - w) / 2;
  const y = (height - h) / 2;
  const inner = svg
    .replace(/<\?xml[^>]*>/, "")
    .replace(/<svg\b/, `<svg x="${x}" y="${y}" width="${w}" height="${h}" preserveAspectRatio="none"`);
  const wrapped =
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ` +
    `width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${inner}</svg>`;
  const resvg = new Resvg(wrapped, { fitTo: { mode: "original" }, font: { loadSystemFonts: false } });
  const image = resvg.render();
  if (image.width !== width || image.height !== height) {
    throw new Error(`rendered ${image.width}×${image.height}, expected ${width}×${height}`);
  }
  return image.asPng();
}

function build() {
  const seen = new Set();
  let previous = "";
  return CURRENCY_ROWS.map(([code, name, country, countryCode, flagSource]) => {
    if (!/^[A-Z]{3}$/.test(code)) throw new Error(`bad code ${code}`);
    if (seen.has(code)) throw new Error(`duplicate code ${code}`);
    if (code <= previous) throw new Error(`source table is not in code order at ${code}`);
    seen.add(code);
    previous = code;
    const source = flagSource ?? countryCode.toLowerCase();
    const size = FLAG_SIZES[countryCode];
    const png = size
      ? renderPng(flagSvg(source), size[0], size[1], "cover")
      : renderPng(flagSvg(source), 32, 32, "contain");
    return { code, name, country, countryCode, flag: `data:image/png;base64,${png.toString("base64")}` };
  });
}

const list = build();
mkdirSync(path.dirname(outFile), { recursive: true });
writeFileSync(outFile, `${JSON.stringify(list, null, 2)}\n`);
console.log(`Wrote ${path.relative(root, outFile)}: ${list.length} currencies`);
