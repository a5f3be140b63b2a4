import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { portalEnv, profile, signedInSession } from "./harness";

const env = portalEnv();
const { loadShell, loadShellData, headerWeather, sidebarEntries, HEADER_WEATHER_BUDGET_MS } =
  await import("~/server/shell/shell.server");
const conditional = await import("~/routes/layouts/conditional");
const login = await import("~/routes/auth/login");
const { routeErrorOf, withUpstreamErrors, NOT_FOUND_MESSAGE } = await import("~/server/infra/route-errors.server");
const { UpstreamError } = await import("~/server/infra/http.server");
const { requireAgent } = await import("~/server/auth/auth.server");
const { sessionStore } = await import("~/server/infra/session.server");
const { forget } = await import("~/server/infra/cache.server");
const { WEATHER_MESSAGES } = await import("~/domain/weather");
// Profiles as the client parses them: with the derived fields (hasEquoteAccess gates the quote tool).
const { profileSchema } = await import("~/server/clients/api.server");

const API = "http://upstream.test";
const CONTENT = `${API}/api/royal/content/cruising-power`;

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(async () => {
  server.close();
  await sessionStore().close();
  env.cleanup();
});

/** Content the test does not name answers 404 (an optional part left out), never an unhandled call. */
const noOtherContent = http.get(`${CONTENT}/*`, () => HttpResponse.json({ message: "not found" }, { status: 404 }));

const link = (id: string, href: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: "link",
  label: id,
  icon: "home",
  href,
  ...extra,
});

// Every test reads a place of its own, so the weather cache never answers for another test.
let seq = 0;
function place(country = "USA") {
  seq += 1;
  const lat = `25.${String(seq).padStart(4, "0")}`;
  const long = `-80.${String(seq).padStart(4, "0")}`;
  return profileSchema.parse(
    profile({
      countryCode: country,
      locationData: [
        { key: "name", value: "Miami" },
        { key: "region", value: "Florida" },
        { key: "country", value: "United States of America" },
        { key: "lat", value: lat },
        { key: "long", value: long },
      ],
    }),
  ) as never;
}
const weatherItem = (temperature: number) => [
  {
    location: { name: "Miami", region: "Florida", country: "United States of America", localTime: "2026-03-09 10:00" },
    current: {
      temperature,
      windSpeed: 10,
      windDir: "ESE",
      humidity: 60,
      weatherCode: 113,
      weatherDescriptions: ["Sunny"],
    },
    forecast: null,
  },
];

describe("sidebar links from the content service pass the one link rule (contentHref)", () => {
  it("drops javascript:, data: and other-host links; keeps paths, mailto: and https:", () => {
    const entries = sidebarEntries([
      link("home", "/home"),
      link("evil", "javascript:alert(document.cookie)"),
      link("evil-upper", "JaVaScRiPt:alert(1)"),
      link("data", "data:text/html,<script>alert(1)</script>"),
      link("other-host", "//evil.example/home"),
      link("backslash", "/\\evil.example"),
      { id: "contact", type: "contact", label: "Contact", icon: "phone", href: "mailto:trade.support@example.com" },
      link("partner-site", "https://partners.example.com/x"),
      {
        id: "group",
        type: "group",
        label: "Group",
        icon: "grid",
        children: [link("inner-evil", "javascript:alert(2)"), link("inner-ok", "/alerts")],
      },
      {
        id: "bad-group",
        type: "group",
        label: "Bad",
        icon: "grid",
        children: [link("only-evil", "javascript:void(0)")],
      },
      {
        id: "help",
        type: "help",
        label: "Help",
        icon: "help",
        modal: { title: "Help", html: '<p onclick="x()">Hi</p>' },
      },
    ] as never);
    expect(entries.map((e) => e.id)).toEqual(["home", "contact", "partner-site", "group", "help"]);
    expect(entries.find((e) => e.id === "group")!.children.map((c) => c.id)).toEqual(["inner-ok"]);
    expect(JSON.stringify(entries)).not.toMatch(/javascript:|data:text|evil\.example/i);
    expect(entries.find((e) => e.id === "help")!.modal!.html).not.toContain("onclick");
  });

  it("loadShell, given a javascript: link in the sidebar navigation, never passes it to the page", async () => {
    server.use(
      http.get(`${CONTENT}/sidebar-navigation`, () =>
        HttpResponse.json({
          data: {
            items: [link("home", "/home"), link("xss", "javascript:alert(document.domain)"), link("alerts", "/alerts")],
          },
        }),
      ),
      noOtherContent,
    );
    const shell = await loadShell(profile() as never, "it_it");
    expect(shell.sidebar?.map((e) => [e.id, e.href])).toEqual([
      ["home", "/home"],
      ["alerts", "/alerts"],
    ]);
    expect(JSON.stringify(shell)).not.toContain("javascript:");
  });
});

describe("the header's extensions and weather drawers", () => {
  it("lists the partner tools the agent may open, each at /tools/{code}", async () => {
    server.use(noOtherContent);
    const shell = await loadShell(
      profileSchema.parse(profile({ allowedApplicationTools: [{ toolCode: "HOTELS" }, { toolCode: "INSIGHT" }] })),
      "de_de",
    );
    expect(shell.extensions).toEqual([
      { toolCode: "EQUOTE", name: "Quote", href: "/tools/EQUOTE" },
      { toolCode: "HOTELS", name: "Hotels", href: "/tools/HOTELS" },
    ]);
  });

  it("shows the current temperature in °F for a USA agent and °C elsewhere", async () => {
    const units: string[] = [];
    server.use(
      http.get(`${API}/api/weather/live/current`, ({ request }) => {
        const units_ = new URL(request.url).searchParams.get("units")!;
        units.push(units_);
        return HttpResponse.json(weatherItem(units_ === "f" ? 81.4 : 27.4));
      }),
    );
    const request = new Request("http://localhost/home");
    const usa = await headerWeather(request, place("USA"));
    expect(usa.current?.temperature).toBe("81°F");
    expect(usa.place).toBe("Miami, Florida, United States of America");
    expect(usa.forecastHref).toBe("/home?forecast=1");
    const gbr = await headerWeather(request, place("GBR"));
    expect(gbr.current?.temperature).toBe("27°C");
    expect(units).toEqual(["f", "m"]);
  });

  it("a failing weather service gives a short unavailable state, never an error", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    server.use(http.get(`${API}/api/weather/live/current`, () => HttpResponse.json({}, { status: 500 })));
    const weather = await headerWeather(new Request("http://localhost/home"), place());
    expect(weather).toMatchObject({ current: null, message: WEATHER_MESSAGES.failed, unit: "f" });
  });

  it("a slow weather service costs the header at most its budget", async () => {
    server.use(
      http.get(`${API}/api/weather/live/current`, async () => {
        await delay(HEADER_WEATHER_BUDGET_MS + 1_500);
        return HttpResponse.json(weatherItem(70));
      }),
    );
    const started = Date.now();
    const weather = await headerWeather(new Request("http://localhost/home"), place(), 200);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(weather).toMatchObject({ current: null, message: WEATHER_MESSAGES.failed });
  });

  it("an agent without a location is told where to choose one", async () => {
    const weather = await headerWeather(new Request("http://localhost/home"), profile({ locationData: [] }) as never);
    expect(weather.current).toBeNull();
    expect(weather.message).toMatch(/home page/);
  });

  it("the shell's loader data carries the weather and the sidebar state", async () => {
    server.use(
      noOtherContent,
      http.get(`${API}/api/weather/live/current`, () => HttpResponse.json(weatherItem(75))),
    );
    const data = await loadShellData(
      new Request("http://localhost/home", { headers: { Cookie: "pp_sidebar=%22collapsed%22" } }),
      {
        profile: place(),
        auth: { accessToken: "a", idToken: "i", username: "agent.usa", signedInAt: 0, lastActivity: 0 },
      },
    );
    expect(data.shell.weather.current?.temperature).toBe("75°F");
    expect(data.shell.acting).toBeNull();
    expect(data.shell.extensions.length).toBeGreaterThan(0);
    expect(data.sidebarOpen === false || data.sidebarOpen === null).toBe(true);
  });
});

describe("the legal pages' layout (family 4)", () => {
  const signedInCookie = async () => (await signedInSession({ termsChecked: false })).cookie;

  const MODIFIED = "2026-01-15T00:00:00.000Z";
  const legalPages = http.get(`${CONTENT}/legal/:policy`, ({ params }) =>
    HttpResponse.json({
      data: { policyType: params.policy, title: "Terms of Use", modified: MODIFIED, html: "<p>Terms</p>" },
    }),
  );
  const profileCall = http.get(`${API}/userProfile`, () => HttpResponse.json({ data: profile() }));
  const weather = http.get(`${API}/api/weather/live/current`, () => HttpResponse.json(weatherItem(75)));
  const call = async (cookie?: string) =>
    conditional.loader({
      request: new Request("http://localhost/terms-of-use", { headers: cookie ? { Cookie: cookie } : {} }),
      params: {},
      context: {},
    });

  it("signed out: the minimal shell", async () => {
    expect(await call()).toEqual({ signedIn: null });
  });

  it("signed in with the terms accepted: the full signed-in shell's data, as the app layout has it", async () => {
    server.use(
      profileCall,
      legalPages,
      weather,
      http.get(`${API}/agents/legal-acceptance`, () =>
        HttpResponse.json({
          data: { acceptedTerms: [{ policyType: "terms-of-use", policyVersion: MODIFIED, policyLanguage: "en_us" }] },
        }),
      ),
      http.get(`${CONTENT}/sidebar-navigation`, () => HttpResponse.json({ data: { items: [link("home", "/home")] } })),
      noOtherContent,
    );
    await forget(`content:/api/royal/content/cruising-power/sidebar-navigation?locale=en_us`);
    const { signedIn } = await call(await signedInCookie());
    expect(signedIn).not.toBeNull();
    expect(signedIn!.shell.account.name).toBe("Avery Stone");
    expect(signedIn!.shell.sidebar?.map((e) => e.id)).toEqual(["home"]);
    expect(signedIn!.shell.weather).toBeDefined();
    expect(signedIn!.shell.notifications).toEqual([]);
    expect(signedIn).toHaveProperty("sidebarOpen");
  });

  it("signed in with the terms not accepted: the minimal shell", async () => {
    server.use(
      profileCall,
      legalPages,
      weather,
      http.get(`${API}/agents/legal-acceptance`, () => HttpResponse.json({ data: { acceptedTerms: [] } })),
      noOtherContent,
    );
    expect(await call(await signedInCookie())).toEqual({ signedIn: null });
  });

  it("signed in, the acceptance unreadable: the minimal shell (the page is open to everyone)", async () => {
    server.use(
      profileCall,
      legalPages,
      weather,
      http.get(`${API}/agents/legal-acceptance`, () => HttpResponse.json({}, { status: 500 })),
      noOtherContent,
    );
    expect(await call(await signedInCookie())).toEqual({ signedIn: null });
  });
});

describe("the language switcher shows only where it changes the page", () => {
  const loginLoader = () =>
    login.loader({ request: new Request("http://localhost/login"), params: {}, context: {} }) as Promise<{
      language: unknown;
    }>;
  const qa = http.get(`${API}/auth/qa-mode`, () => HttpResponse.json({ data: { qaMode: false } }));
  const globalKey = "content:/api/royal/content/cruising-power/global?locale=en_us";

  it("not on /login while the translation flag keeps it English", async () => {
    await forget(globalKey);
    server.use(
      qa,
      http.get(`${CONTENT}/global`, () => HttpResponse.json({ data: { translationRestrictedToRegistration: true } })),
      noOtherContent,
    );
    expect((await loginLoader()).language).toBeNull();
  });

  it("on /login when the flag is off (the page is translated)", async () => {
    await forget(globalKey);
    server.use(
      qa,
      http.get(`${CONTENT}/global`, () => HttpResponse.json({ data: { translationRestrictedToRegistration: false } })),
      noOtherContent,
    );
    expect((await loginLoader()).language).toMatchObject({ chosen: "en_us" });
    await forget(globalKey);
  });
});

describe("an upstream failure that reaches a loader becomes a route error", () => {
  const upstream404 = new UpstreamError("http", "catalogue", "/ships/nope", 404);

  it("an upstream 404 is a 404 response with the not-found message", async () => {
    const thrown = await withUpstreamErrors(async () => {
      throw upstream404;
    }).catch((error: unknown) => error);
    expect(thrown).toMatchObject({ init: { status: 404 }, data: { message: NOT_FOUND_MESSAGE } });
  });

  it("a real 404 from an upstream read, through the client, ends the same way", async () => {
    server.use(
      http.get(`${API}/userProfile`, () =>
        HttpResponse.json({ message: { message: "no such agent" } }, { status: 404 }),
      ),
    );
    const { requestJson } = await import("~/server/infra/http.server");
    const thrown = await withUpstreamErrors(() =>
      requestJson({ service: "api", baseUrl: API, path: "/userProfile", schema: null }),
    ).catch((error: unknown) => error);
    expect(thrown).toMatchObject({ init: { status: 404 } });
  });

  it.each([
    [new UpstreamError("http", "api", "/x", 500), 503],
    [new UpstreamError("timeout", "api", "/x"), 503],
    [new UpstreamError("malformed", "api", "/x", 200), 503],
  ])("%s → %i", (error, status) => {
    expect(routeErrorOf(error)).toMatchObject({ init: { status } });
  });

  it("an upstream 403 sends the agent home; anything else passes unchanged", () => {
    expect((routeErrorOf(new UpstreamError("http", "api", "/x", 403)) as Response).headers.get("Location")).toBe(
      "/home",
    );
    const response = new Response(null, { status: 302 });
    expect(routeErrorOf(response)).toBe(response);
    const plain = new Error("boom");
    expect(routeErrorOf(plain)).toBe(plain);
  });

  it("the guard still answers before any of this (a signed-out visitor goes to /login)", async () => {
    const thrown = await requireAgent(new Request("http://localhost/explore-our-fleet/x")).catch((e: unknown) => e);
    expect((thrown as Response).headers.get("Location")).toMatch(/^\/login/);
  });
});
