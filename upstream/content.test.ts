import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { INTRO_SCREENS } from "./content/intros";
import { LOCALES } from "./content/types";
import { TEST_START, startHarness, type Harness } from "./testing/harness";

let h: Harness;
beforeAll(() => {
  h = startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const BASE = "/api/royal/content/cruising-power";
const DAY = 24 * 60 * 60 * 1000;

async function content(path: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  return h.call("GET", `${BASE}/${path}${search ? `?${search}` : ""}`, undefined, headers);
}

const isoDate = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const image = {
  path: expect.stringMatching(/^\//),
  title: expect.any(String),
  description: expect.any(String),
  width: expect.any(Number),
  height: expect.any(Number),
};

function activeAt(items: Array<{ start: string; end: string }>, now: number) {
  return items.filter((item) => Date.parse(item.start) <= now && now <= Date.parse(item.end));
}

const PAGES = [
  "footer",
  "footer-navigation",
  "sidebar-navigation",
  "alerts",
  "notifications",
  "tags/brands",
  "dictionary?name=registration",
  "dictionary?name=application",
  "global",
  "legal/terms-of-use",
  "legal/privacy-policy",
  "legal/travel-agent-guidelines",
  "intro/home",
  "intro/login",
];

describe("GET /api/royal/content: every page in every language", () => {
  it.each(LOCALES)("answers 200 {data:{items, modified}} for every page in %s", async (locale) => {
    for (const page of PAGES) {
      const [path, query] = page.split("?");
      const params = Object.fromEntries(new URLSearchParams(query ?? ""));
      const reply = await content(
        path!,
        { locale, country: "usa", role: "agent", office: "mia", ...params },
        { "edge-cache-tag": "portal" },
      );
      expect(reply.status, `${page} ${locale}`).toBe(200);
      expect(Array.isArray(reply.body.data.items), page).toBe(true);
      expect(reply.body.data.items.length, page).toBeGreaterThan(0);
      expect(reply.body.data.modified, page).toEqual(isoDate);
    }
  });

  it("defaults the content path and the locale", async () => {
    const short = await h.call("GET", "/api/royal/content/footer");
    const full = await content("footer", { locale: "en_us" });
    expect(short.status).toBe(200);
    expect(short.body).toEqual(full.body);
    expect((await content("legal/terms-of-use", { locale: "FR-fr" })).body.data.title).toBe("Conditions d'utilisation");
  });

  it("answers 404 NOT_FOUND for what does not exist", async () => {
    const missing = [
      `${BASE}/nothing`,
      `${BASE}/toString`,
      `${BASE}/footer/extra`,
      `${BASE}/legal/cookie-policy`,
      `${BASE}/legal`,
      `${BASE}/tags`,
      `${BASE}/tags/ships`,
      `${BASE}/dictionary`,
      `${BASE}/dictionary?name=checkout`,
      `${BASE}/intro/nowhere`,
      `${BASE}/intro`,
      `${BASE}`,
      "/api/royal/content",
      "/api/royal/content/another-product/footer",
      `${BASE}/footer?locale=es_es`,
      `${BASE}/footer?locale=en`,
      `${BASE}/dictionary?name=registration&locale=pt_br`,
    ];
    for (const path of missing) {
      const reply = await h.call("GET", path);
      expect(reply.status, path).toBe(404);
      expect(reply.body.message.errorCode, path).toBe("NOT_FOUND");
    }
    expect((await h.call("POST", `${BASE}/footer`, {})).status).toBe(404);
  });
});

describe("footer and footer-navigation", () => {
  it("footer: a logo, three subsidiary logos and the copyright with the clock's year", async () => {
    const { body } = await content("footer", { locale: "de_de" });
    expect(body.data.footerLogo).toEqual(image);
    expect(body.data.subsidiaryLogos).toHaveLength(3);
    for (const logo of body.data.subsidiaryLogos) expect(logo).toEqual(image);
    expect(body.data.subsidiaryLogos.map((l: { title: string }) => l.title)).toEqual([
      "Royal Caribbean International",
      "Celebrity Cruises",
      "Silversea",
    ]);
    expect(body.data.copyrightText).toContain("2026");
    expect(body.data.copyrightText).toContain("Alle Rechte vorbehalten");
    expect(body.data.items).toEqual([
      {
        footerLogo: body.data.footerLogo,
        subsidiaryLogos: body.data.subsidiaryLogos,
        copyrightText: body.data.copyrightText,
      },
    ]);
  });

  it("footer-navigation: every link with key, label, href and public, translated", async () => {
    const en = (await content("footer-navigation")).body.data.items;
    const fr = (await content("footer-navigation", { locale: "fr_fr", role: "agent" })).body.data.items;
    expect(en.map((l: { key: string }) => l.key).sort()).toEqual([
      "contact",
      "privacy-policy",
      "register-agency",
      "terms-of-use",
      "travel-agent-guidelines",
    ]);
    for (const link of en) {
      expect(link).toEqual({
        key: expect.any(String),
        label: expect.any(String),
        href: expect.any(String),
        public: expect.any(Boolean),
      });
    }
    expect(en.find((l: { key: string }) => l.key === "travel-agent-guidelines").public).toBe(false);
    expect(fr).toHaveLength(en.length);
    expect(fr.find((l: { key: string }) => l.key === "terms-of-use").label).toBe("Conditions d'utilisation");
  });
});

describe("alerts", () => {
  type Alert = {
    id: string;
    start: string;
    end: string;
    alertTitle: { plaintext: string };
    brandType: string[];
    appId: string;
  };

  it("holds alerts active today, ended ones and coming ones, in the documented shape", async () => {
    const items: Alert[] = (await content("alerts", { country: "usa" })).body.data.items;
    for (const alert of items) {
      expect(alert).toMatchObject({
        start: isoDate,
        end: isoDate,
        alertTitle: { plaintext: expect.any(String) },
        appId: "cruising-power",
      });
      for (const tag of alert.brandType) expect(tag).toMatch(/^royal:brands\//);
    }
    expect(activeAt(items, TEST_START).length).toBeGreaterThanOrEqual(2);
    expect(items.some((a) => Date.parse(a.end) < TEST_START)).toBe(true);
    expect(items.some((a) => Date.parse(a.start) > TEST_START)).toBe(true);
  });

  it("keeps alerts active relative to a moved clock", async () => {
    for (const days of [1, 45, 400]) {
      h.clock.set(TEST_START + days * DAY + 5 * 60 * 60 * 1000);
      const reply = await content("alerts", { country: "usa", active: "true" });
      const items: Alert[] = reply.body.data.items;
      expect(items.length, `${days} days on`).toBeGreaterThanOrEqual(2);
      expect(activeAt(items, h.clock())).toHaveLength(items.length);
      expect(reply.body.data.modified.slice(0, 10)).toBe(new Date(h.clock()).toISOString().slice(0, 10));
    }
  });

  it("filters by country (case-insensitively) and by brand", async () => {
    const usa: Alert[] = (await content("alerts", { country: "usa" })).body.data.items;
    const can: Alert[] = (await content("alerts", { country: "CAN" })).body.data.items;
    const canLower: Alert[] = (await content("alerts", { country: "can" })).body.data.items;
    expect(can.length).toBe(usa.length + 1);
    expect(canLower).toEqual(can);
    const silversea: Alert[] = (await content("alerts", { brand: "V" })).body.data.items;
    expect(silversea.length).toBeGreaterThan(0);
    for (const alert of silversea) expect(alert.brandType).toContain("royal:brands/silversea");
    expect((await content("alerts", { brand: "royal:brands/silversea" })).body.data.items).toEqual(silversea);
    expect((await content("alerts", { brand: "unknown" })).body.data.items).toEqual([]);
  });
});

describe("notifications", () => {
  type Notification = Record<string, unknown> & { id: string; start: string; end: string };
  const forAgentUsa = { country: "usa", office: "mia", role: "agent" };

  it("gives agent.usa at least three active notifications in the documented shape", async () => {
    const items: Notification[] = (await content("notifications", forAgentUsa)).body.data.items;
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(activeAt(items, TEST_START)).toHaveLength(items.length);
    for (const n of items) {
      expect(Object.keys(n).sort()).toEqual(
        [
          "appId",
          "dismissLabel",
          "end",
          "featuredImage",
          "icon",
          "id",
          "label",
          "link",
          "message",
          "start",
          "toolCode",
          "type",
        ].sort(),
      );
      expect(n.featuredImage !== null || n.icon !== null).toBe(true);
      if (n.featuredImage !== null) expect(n.featuredImage).toEqual({ _dmS7Url: expect.any(String) });
      if (n.icon !== null) expect(n.icon).toEqual({ _publishUrl: expect.any(String) });
    }
  });

  it("filters by role, country and office, case-insensitively", async () => {
    const ids = async (query: Record<string, string>) =>
      ((await content("notifications", query)).body.data.items as Notification[]).map((n) => n.id);
    const agent = await ids(forAgentUsa);
    expect(await ids({ country: "USA", office: "MIA", role: "AGENT" })).toEqual(agent);
    const admin = await ids({ ...forAgentUsa, role: "ADMIN" });
    expect(admin).toContain("2005");
    expect(agent).not.toContain("2005");
    const rccl = await ids({ ...forAgentUsa, role: "rccl" });
    expect(rccl).not.toContain("2002");
    const gbr = await ids({ country: "gbr", office: "lon", role: "agent" });
    expect(gbr).toContain("2006");
    expect(gbr).not.toContain("2004");
    expect(gbr).not.toContain("2008");
    expect(agent).not.toContain("2006");
  });

  it("serves only notifications inside their window, relative to a moved clock", async () => {
    const ids = ((await content("notifications", forAgentUsa)).body.data.items as Notification[]).map((n) => n.id);
    expect(ids).not.toContain("2101"); // not started
    expect(ids).not.toContain("1998"); // ended
    h.clock.set(TEST_START + 123 * DAY);
    const later: Notification[] = (await content("notifications", forAgentUsa)).body.data.items;
    expect(later.map((n) => n.id)).toEqual(ids);
    expect(activeAt(later, h.clock())).toHaveLength(later.length);
  });
});

describe("tags, global and sidebar", () => {
  it("tags/brands (and tags?path=brands) list the three brands", async () => {
    const { body } = await content("tags/brands", { locale: "zh_cn" });
    expect(body.data.items).toEqual([
      { id: "royal:brands/royal-caribbean", title: "Royal Caribbean", code: "R" },
      { id: "royal:brands/celebrity-cruises", title: "Celebrity Cruises", code: "C" },
      { id: "royal:brands/silversea", title: "Silversea", code: "V" },
    ]);
    expect((await content("tags", { path: "brands" })).body.data.items).toEqual(body.data.items);
  });

  it("global carries the brand names, support contacts, the translation flag and the hidden phone countries", async () => {
    const { body } = await content("global");
    expect(body.data.brandNames).toEqual({ R: "Royal Caribbean", C: "Celebrity Cruises", V: "Silversea" });
    expect(body.data.supportEmail).toMatch(/@/);
    expect(body.data.supportPhone).toMatch(/\d/);
    expect(body.data.translationRestrictedToRegistration).toBe(true);
    for (const code of ["CU", "RU", "BY", "IR", "KP", "SY", "VE", "SD", "SS"])
      expect(body.data.hiddenPhoneCountries).toContain(code);
    expect(body.data.hiddenPhoneCountries.length).toBeGreaterThan(9);
    expect(body.data.languages.map((l: { code: string }) => l.code)).toEqual([...LOCALES]);
    expect(body.data.items).toEqual([expect.objectContaining({ brandNames: body.data.brandNames })]);
  });

  it("sidebar-navigation has the groups, tool codes, partner brands, contact and help", async () => {
    type Item = {
      id: string;
      type: string;
      label: string;
      icon: string;
      href?: string;
      toolCode?: string;
      brands?: string[];
      children?: Item[];
    };
    const items: Item[] = (await content("sidebar-navigation")).body.data.items;
    const all: Item[] = [];
    const walk = (list: Item[], depth: number) => {
      for (const item of list) {
        all.push(item);
        expect(item.label && item.icon && item.type, item.id).toBeTruthy();
        if (item.type === "link") expect(item.href, item.id).toMatch(/^\//);
        if (item.type === "group") expect(item.children?.length, item.id).toBeGreaterThan(0);
        if (item.children) walk(item.children, depth + 1);
      }
    };
    walk(items, 0);
    const byId = (id: string) => all.find((i) => i.id === id);
    const insights = byId("insights")!;
    expect(insights.toolCode).toBe("INSIGHT");
    expect(insights.children!.some((c) => c.type === "group")).toBe(true);
    expect(byId("insights-coupons")).toMatchObject({
      toolCode: "COUPON",
      href: "/insights/coupon-application-details",
    });
    expect(byId("travel-docs")).toMatchObject({ toolCode: "GUEST-DOCS" });
    expect(byId("ships")).toMatchObject({ toolCode: "SEE-OUR-SHIPS" });
    expect(byId("promotions")).toMatchObject({ toolCode: "SEARCH-PROMOTIONS" });
    expect(byId("hotels")).toMatchObject({ toolCode: "HOTELS", brands: ["R", "C"] });
    expect(byId("cruise-planner")).toMatchObject({ toolCode: "CRUISE-PLANNER", brands: ["R", "C"] });
    expect(byId("digital-brochures")).toMatchObject({ toolCode: "DIGITAL-BROCHURES", brands: ["R", "C", "V"] });
    expect(byId("image-library")).toMatchObject({ toolCode: "IMAGE-LIBRARY", brands: ["R", "C"] });
    expect(byId("quote")).toMatchObject({ type: "partner", toolCode: "EQUOTE", brands: [] });
    expect(items.some((i) => i.type === "contact")).toBe(true);
    expect(items.some((i) => i.type === "help")).toBe(true);
    const insightLinks = all.filter((i) => i.href?.startsWith("/insights/"));
    // Overview, alert centre, seven lists (price drops among them), automated e-mails, another branch.
    expect(insightLinks).toHaveLength(11);
  });
});

describe("dictionaries, legal pages and introductions", () => {
  it("dictionary answers items [{key, value}] and entries {key: value}, translated", async () => {
    const en = (await content("dictionary", { name: "application" })).body.data;
    const de = (await content("dictionary", { name: "Application", locale: "de_de" })).body.data;
    expect(en.name).toBe("application");
    expect(en.entries.agentManagement).toBe("Agent Management");
    expect(en.items).toContainEqual({ key: "sevenDayForecastTitle", value: "7-Day FORECAST" });
    expect(de.entries.logOut).toBe("Abmelden");
    expect(de.items.map((i: { key: string }) => i.key)).toEqual(en.items.map((i: { key: string }) => i.key));
    expect((await content("dictionary/registration", { locale: "es_xn" })).body.data.entries.fieldPassword).toBe(
      "Senha",
    );
  });

  it.each(["terms-of-use", "privacy-policy", "travel-agent-guidelines"])(
    "legal/%s is long-form HTML with a translated title",
    async (policy) => {
      const en = (await content(`legal/${policy}`)).body.data;
      expect(en).toMatchObject({
        policyType: policy,
        title: expect.any(String),
        modified: isoDate,
        html: expect.any(String),
      });
      expect(en.items[0].modified).toBe(en.modified);
      const words = en.html
        .replace(/<[^>]+>/g, " ")
        .split(/\s+/)
        .filter((w: string) => /\w/.test(w));
      expect(words.length).toBeGreaterThanOrEqual(1200);
      expect((en.html.match(/<h2/g) ?? []).length).toBeGreaterThanOrEqual(8);
      expect(en.html).toMatch(/<ul>|<ol>/);
      expect(en.html).toMatch(/<a href=/);
      const titles = new Set<string>();
      for (const locale of LOCALES) {
        const page = (await content(`legal/${policy}`, { locale })).body.data;
        titles.add(page.title);
        expect(page.modified).toBe(en.modified);
        expect(page.html).toBe(en.html);
      }
      expect(titles.size).toBe(6);
    },
  );

  it("agreements/sales-agreement is the agency sales agreement, its date the version, its title translated", async () => {
    const en = (await content("agreements/sales-agreement")).body.data;
    expect(en).toMatchObject({
      title: "Agency Sales Agreement",
      modified: "2026-02-01T00:00:00.000Z",
      htmlLanguage: "en_us",
    });
    expect((en.html.match(/<h2/g) ?? []).length).toBeGreaterThanOrEqual(6);
    expect(en.html).toContain('href="/travel-agent-guidelines"');
    const fr = (await content("agreements/sales-agreement", { locale: "fr_fr" })).body.data;
    expect(fr.title).toBe("Contrat de vente de l'agence");
    expect(fr.html).toBe(en.html);
    expect((await content("agreements/other")).status).toBe(404);
    expect((await content("agreements/sales-agreement/extra")).status).toBe(404);
  });

  it("has an introduction for every screen, translated on the public ones", async () => {
    for (const screen of INTRO_SCREENS) {
      const reply = await content(`intro/${screen}`);
      expect(reply.status, screen).toBe(200);
      expect(reply.body.data).toMatchObject({
        screen,
        title: expect.any(String),
        html: expect.stringMatching(/^<p>.+<\/p>$/),
      });
    }
    for (const screen of [
      "home",
      "insights/alert-centre",
      "profile/security",
      "promotion/featured-offers",
      "itineraries/compare",
    ]) {
      expect(INTRO_SCREENS, screen).toContain(screen);
    }
    const titles = new Set<string>();
    for (const locale of LOCALES) {
      titles.add((await content("intro/account/forgot/password", { locale })).body.data.title);
    }
    expect(titles.size).toBe(6);
    expect((await content("intro/REGISTER-AGENCY/steppersuccess", { locale: "it_it" })).body.data.title).toBe(
      "Registrazione inviata",
    );
  });
});
