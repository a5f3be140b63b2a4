import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { portalEnv } from "./harness";

const env = portalEnv();
const { getContent, contentQuery, CONTENT_CACHE } = await import("~/server/clients/content.server");
const { sanitizeContentHtml } = await import("~/server/infra/html.server");

const BASE = "http://upstream.test/api/royal/content/cruising-power";
const seen: URL[] = [];
const server = setupServer();
beforeAll(() => {
  server.listen({ onUnhandledRequest: "error" });
  server.events.on("request:start", ({ request }) => {
    seen.push(new URL(request.url));
  });
});
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
  vi.useRealTimers();
});
afterAll(() => {
  server.close();
  env.cleanup();
});

const footer = z.object({ copyrightText: z.string() });

describe("the content client: lower-cased filters, status 200 only, an hour's cache", () => {
  it("lower-cases the country, office and role filters and sends the locale", () => {
    const query = contentQuery("fr_fr", { country: "USA", office: "MIA", role: "AGENT", brand: "R" });
    expect(Object.fromEntries(query)).toEqual({
      locale: "fr_fr",
      country: "usa",
      office: "mia",
      role: "agent",
      brand: "R",
    });
  });

  it("caches per page, language and filters: a second read does not call the service", async () => {
    server.use(http.get(`${BASE}/footer`, () => HttpResponse.json({ data: { copyrightText: "© 2026" } })));
    await getContent("footer", { locale: "en_us", schema: footer });
    await getContent("footer", { locale: "en_us", schema: footer });
    expect(seen).toHaveLength(1);
    await getContent("footer", { locale: "de_de", schema: footer });
    expect(seen).toHaveLength(2);
    expect(seen[1]!.searchParams.get("locale")).toBe("de_de");
  });

  it.each([
    ["404", () => HttpResponse.json({ message: { errorCode: "NOT_FOUND" } }, { status: 404 })],
    ["204", () => new HttpResponse(null, { status: 204 })],
    ["203 with a body", () => HttpResponse.json({ data: { copyrightText: "x" } }, { status: 203 })],
    ["a malformed body", () => HttpResponse.json({ data: { copyrightText: 7 } })],
  ])("anything but a well-formed 200 (%s) is a failure", async (_name, resolver) => {
    server.use(http.get(`${BASE}/footer-${_name.length}`, resolver));
    await expect(getContent(`footer-${_name.length}`, { locale: "en_us", schema: footer })).rejects.toThrow();
  });

  it("is fresh an hour, then served stale while one refresh runs, and kept two hours", async () => {
    let version = 1;
    server.use(http.get(`${BASE}/global-swr`, () => HttpResponse.json({ data: { copyrightText: `v${version}` } })));
    vi.useFakeTimers({ toFake: ["Date"] });
    const read = () => getContent("global-swr", { locale: "en_us", schema: footer });
    expect(await read()).toEqual({ copyrightText: "v1" });
    version = 2;
    vi.setSystemTime(Date.now() + CONTENT_CACHE.ttl - 1000);
    expect(await read()).toEqual({ copyrightText: "v1" }); // fresh
    vi.setSystemTime(Date.now() + 2000);
    expect(await read()).toEqual({ copyrightText: "v1" }); // stale, refresh started
    await vi.waitFor(async () => expect(await read()).toEqual({ copyrightText: "v2" }));
  });
});

describe("content HTML is sanitised before it is rendered", () => {
  it.each([
    ["<p>Hello<script>alert(1)</script></p>", "<p>Hello</p>"],
    ['<p onclick="steal()">Hi</p>', "<p>Hi</p>"],
    ['<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ['<img src=x onerror="alert(1)">', ""],
    ['<iframe src="https://evil.example"></iframe><p>ok</p>', "<p>ok</p>"],
    ["<style>body{display:none}</style><h2>T</h2>", "<h2>T</h2>"],
    ['<a href="https://example.com/x">x</a>', '<a href="https://example.com/x" rel="noopener noreferrer">x</a>'],
    ['<a href="/terms-of-use">terms</a>', '<a href="/terms-of-use">terms</a>'],
  ])("%s → %s", (input, output) => {
    expect(sanitizeContentHtml(input)).toBe(output);
  });
});
