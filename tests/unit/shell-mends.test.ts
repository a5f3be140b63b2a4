import { describe, expect, it } from "vitest";
import { effectiveLocale, translatesPage } from "~/domain/language";
import { extensionsFor } from "~/domain/navigation";
import { PARTNER_TOOLS } from "~/domain/partners";

const tools = (...codes: string[]) => codes.map((toolCode) => ({ toolCode }));
const quote = { hasEquoteAccess: true };

describe("the header's extensions drawer", () => {
  it("lists every partner tool the agent holds, each at /tools/{code}", () => {
    const every = Object.keys(PARTNER_TOOLS);
    expect(extensionsFor(tools(...every), quote).map((e) => e.toolCode)).toEqual(every);
    expect(extensionsFor(tools("HOTELS"), quote)).toContainEqual({
      toolCode: "HOTELS",
      name: "Hotels",
      href: "/tools/HOTELS",
    });
  });

  it.each([
    ["no tools: only the quote tool (the exempt menu code, with hasEquoteAccess)", [], true, ["EQUOTE"]],
    ["no tools and no hasEquoteAccess: nothing", [], false, []],
    ["the business tools only", ["INSIGHT", "COUPON", "SEE-OUR-SHIPS"], true, ["EQUOTE"]],
    ["two partner tools", ["COMMERCE", "IMAGE-LIBRARY"], true, ["EQUOTE", "COMMERCE", "IMAGE-LIBRARY"]],
    ["two partner tools, no hasEquoteAccess", ["COMMERCE", "IMAGE-LIBRARY"], false, ["COMMERCE", "IMAGE-LIBRARY"]],
  ] as const)("%s", (_name, held, hasEquoteAccess, shown) => {
    expect(extensionsFor(tools(...held), { hasEquoteAccess }).map((e) => e.toolCode)).toEqual(shown);
  });
});

describe("the translation feature flag: where the language switcher shows", () => {
  it.each([
    ["/register", true, true],
    ["/register/stepper", true, true],
    ["/login", true, false],
    ["/register-agency", true, false],
    ["/register-agency/stepper", true, false],
    ["/account/forgot", true, false],
    ["/login", false, true],
    ["/register-agency", false, true],
  ] as const)("%s with the flag %s → %s", (path, restricted, shows) => {
    expect(translatesPage(path, restricted)).toBe(shows);
    // The switcher shows exactly where the chosen language is the page's language.
    expect(effectiveLocale(path, "fr_fr", restricted) === "fr_fr").toBe(shows);
  });
});
