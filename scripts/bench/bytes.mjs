// Byte budgets: JavaScript of a first load (in Chromium), CSS of the whole build, HTML of a page.
// Every body is gzipped here with zlib level 9, whatever the server's content-encoding was.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { BROWSER_BASE, DIRECT_BASE } from "./portal.mjs";

export const gzipBytes = (buffer) => gzipSync(buffer, { level: 9 }).length;

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export async function launchBrowser() {
  // run.mjs closes the browser on a signal itself (and then stops the portal).
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

/**
 * Loads `pathname` in a fresh context (with the session cookie when given), waits for the network
 * to go quiet, and sums the gzip size of every script response (modulepreload included).
 * Returns { bytes, files: [{url, raw, gzip}], landedOn }.
 */
export async function firstLoadJavaScript(browser, pathname, cookie) {
  const context = await browser.newContext();
  try {
    if (cookie) {
      const [name, ...rest] = cookie.split("=");
      // Host-only, Secure, path / : what the __Host- prefix demands.
      await context.addCookies([
        { name, value: rest.join("="), domain: "localhost", path: "/", secure: true, httpOnly: true, sameSite: "Lax" },
      ]);
    }
    const page = await context.newPage();
    const pending = [];
    const seen = new Set();
    page.on("response", (response) => {
      const url = response.url();
      const type = response.request().resourceType();
      const contentType = response.headers()["content-type"] ?? "";
      const isScript = type === "script" || /javascript/.test(contentType) || /\.m?js(\?|$)/.test(url);
      if (!isScript || seen.has(url) || response.status() >= 300) return;
      seen.add(url);
      pending.push(
        response.body().then(
          (body) => ({ url, raw: body.length, gzip: gzipBytes(body) }),
          (error) => {
            throw new Error(`could not read ${url}: ${error.message}`);
          },
        ),
      );
    });
    await page.goto(`${BROWSER_BASE}${pathname}`, { waitUntil: "networkidle" });
    const landedOn = new URL(page.url()).pathname;
    if (landedOn !== pathname) throw new Error(`loading ${pathname} ended on ${landedOn}`);
    const files = await Promise.all(pending);
    if (files.length === 0) throw new Error(`no script loaded on ${pathname}`);
    return { bytes: files.reduce((sum, f) => sum + f.gzip, 0), files, landedOn };
  } finally {
    await context.close();
  }
}

/** Sum of the gzip sizes of every .css file the build ships. */
export function buildCss(root) {
  const dir = path.join(root, "build/client/assets");
  const files = readdirSync(dir).filter((f) => f.endsWith(".css"));
  const sizes = files.map((f) => ({ file: f, gzip: gzipBytes(readFileSync(path.join(dir, f))) }));
  return { bytes: sizes.reduce((sum, f) => sum + f.gzip, 0), files: sizes };
}

/** The gzip size of a server-rendered document. */
export async function documentHtml(pathname, cookie) {
  const response = await fetch(`${DIRECT_BASE}${pathname}`, {
    redirect: "manual",
    headers: { ...(cookie ? { cookie } : {}), "accept-encoding": "identity", accept: "text/html" },
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}`);
  return { bytes: gzipBytes(body), raw: body.length };
}
