import { describe, expect, it } from "vitest";
import { MOBILE_TEXTS, PAGE_ITEMS, parseItem, phoneDisplay, typedValue } from "~/domain/profile-items";

/** The mobile number's item on /profile/communications. */
const COUNTRIES = [
  { value: "US", label: "United States of America (+1)" },
  { value: "GB", label: "United Kingdom of Great Britain and Northern Ireland (+44)" },
];
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe("the mobile number item", () => {
  it("is on /profile/communications, between the e-mail and the text-message choices", () => {
    expect(PAGE_ITEMS["/profile/communications"]).toEqual(["emails", "mobile", "texts"]);
  });

  it.each([
    [
      "a national number with its country's calling code",
      { telephoneCountryCode: "US", mobilePhone: "(305) 555-0142" },
      "+1 (305) 555-0142",
    ],
    ["another country", { telephoneCountryCode: "GB", mobilePhone: "07400 900146" }, "+44 07400 900146"],
    ["an international number as it is", { telephoneCountryCode: "", mobilePhone: "+13055550142" }, "+13055550142"],
    [
      "a country not in the list: the number alone",
      { telephoneCountryCode: "ZZ", mobilePhone: "555 0142" },
      "555 0142",
    ],
    ["no number", { telephoneCountryCode: "US", mobilePhone: "" }, "Not given"],
  ])("shows %s", (_, value, shown) => {
    expect(phoneDisplay(COUNTRIES, value)).toBe(shown);
  });

  it.each([
    [{ telephoneCountryCode: "US", mobilePhone: "" }, "mobilePhone", "errorRequired"],
    [{ telephoneCountryCode: "US", mobilePhone: "call me" }, "mobilePhone", "errorInvalidPhone"],
    [{ telephoneCountryCode: "", mobilePhone: "305 555 0142" }, "telephoneCountryCode", "errorRequired"],
  ])("registration's rules and message keys: %j is refused on %s", (fields, field, key) => {
    const parsed = parseItem("mobile", form(fields));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.find((i) => i.path[0] === field)?.message).toBe(key);
    // Every key has its English text, for when the dictionary cannot be read.
    expect(MOBILE_TEXTS[key as keyof typeof MOBILE_TEXTS]).toBeTruthy();
  });

  it("keeps what was typed, both fields", () => {
    expect(typedValue("mobile", form({ telephoneCountryCode: "GB", mobilePhone: "07400 900146", code: "1" }))).toEqual({
      telephoneCountryCode: "GB",
      mobilePhone: "07400 900146",
    });
  });
});
