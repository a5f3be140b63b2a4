import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { getWithCookie, mswUpstream, portalEnv, profile, signedInSession } from "./harness";

/** /alerts reads the content service's alerts and brand tags, filters, never fails. */

const env = portalEnv();
const alertsRoute = await import("~/routes/alerts");
const { loadShell } = await import("~/server/shell/shell.server");
const { profileSchema } = await import("~/server/clients/api.server");
const { forget } = await import("~/server/infra/cache.server");
const { displayDate } = await import("~/domain/dates");

const API = "http://upstream.test";
const CONTENT = `${API}/api/royal/content/cruising-power`;
const ROYAL = "royal:brands/royal-caribbean";
const CELEBRITY = "royal:brands/celebrity-cruises";
const SILVERSEA = "royal:brands/silversea";
const BRANDS_KEY = "content:/api/royal/content/cruising-power/tags/brands?locale=en_us";

const calls: string[] = [];
const server = mswUpstream(env, [calls]);

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const item = (id: string, startDay: number, endDay: number, brandType: string[], title = `Alert ${id}`) => ({
  id,
  start: at(startDay),
  end: at(endDay),
  alertTitle: { plaintext: title },
  alertDescription: { plaintext: "More." },
  brandType,
  appId: "cruising-power",
});
const ALERTS = [
  item("ended", -40, -10, [ROYAL]),
  item("royal-now", -3, 20, [ROYAL], "Nassau replaces Falmouth"),
  item("celebrity-now", -1, 10, [CELEBRITY], "Apex suites moved"),
  item("all-now", -5, 6, [ROYAL, CELEBRITY, SILVERSEA], "Scheduled maintenance"),
  item("celebrity-soon", 7, 21, [CELEBRITY], "Edge dry dock"),
  item("silversea-soon", 14, 45, [SILVERSEA], "Silver Ray joins the fleet"),
];
const TAGS = [
  { id: ROYAL, title: "Royal Caribbean", code: "R" },
  { id: CELEBRITY, title: "Celebrity Cruises", code: "C" },
  { id: SILVERSEA, title: "Silversea", code: "V" },
];

/** The content service: alerts, brand tags and the page's introduction; anything else it does not hold. */
function content({ alerts = ALERTS, tags = TAGS }: { alerts?: unknown[]; tags?: unknown[] } = {}) {
  server.events.removeAllListeners();
  server.events.on("request:start", ({ request }) => {
    const url = new URL(request.url);
    calls.push(`${url.pathname.replace("/api/royal/content/cruising-power", "")}${url.search}`);
  });
  server.use(
    http.get(`${CONTENT}/alerts`, () => HttpResponse.json({ data: { modified: at(0), items: alerts } })),
    http.get(`${CONTENT}/tags/brands`, () => HttpResponse.json({ data: { modified: at(0), items: tags } })),
    http.get(`${CONTENT}/intro/alerts`, () =>
      HttpResponse.json({ data: { title: "Alerts", html: "<p>Current service alerts for our brands.</p>" } }),
    ),
    http.get(`${CONTENT}/*`, () => HttpResponse.json({ message: "not found" }, { status: 404 })),
  );
}
/** Every content read fails (the service is down). */
function contentDown() {
  server.use(http.get(`${CONTENT}/*`, () => HttpResponse.json({ message: "down" }, { status: 503 })));
}

// Each test reads as an agent of its own country: the content cache never answers for another test.
let seq = 0;
async function open(path: string) {
  seq += 1;
  const country = `T${String(seq).padStart(2, "0")}`;
  const { cookie } = await signedInSession({ profile: profile({ countryCode: country }) });
  const data = await alertsRoute.loader({ request: getWithCookie(cookie, path), params: {}, context: {} });
  return { data, country };
}
const titles = (rows: Array<{ title: string }>) => rows.map((r) => r.title);

describe("/alerts lists the agent's current and upcoming alerts", () => {
  it("reads every alert for the agent's audience (not only the active ones), and shows current then upcoming, without the ended", async () => {
    content();
    const { data, country } = await open("/alerts");
    expect(calls).toContain(`/alerts?locale=en_us&country=${country.toLowerCase()}&office=mia&role=agent`);
    expect(calls).toContain("/tags/brands?locale=en_us");
    expect(data.unavailable).toBe(false);
    expect(titles(data.current)).toEqual(["Scheduled maintenance", "Nassau replaces Falmouth", "Apex suites moved"]);
    expect(titles(data.upcoming)).toEqual(["Edge dry dock", "Silver Ray joins the fleet"]);
    expect(data.current[0]).toEqual({
      id: "all-now",
      brands: "Royal Caribbean, Celebrity Cruises, Silversea",
      title: "Scheduled maintenance",
      start: ALERTS[3]!.start,
      end: ALERTS[3]!.end,
      from: displayDate(ALERTS[3]!.start),
      to: displayDate(ALERTS[3]!.end),
    });
    expect(data.current[0]!.from).toMatch(/^\d{2}[A-Z]{3}\d{4}$/);
    expect(data.brands).toEqual([
      { value: ROYAL, label: "Royal Caribbean" },
      { value: CELEBRITY, label: "Celebrity Cruises" },
      { value: SILVERSEA, label: "Silversea" },
    ]);
    expect(data.brand).toBeNull();
    expect(data.notices).toEqual([]);
    expect(data.intro).toContain("Current service alerts for our brands.");
  });

  it("its current alerts are the ones the shell's alert bar shows", async () => {
    content();
    const { data, country } = await open("/alerts");
    const shell = await loadShell(profileSchema.parse(profile({ countryCode: country })) as never, "en_us");
    expect(shell.alerts.map((a) => a.id)).toEqual(data.current.map((a) => a.id));
  });
});

describe("/alerts?brand=<tag id>", () => {
  it("keeps the alerts tagged with the brand (an alert for several brands too)", async () => {
    content();
    const { data } = await open(`/alerts?brand=${encodeURIComponent(CELEBRITY)}`);
    expect(data.brand).toEqual({ id: CELEBRITY, name: "Celebrity Cruises" });
    expect(titles(data.current)).toEqual(["Scheduled maintenance", "Apex suites moved"]);
    expect(titles(data.upcoming)).toEqual(["Edge dry dock"]);
    expect(data.notices).toEqual([]);
  });

  it("a brand without alerts is an empty list, not an error", async () => {
    content({ alerts: ALERTS.filter((a) => !a.brandType.includes(SILVERSEA)) });
    const { data } = await open(`/alerts?brand=${encodeURIComponent(SILVERSEA)}`);
    expect(data.brand).toEqual({ id: SILVERSEA, name: "Silversea" });
    expect(data.current).toEqual([]);
    expect(data.upcoming).toEqual([]);
    expect(data.unavailable).toBe(false);
  });

  it.each([
    ["an unknown tag", "royal:brands/unknown"],
    ["a brand code", "C"],
    ["markup", '"><script>alert(1)</script>'],
  ])("%s is normalised to every brand, with a notice", async (_name, value) => {
    content();
    const { data } = await open(`/alerts?brand=${encodeURIComponent(value)}`);
    expect(data.brand).toBeNull();
    expect(data.notices).toEqual([`"${value}" is not a brand we know, so the list shows every brand.`]);
    expect(data.current).toHaveLength(3);
    expect(data.upcoming).toHaveLength(2);
  });

  it("an empty brand is every brand, without a notice", async () => {
    content();
    const { data } = await open("/alerts?brand=");
    expect(data.brand).toBeNull();
    expect(data.notices).toEqual([]);
  });
});

describe("/alerts when the content service fails", () => {
  it("says the alerts are unavailable, and the shell still has its data (never a 500)", async () => {
    await forget(BRANDS_KEY);
    contentDown();
    const { data, country } = await open(`/alerts?brand=${encodeURIComponent(CELEBRITY)}`);
    expect(data.unavailable).toBe(true);
    expect(data.current).toEqual([]);
    expect(data.upcoming).toEqual([]);
    expect(data.brands).toEqual([]);
    expect(data.brand).toBeNull();
    expect(data.notices).toEqual(["The brands are unavailable just now, so the list shows every brand."]);
    const shell = await loadShell(profileSchema.parse(profile({ countryCode: country })) as never, "en_us");
    expect(shell.alerts).toEqual([]);
    await forget(BRANDS_KEY);
  });

  it("malformed alerts count as unavailable too", async () => {
    content({ alerts: [{ id: "x", start: 12 }] });
    const { data } = await open("/alerts");
    expect(data.unavailable).toBe(true);
    expect(data.brands).toHaveLength(3);
  });
});
