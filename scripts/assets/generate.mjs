// Generates the portal's static images under public/images/.
//
//   node scripts/assets/generate.mjs
//
// SVG icons and logos are written as strings. The JPEG artwork (notification
// tiles and demo-account avatars) is drawn as SVG in one HTML page and captured
// with headless Chromium. Everything is drawn from fixed data, so re-running the
// script reproduces the same images.
import { mkdir, writeFile, stat } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const PUBLIC = join(ROOT, "public");
const NAVY = "#0b1f44";

const written = [];
async function write(path, data) {
  const file = join(PUBLIC, path);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, data);
  written.push(file);
}

/* ------------------------------------------------------------------ icons */

const icon = (body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="${NAVY}" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${body}</svg>\n`;

const ICONS = {
  clock: `<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3.25 2"/>`,
  document:
    `<path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z"/>` +
    `<path d="M14 3v5h5"/><path d="M9 13h6M9 17h4"/>`,
  info: `<circle cx="12" cy="12" r="9"/><path d="M12 11v5.5"/><path d="M12 7.75h.01"/>`,
  people:
    `<circle cx="9" cy="8" r="3.25"/><path d="M3 20c0-3.3 2.7-5.75 6-5.75s6 2.45 6 5.75"/>` +
    `<path d="M15.5 4.9a3.25 3.25 0 0 1 0 6.2"/><path d="M17.25 14.6C19.5 15.3 21 17.4 21 20"/>`,
  shield:
    `<path d="M12 3l7.5 3v5.25c0 4.6-3.1 8.3-7.5 9.75-4.4-1.45-7.5-5.15-7.5-9.75V6z"/>` +
    `<path d="M8.75 12.25l2.25 2.25 4.25-4.5"/>`,
  ship:
    `<path d="M3.5 14.5h17l-2.2 4.1a1.5 1.5 0 0 1-1.3.9H7a1.5 1.5 0 0 1-1.3-.9z"/>` +
    `<path d="M6.5 14.5v-4h11v4"/><path d="M9 10.5V7.5h6v3"/><path d="M12 7.5V4.5"/>` +
    `<path d="M9.5 12.5h.01M12 12.5h.01M14.5 12.5h.01"/>`,
};

/* ------------------------------------------------------------------ logos */

// Names use textLength so the wordmark fills the same width whichever serif
// or sans-serif font the browser picks.
const SERIF = "Georgia, serif";
const SANS = "system-ui, sans-serif";

const logo = (title, emblem, text) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="48" viewBox="0 0 240 48" role="img" aria-label="${title}">` +
  `<title>${title}</title><g fill="${NAVY}">${emblem}${text}</g></svg>\n`;

const LOGOS = {
  // Emblem: a ringed medallion with three stacked waves.
  "royal-caribbean-group": logo(
    "Royal Caribbean Group",
    `<circle cx="24" cy="24" r="19" fill="none" stroke="${NAVY}" stroke-width="2"/>` +
      `<circle cx="24" cy="24" r="15" fill="none" stroke="${NAVY}" stroke-width="0.75"/>` +
      `<path d="M14 20c3.3-2.7 6.7-2.7 10 0s6.7 2.7 10 0M14 25c3.3-2.7 6.7-2.7 10 0s6.7 2.7 10 0M14 30c3.3-2.7 6.7-2.7 10 0s6.7 2.7 10 0" fill="none" stroke="${NAVY}" stroke-width="2" stroke-linecap="round"/>`,
    `<text x="54" y="25" font-family="${SERIF}" font-size="17" letter-spacing="1" textLength="180" lengthAdjust="spacingAndGlyphs">ROYAL CARIBBEAN</text>` +
      `<rect x="54" y="31.5" width="44" height="1"/><rect x="190" y="31.5" width="44" height="1"/>` +
      `<text x="144" y="36" font-family="${SANS}" font-size="9" font-weight="600" letter-spacing="3" text-anchor="middle">GROUP</text>`,
  ),
  // Emblem: a compass star over a horizon inside a rounded square.
  "royal-caribbean": logo(
    "Royal Caribbean International",
    `<rect x="5" y="5" width="38" height="38" rx="9"/>` +
      `<path d="M24 9.5l3 11.5 11.5 3-11.5 3-3 11.5-3-11.5-11.5-3 11.5-3z" fill="#fff"/>` +
      `<circle cx="24" cy="24" r="2.25"/>`,
    `<text x="54" y="26" font-family="${SERIF}" font-size="21" textLength="178" lengthAdjust="spacingAndGlyphs">Royal Caribbean</text>` +
      `<text x="55" y="40" font-family="${SANS}" font-size="8.5" font-weight="600" letter-spacing="3.2">INTERNATIONAL</text>`,
  ),
  // Emblem: a four-point sparkle with a small companion star.
  "celebrity-cruises": logo(
    "Celebrity Cruises",
    `<path d="M21 6c1.2 8.6 3.9 11.8 12 13-8.1 1.2-10.8 4.4-12 13-1.2-8.6-3.9-11.8-12-13 8.1-1.2 10.8-4.4 12-13z"/>` +
      `<path d="M36 29c.5 3.4 1.6 4.6 4.8 5.1-3.2.5-4.3 1.7-4.8 5.1-.5-3.4-1.6-4.6-4.8-5.1 3.2-.5 4.3-1.7 4.8-5.1z"/>`,
    `<text x="54" y="27" font-family="${SERIF}" font-size="26" font-style="italic" textLength="122" lengthAdjust="spacingAndGlyphs">Celebrity</text>` +
      `<text x="55" y="41" font-family="${SANS}" font-size="8.5" font-weight="600" letter-spacing="4.2">CRUISES</text>`,
  ),
  // Emblem: a diamond framing a sun over two sea lines.
  silversea: logo(
    "Silversea",
    `<path d="M24 4l18 20-18 20L6 24z" fill="none" stroke="${NAVY}" stroke-width="2" stroke-linejoin="round"/>` +
      `<circle cx="24" cy="20" r="5"/>` +
      `<path d="M13.5 28.5h21M17.5 32.5h13" fill="none" stroke="${NAVY}" stroke-width="1.75" stroke-linecap="round"/>`,
    `<text x="56" y="31" font-family="${SERIF}" font-size="22" letter-spacing="5" textLength="176" lengthAdjust="spacingAndGlyphs">SILVERSEA</text>`,
  ),
};

/* --------------------------------------------------------- JPEG artwork */

// A cruise ship in profile, bow to the right, drawn in a 120×40 box.
const ship = (x, y, s, hull, deck, windows = "#fff") =>
  `<g transform="translate(${x} ${y}) scale(${s})">` +
  `<path d="M0 26h120l-10 14H8z" fill="${hull}"/>` +
  `<path d="M10 26V18h96l6 8z" fill="${deck}"/>` +
  `<path d="M20 18v-7h74l6 7z" fill="${deck}"/>` +
  `<path d="M32 11V5h50l4 6z" fill="${deck}"/>` +
  `<path d="M60 5l2-5h10l1 5z" fill="${hull}"/>` +
  `<path d="M14 21.5h90M24 14.5h70M36 8h46" stroke="${windows}" stroke-width="1.6" stroke-dasharray="2.4 2.2"/>` +
  `</g>`;

const waves = (y, color, opacity) =>
  `<path d="M0 ${y}q10-4 20 0t20 0 20 0 20 0 20 0 20 0 20 0 20 0v${160 - y}H0z" fill="${color}" opacity="${opacity}"/>`;

const tile = (id, defs, body) =>
  `<svg id="${id}" xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160"><defs>${defs}</defs>${body}</svg>`;

const linear = (id, stops, x2 = 0, y2 = 1) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">` +
  stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join("") +
  `</linearGradient>`;

const NOTIFICATIONS = {
  // Bright Caribbean midday: big sun, turquoise sea, a large white ship.
  "icon-of-the-seas": tile(
    "icon-of-the-seas",
    linear("ios-sky", [
      [0, "#3aa0e0"],
      [1, "#bfe8f5"],
    ]) +
      linear("ios-sea", [
        [0, "#14b3c4"],
        [1, "#0a5f8f"],
      ]) +
      `<radialGradient id="ios-sun"><stop offset="0" stop-color="#fff6c7"/><stop offset="0.55" stop-color="#ffd45c"/><stop offset="1" stop-color="#ffd45c" stop-opacity="0"/></radialGradient>`,
    `<rect width="160" height="160" fill="url(#ios-sky)"/>` +
      `<circle cx="122" cy="36" r="30" fill="url(#ios-sun)"/>` +
      `<path d="M-10 54q20-8 40 0 20-6 36 0" fill="none" stroke="#fff" stroke-width="7" stroke-linecap="round" opacity="0.7"/>` +
      `<rect y="100" width="160" height="60" fill="url(#ios-sea)"/>` +
      ship(14, 66, 1.08, "#0b1f44", "#ffffff", "#2d6fae") +
      waves(110, "#ffffff", 0.18) +
      waves(126, "#0b1f44", 0.18) +
      `<path d="M22 142h26M86 136h34M60 152h30" stroke="#fff" stroke-width="2" stroke-linecap="round" opacity="0.5"/>`,
  ),
  // European dusk: warm sky, hill town with a dome and bell tower, navy ship.
  "celebrity-europe": tile(
    "celebrity-europe",
    linear("ce-sky", [
      [0, "#3d3f7a"],
      [0.5, "#c8698a"],
      [1, "#f7b27a"],
    ]) +
      linear("ce-sea", [
        [0, "#e49a86"],
        [1, "#3d3f7a"],
      ]),
    `<rect width="160" height="160" fill="url(#ce-sky)"/>` +
      `<circle cx="48" cy="84" r="16" fill="#ffe0a8" opacity="0.9"/>` +
      `<g fill="#5a3a66">` +
      `<path d="M70 104c8-14 18-22 34-24s30 6 42 12l14 6v10H70z"/>` +
      `<rect x="96" y="72" width="14" height="14"/><path d="M96 72a7 7 0 0 1 14 0z"/><rect x="102" y="60" width="2" height="6"/>` +
      `<path d="M102.2 60.5a.8.8 0 1 1 1.6 0z"/>` +
      `<rect x="118" y="62" width="7" height="24"/><path d="M117 62l4.5-6 4.5 6z"/>` +
      `<rect x="84" y="82" width="10" height="10"/><rect x="130" y="78" width="12" height="12"/><path d="M129 78l7-5 7 5z"/>` +
      `</g>` +
      `<rect y="104" width="160" height="56" fill="url(#ce-sea)"/>` +
      `<path d="M40 112h16M34 118h28M42 124h12" stroke="#ffe0a8" stroke-width="2" stroke-linecap="round" opacity="0.55"/>` +
      ship(8, 98, 0.62, "#1b1d3f", "#2a2c58", "#ffcf8a") +
      waves(134, "#1b1d3f", 0.25),
  ),
  // Promotion: a gold price tag with a percent sign on deep navy.
  "black-friday": tile(
    "black-friday",
    linear(
      "bf-bg",
      [
        [0, "#14284f"],
        [1, "#050d1f"],
      ],
      1,
      1,
    ) +
      linear(
        "bf-tag",
        [
          [0, "#ffd76a"],
          [1, "#e0a22a"],
        ],
        1,
        1,
      ),
    `<rect width="160" height="160" fill="url(#bf-bg)"/>` +
      `<g fill="#ffd76a" opacity="0.55"><circle cx="24" cy="30" r="1.6"/><circle cx="136" cy="22" r="1.2"/><circle cx="140" cy="122" r="1.8"/><circle cx="18" cy="132" r="1.2"/><circle cx="44" cy="142" r="1"/></g>` +
      `<path d="M28 42c6 10 16 10 20 20" fill="none" stroke="#ffd76a" stroke-width="1.5" opacity="0.7"/>` +
      `<g transform="rotate(-18 80 84)">` +
      `<path d="M58 46h54a6 6 0 0 1 6 6v66a6 6 0 0 1-6 6H58a6 6 0 0 1-6-6V70l6-24z" fill="#000" opacity="0.25" transform="translate(3 4)"/>` +
      `<path d="M46 62l22-20h48a6 6 0 0 1 6 6v72a6 6 0 0 1-6 6H52a6 6 0 0 1-6-6z" fill="url(#bf-tag)"/>` +
      `<circle cx="62" cy="60" r="5" fill="#0b1f44"/>` +
      `<circle cx="76" cy="78" r="7" fill="none" stroke="#0b1f44" stroke-width="5"/>` +
      `<circle cx="100" cy="106" r="7" fill="none" stroke="#0b1f44" stroke-width="5"/>` +
      `<path d="M104 72l-32 40" stroke="#0b1f44" stroke-width="6" stroke-linecap="round"/>` +
      `</g>` +
      `<path d="M122 38l2.4 6.6 6.6 2.4-6.6 2.4-2.4 6.6-2.4-6.6-6.6-2.4 6.6-2.4z" fill="#fff3c4"/>`,
  ),
  // World voyage: silver dawn, a globe with meridians, a small ship below.
  "silversea-world-cruise": tile(
    "silversea-world-cruise",
    linear("sw-sky", [
      [0, "#1d2a44"],
      [0.65, "#6f7f99"],
      [1, "#d8dde6"],
    ]) +
      linear("sw-sea", [
        [0, "#8c98ad"],
        [1, "#26324a"],
      ]) +
      `<radialGradient id="sw-globe" cx="0.38" cy="0.35" r="0.75"><stop offset="0" stop-color="#f4f6fa"/><stop offset="1" stop-color="#aab4c4"/></radialGradient>`,
    `<rect width="160" height="160" fill="url(#sw-sky)"/>` +
      `<g fill="#fff" opacity="0.8"><circle cx="20" cy="18" r="1"/><circle cx="46" cy="30" r="0.8"/><circle cx="138" cy="16" r="1.2"/><circle cx="118" cy="40" r="0.8"/><circle cx="14" cy="56" r="0.8"/><circle cx="150" cy="64" r="0.9"/></g>` +
      `<circle cx="80" cy="66" r="40" fill="url(#sw-globe)"/>` +
      `<g fill="none" stroke="#5d6b84" stroke-width="1.2" opacity="0.75">` +
      `<ellipse cx="80" cy="66" rx="16" ry="40"/><ellipse cx="80" cy="66" rx="31" ry="40"/><path d="M80 26v80"/>` +
      `<path d="M40 66h80M44.6 46h70.8M44.6 86h70.8"/></g>` +
      `<path d="M48 40a44 44 0 0 1 64 0" fill="none" stroke="#fff" stroke-width="1" opacity="0.6"/>` +
      `<rect y="112" width="160" height="48" fill="url(#sw-sea)"/>` +
      `<path d="M0 112h160" stroke="#eef1f6" stroke-width="1.5" opacity="0.7"/>` +
      ship(50, 100, 0.5, "#1b2438", "#e9edf3", "#6b7890") +
      `<path d="M44 128h72M60 136h40" stroke="#eef1f6" stroke-width="1.5" stroke-linecap="round" opacity="0.35"/>` +
      `<path d="M0 150q40-8 80 0t80 0v10H0z" fill="#1b2438" opacity="0.35"/>`,
  ),
};

// Avatars: a tinted square, a coloured disc, and a head-and-shoulders figure
// with one of a few hair shapes, so each demo account is easy to tell apart.
const HAIR = {
  short: `<path d="M42 54c-2-18 9-30 22-30s24 12 22 30c-3-9-9-14-22-15-11 0-18 5-22 15z"/>`,
  long: `<path d="M40 78c-6-20-4-52 24-52s30 32 24 52c-2-10-3-18-4-24-6-2-14-8-18-16-4 8-14 14-22 16-1 6-2 14-4 24z"/>`,
  bob: `<path d="M40 66c-4-24 6-40 24-40s28 16 24 40c-2-4-3-8-3-14-10-2-18-6-22-12-4 7-12 11-20 12 0 6-1 10-3 14z"/>`,
  bun: `<circle cx="64" cy="22" r="9"/><path d="M42 56c-2-18 9-28 22-28s24 10 22 28c-4-8-10-14-22-14s-18 6-22 14z"/>`,
  crop: `<path d="M43 50c0-14 9-22 21-22s21 8 21 22c-4-6-11-9-21-9s-17 3-21 9z"/>`,
  wave: `<path d="M41 58c-3-20 8-32 23-32 14 0 25 10 23 28-5-4-8-10-9-14-6 6-14 8-24 8-5 0-9 4-13 10z"/>`,
};

const AVATARS = {
  "agent-usa": { tint: "#e3eefb", disc: "#2f6fd6", figure: "#f6efe4", hair: "#0b1f44", style: "long" },
  "admin-can": { tint: "#fbe6e4", disc: "#c6423a", figure: "#fdf2ea", hair: "#4a1c1a", style: "short" },
  "rccl-staff": { tint: "#e0f3ef", disc: "#1f8f7a", figure: "#f3f7ee", hair: "#12392f", style: "crop" },
  "rccl-admin": { tint: "#efe6fa", disc: "#6b46c1", figure: "#faf3ec", hair: "#2a184f", style: "bun" },
  "agent-basic": { tint: "#fdf0dc", disc: "#d9861c", figure: "#fffaf0", hair: "#5a3208", style: "wave" },
  "agent-bra": { tint: "#e2f5e6", disc: "#2e9a4c", figure: "#fff6e0", hair: "#173d21", style: "bob" },
  "agent-sgp": { tint: "#fbe4ee", disc: "#c23b78", figure: "#fdf1f4", hair: "#3f1028", style: "bob" },
  "agent-terms": { tint: "#e0f1f7", disc: "#1c7fa6", figure: "#f2f8fa", hair: "#0c3345", style: "wave" },
  "agent-mfa": { tint: "#e8eaf4", disc: "#3c4a8c", figure: "#f1f2f9", hair: "#161c3d", style: "short" },
  "agent-locked": { tint: "#ecedf0", disc: "#6b7384", figure: "#f6f6f8", hair: "#2b2f38", style: "long" },
};

const avatar = (id, { tint, disc, figure, hair, style }) =>
  `<svg id="${id}" xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">` +
  `<defs><clipPath id="${id}-c"><circle cx="64" cy="64" r="62"/></clipPath>` +
  `<radialGradient id="${id}-g" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>` +
  `<rect width="128" height="128" fill="${tint}"/>` +
  `<g clip-path="url(#${id}-c)">` +
  `<rect width="128" height="128" fill="${disc}"/><rect width="128" height="128" fill="url(#${id}-g)"/>` +
  `<path d="M18 132c0-28 18-44 46-44s46 16 46 44z" fill="${figure}"/>` +
  `<path d="M56 74h16v14l4 2c-3 6-21 6-24 0l4-2z" fill="${figure}"/>` +
  `<path d="M56 76h16v9c-5 3.5-11 3.5-16 0z" fill="#000" opacity="0.08"/>` +
  `<ellipse cx="64" cy="56" rx="21" ry="24" fill="${figure}"/>` +
  `<g fill="${hair}">${HAIR[style]}</g>` +
  `</g></svg>`;

async function captureJpegs() {
  const tiles = Object.values(NOTIFICATIONS).join("");
  const avatars = Object.entries(AVATARS)
    .map(([id, p]) => avatar(id, p))
    .join("");
  const html =
    `<!doctype html><html><head><style>` +
    `html,body{margin:0;background:#fff}svg{display:block;float:left}div{clear:both}` +
    `</style></head><body><div>${tiles}</div><div>${avatars}</div></body></html>`;

  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 400 }, deviceScaleFactor: 1 });
    await page.setContent(html);
    const shots = [
      ...Object.keys(NOTIFICATIONS).map((id) => [id, `images/content/notifications/${id}.jpg`]),
      ...Object.keys(AVATARS).map((id) => [id, `images/agents/${id}.jpg`]),
    ];
    for (const [id, path] of shots) {
      const box = await page.locator(`#${id}`).boundingBox();
      if (!box) throw new Error(`No drawing for ${id}`);
      const buffer = await page.screenshot({ type: "jpeg", quality: 80, clip: box });
      await write(path, buffer);
    }
  } finally {
    await browser.close();
  }
}

/* ------------------------------------------------------------------- main */

for (const [name, body] of Object.entries(ICONS)) await write(`images/content/icons/${name}.svg`, icon(body));
for (const [name, svg] of Object.entries(LOGOS)) await write(`images/content/logos/${name}.svg`, svg);
await captureJpegs();

for (const file of written) {
  const { size } = await stat(file);
  console.log(`${relative(ROOT, file)}  ${size} B`);
}
