import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { pageTitle, titleFor } from "~/domain/titles";

describe("page titles: '{page name} | Professional Portal'", () => {
  it.each([
    ["/home", "Home page"],
    ["/profile/info", "Profile"],
    ["/profile/communications", "Communications - Profile"],
    ["/profile/agency", "Agency Information - Profile"],
    ["/profile/security", "Security Settings - Profile"],
    ["/user-management", "User Management"],
    ["/user-management/agents/12", "User Management"],
    ["/insights/overview", "Insights"],
    ["/insights/coupon-application-details", "Insights"],
    ["/promotion/home", "Promotions"],
    ["/travel-docs", "Travel Documents"],
    ["/itinerary/search", "Itineraries"],
    ["/itineraries/compare", "Itineraries"],
    ["/alerts", "Alerts"],
    ["/register", "Agent Registration"],
    ["/register/stepper", "Agent Registration"],
    ["/login", "Login"],
  ])("%s → %s", (path, name) => {
    expect(titleFor(path)).toBe(`${name} | Professional Portal`);
  });

  it("uses the default title otherwise", () => {
    expect(pageTitle()).toBe("Professional Portal");
    expect(titleFor("/nowhere")).toBe("Professional Portal");
  });

  it("names the other screens by their heading", () => {
    expect(titleFor("/register-agency")).toBe("Agency registration | Professional Portal");
  });
});

type Entry = { path?: string; file: string; children?: Entry[] };
function paths(entries: Entry[], base = ""): Array<{ path: string; file: string }> {
  return entries.flatMap((entry) => {
    const full = entry.path === undefined ? base : `${base}/${entry.path}`;
    const own = entry.path === undefined || entry.children ? [] : [{ path: full, file: entry.file }];
    return [...own, ...paths(entry.children ?? [], full)];
  });
}

describe("the route map", () => {
  const all = paths(routes as unknown as Entry[]);
  const specified = [
    "/home",
    "/welcome",
    "/logout",
    "/super-user",
    "/super-user/agency-found",
    "/explore-our-fleet/:ship",
    "/promotion/home",
    "/promotion/brand",
    "/promotion/results",
    "/promotion/detail",
    "/promotion/featured-offers",
    "/promotion/archived-offers",
    "/promotion/offers-list",
    "/insights/overview",
    "/insights/alert-centre",
    "/insights/coupon-application-details",
    "/insights/future-compensation",
    "/insights/individual-and-group-reservations",
    "/insights/npc-transmission-details",
    "/insights/set-up-automated-emails",
    "/insights/onboard-sales",
    "/insights/casino-reservations",
    "/insights/view-another-branch",
    "/user-management/*",
    "/group-travel-hub/*",
    "/profile/info",
    "/profile/communications",
    "/profile/agency",
    "/profile/security",
    "/certificate-redemption",
    "/travel-docs/*",
    "/alerts",
    "/reduced-rates/*",
    "/itinerary/search",
    "/itinerary/results",
    "/itinerary/detail",
    "/itineraries/compare",
    "/login",
    "/otp-verify",
    "/travel-docs/html/preview",
    "/register",
    "/register/stepper",
    "/register-agency",
    "/register-agency/stepper",
    "/register-agency/stepperSuccess",
    "/register-agency/verify",
    "/register-agency/email-sent",
    "/register-agency/email-resend",
    "/register-agency/welcome",
    "/register-agency/sales-agreement",
    "/account/forgot",
    "/account/forgot/password",
    "/account/forgot/password/email-verified",
    "/account/forgot/password/reset-password",
    "/account/forgot/password/reset-success",
    "/account/forgot/username",
    "/account/forgot/username/recovery",
    "/account/forgot/username/phone-verification",
    "/terms-of-use",
    "/privacy-policy",
    "/travel-agent-guidelines",
    "/error",
    "/*",
  ];

  it.each(specified)("holds %s", (path) => {
    expect(all.map((r) => r.path)).toContain(path);
  });

  it("sends every area's wildcard route to the area's Page not found, and no page is a placeholder", () => {
    const wildcards = all.filter(({ path }) => path.endsWith("/*") && path !== "/*");
    expect(wildcards.map(({ path }) => path).sort()).toEqual(
      ["/group-travel-hub/*", "/reduced-rates/*", "/travel-docs/*", "/user-management/*"].sort(),
    );
    for (const { file } of wildcards) expect(file).toBe("routes/area-not-found.tsx");
    expect(all.filter(({ file }) => file.includes("screens/"))).toEqual([]);
  });
});
