import { describe, expect, it } from "vitest";
import { effectiveLocale, HTML_LANG, LOCALE_LABELS, LOCALES, toLocale } from "~/domain/language";
import { needsAcceptance } from "~/domain/legal";

describe("legal acceptance: asked when none is stored or its version is not the page's modified date", () => {
  const version = "2026-01-15T00:00:00.000Z";
  it.each([
    ["terms, none stored", "terms-of-use", undefined, true],
    ["terms, same version stored", "terms-of-use", version, false],
    ["terms, another version stored", "terms-of-use", "2025-06-01T00:00:00.000Z", true],
    ["guidelines, none stored: their flag is always false", "travel-agent-guidelines", undefined, false],
    ["guidelines, another version", "travel-agent-guidelines", "2020-01-01", false],
  ] as const)("%s → %s", (_name, policy, stored, expected) => {
    expect(needsAcceptance(policy, stored, version)).toBe(expected);
  });
});

describe("languages", () => {
  it("has the portal's six languages, en_us the default, es_xn labelled Portuguese-Brazil", () => {
    expect(LOCALES).toEqual(["en_us", "fr_fr", "de_de", "it_it", "es_xn", "zh_cn"]);
    expect(LOCALE_LABELS.es_xn).toBe("Português (Brasil)");
    expect(HTML_LANG.es_xn).toBe("pt-BR");
  });

  it.each([
    ["fr_fr", "fr_fr"],
    ["xx_yy", "en_us"],
    [undefined, "en_us"],
    ["<script>", "en_us"],
  ])("a cookie of %j reads as %s", (value, expected) => expect(toLocale(value)).toBe(expected));

  it.each([
    ["/register", "de_de", true, "de_de"],
    ["/register/stepper", "zh_cn", true, "zh_cn"],
    ["/login", "de_de", true, "en_us"],
    ["/register-agency", "de_de", true, "en_us"],
    ["/login", "de_de", false, "de_de"],
  ] as const)("the translation flag: %s in %s with the flag %s → %s", (path, chosen, flag, expected) => {
    expect(effectiveLocale(path, chosen, flag)).toBe(expected);
  });
});

describe("after accepting the terms, back to where the agent was", async () => {
  const { afterAcceptance } = await import("~/domain/legal");
  it.each([
    ["/home", true, "/home"],
    ["/home?acceptance=failed", true, "/home"],
    ["/insights/overview?brand=R", false, "/insights/overview?brand=R&acceptance=failed"],
    ["/home?acceptance=failed", false, "/home?acceptance=failed"],
  ] as const)("%s, saved %s → %s", (target, saved, expected) => {
    expect(afterAcceptance(target, saved)).toBe(expected);
  });
});
