import { describe, expect, it } from "vitest";
import { LOCALES } from "../types";
import { en_us } from "./en_us";
import { DICTIONARIES, DICTIONARY_NAMES } from "./index";

/** Values allowed to read the same as English (proper nouns, words shared by both languages). */
const MAX_SAME_AS_ENGLISH = 5;

describe("the dictionaries", () => {
  it("are big enough: about 40 application texts and 120 registration texts", () => {
    expect(Object.keys(en_us.application).length).toBeGreaterThanOrEqual(40);
    expect(Object.keys(en_us.registration).length).toBeGreaterThanOrEqual(120);
  });

  for (const name of DICTIONARY_NAMES) {
    const english: Record<string, string> = en_us[name];

    it.each(LOCALES)(`${name}: %s has exactly the English keys, none empty`, (locale) => {
      const dictionary: Record<string, string> = DICTIONARIES[locale][name];
      expect(Object.keys(dictionary).sort()).toEqual(Object.keys(english).sort());
      for (const [key, value] of Object.entries(dictionary)) {
        expect(value.trim().length, `${locale}.${key}`).toBeGreaterThan(0);
      }
    });

    it.each(LOCALES.filter((l) => l !== "en_us"))(`${name}: %s is translated`, (locale) => {
      const dictionary: Record<string, string> = DICTIONARIES[locale][name];
      const same = Object.keys(english).filter((key) => dictionary[key] === english[key]);
      expect(same.length, `${locale} values equal to English: ${same.join(", ")}`).toBeLessThanOrEqual(
        MAX_SAME_AS_ENGLISH,
      );
    });

    it.each(LOCALES)(`${name}: %s keeps the placeholders of the English text`, (locale) => {
      const dictionary: Record<string, string> = DICTIONARIES[locale][name];
      for (const key of Object.keys(english)) {
        const count = (text: string) => (text.match(/\{\}/g) ?? []).length;
        expect(count(dictionary[key] ?? ""), `${locale}.${key}`).toBe(count(english[key] ?? ""));
        const links = (text: string) => (text.match(/\[[^\]]+\]/g) ?? []).length;
        expect(links(dictionary[key] ?? ""), `${locale}.${key} links`).toBe(links(english[key] ?? ""));
      }
    });
  }

  it("has the shell texts the specification names", () => {
    expect(en_us.application).toMatchObject({
      agentManagement: "Agent Management",
      yourProfile: "Your Profile",
      logOut: "Log out",
      superUserLogIn: "Super User Log in",
      customize: "Customize",
      save: "Save",
      sevenDayForecast: "7-Day Forecast",
      sevenDayForecastTitle: "7-Day FORECAST",
      changeLocation: "Change Location",
      locationPlaceholder: "City, State/Province, Country",
      noResults: "No results found",
      unknownLocation: "Unknown Location",
    });
  });
});
