import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  AgencyBusinessSchema,
  AgencyDetailsSchema,
  AgencyLookupSchema,
  ContactVerificationSchema,
  MagicLinkSchema,
  PreferencesLegalSchema,
  ProfessionalDetailsSchema,
  SalesAgreementSchema,
  aboutYouSchema,
  agencyContactSchema,
} from "~/domain/registration-forms";

/** Posts `entries` as a form would and returns the error keys per field ({} when valid). */
function errorsOf(schema: z.ZodType, entries: Array<[string, string]>): Record<string, string[]> {
  const formData = new FormData();
  for (const [key, value] of entries) formData.append(key, value);
  const submission = parseWithZod(formData, { schema });
  return submission.status === "success" ? {} : (submission.reply().error as Record<string, string[]>);
}

const GOOD_PASSWORD: Array<[string, string]> = [
  ["password", "Sunny#Deck42"],
  ["confirmPassword", "Sunny#Deck42"],
];
const ABOUT_YOU: Array<[string, string]> = [
  ["firstName", "Ana"],
  ["lastName", "Lima-O'Neil"],
  ["emailAddress", "ana@agency.com"],
  ["countryCode", "us"],
  ["zipCode", "33101"],
  ...GOOD_PASSWORD,
];
const without = (entries: Array<[string, string]>, key: string) => entries.filter(([k]) => k !== key);
const withValue = (entries: Array<[string, string]>, key: string, value: string): Array<[string, string]> => [
  ...without(entries, key),
  [key, value],
];

describe("/register: find the agency", () => {
  it.each([
    [
      "phone (the default)",
      [
        ["telephoneCountryCode", "US"],
        ["telephoneNumber", "305 555 0101"],
      ],
      {},
    ],
    [
      "abta",
      [
        ["identificationType", "abta"],
        ["abtaNumber", "p7104"],
      ],
      {},
    ],
    [
      "abta malformed",
      [
        ["identificationType", "abta"],
        ["abtaNumber", "7104"],
      ],
      { abtaNumber: ["errorInvalidAbta"] },
    ],
    ["phone missing", [["telephoneCountryCode", "US"]], { telephoneNumber: ["errorRequired"] }],
    [
      "phone with letters",
      [
        ["telephoneCountryCode", "US"],
        ["telephoneNumber", "call me"],
      ],
      { telephoneNumber: ["errorInvalidPhone"] },
    ],
    [
      "abta chosen, phone fields ignored",
      [
        ["identificationType", "abta"],
        ["abtaNumber", "K1234"],
        ["telephoneNumber", "x"],
      ],
      {},
    ],
  ] as Array<[string, Array<[string, string]>, Record<string, string[]>]>)("%s", (_, entries, expected) =>
    expect(errorsOf(AgencyLookupSchema, entries)).toEqual(expected),
  );
});

describe("agent step 1: about you", () => {
  const schema = aboutYouSchema({ passwordSet: false });
  it.each([
    ["valid", ABOUT_YOU, {}],
    ["bad e-mail", withValue(ABOUT_YOU, "emailAddress", "ana@agency"), { emailAddress: ["errorInvalidEmail"] }],
    ["name with digits", withValue(ABOUT_YOU, "firstName", "Ana2"), { firstName: ["errorInvalidName"] }],
    ["name too long", withValue(ABOUT_YOU, "lastName", "L".repeat(51)), { lastName: ["errorTooLong"] }],
    ["sanctioned country", withValue(ABOUT_YOU, "countryCode", "KP"), { countryCode: ["errorSanctionedCountry"] }],
    ["no country", without(ABOUT_YOU, "countryCode"), { countryCode: ["errorRequired"] }],
    ["bad zip", withValue(ABOUT_YOU, "zipCode", "#33"), { zipCode: ["errorInvalidZipCode"] }],
    [
      "mismatched passwords",
      withValue(ABOUT_YOU, "confirmPassword", "Sunny#Deck43"),
      { confirmPassword: ["errorPasswordsDontMatch"] },
    ],
    ["no password", without(without(ABOUT_YOU, "password"), "confirmPassword"), { password: ["errorRequired"] }],
    [
      "weak password names the broken rules",
      [
        ...without(without(ABOUT_YOU, "password"), "confirmPassword"),
        ["password", "ana12345"],
        ["confirmPassword", "ana12345"],
      ],
      { password: ["errorWeakPassword", "passwordRuleUppercase", "passwordRuleSpecial", "passwordRuleNoPersonalInfo"] },
    ],
  ] as Array<[string, Array<[string, string]>, Record<string, string[]>]>)("%s", (_, entries, expected) =>
    expect(errorsOf(schema, entries)).toEqual(expected),
  );

  it("a password chosen before may be left empty", () => {
    const entries = without(without(ABOUT_YOU, "password"), "confirmPassword");
    expect(errorsOf(aboutYouSchema({ passwordSet: true }), entries)).toEqual({});
  });
});

describe("agent step 2: contact and verification", () => {
  it.each([
    [[["intent", "send-email-code"]], {}],
    [
      [
        ["intent", "verify-email"],
        ["emailCode", "123456"],
      ],
      {},
    ],
    [
      [
        ["intent", "verify-email"],
        ["emailCode", "12345"],
      ],
      { emailCode: ["errorInvalidCode"] },
    ],
    [
      [
        ["intent", "send-phone-code"],
        ["telephoneCountryCode", "US"],
        ["mobilePhone", "212 555 0199"],
      ],
      {},
    ],
    [
      [
        ["intent", "send-phone-code"],
        ["telephoneCountryCode", "US"],
      ],
      { mobilePhone: ["errorRequired"] },
    ],
    [
      [
        ["intent", "verify-phone"],
        ["phoneCode", "abcdef"],
      ],
      { phoneCode: ["errorInvalidCode"] },
    ],
    [
      [
        ["intent", "continue"],
        ["primaryMFA", "EMAIL"],
        ["secondaryMFA", "SMS"],
      ],
      {},
    ],
    [
      [
        ["intent", "continue"],
        ["primaryMFA", "SMS"],
        ["secondaryMFA", "SMS"],
      ],
      { secondaryMFA: ["errorSameMfa"] },
    ],
    [[["intent", "continue"]], { primaryMFA: ["errorRequired"] }],
  ] as Array<[Array<[string, string]>, Record<string, string[]>]>)("%j", (entries, expected) =>
    expect(errorsOf(ContactVerificationSchema, entries)).toEqual(expected),
  );
});

describe("agent step 3: professional details", () => {
  const good: Array<[string, string]> = [
    ["jobTitle", "Cruise specialist"],
    ["yearsIndustry", "6-10"],
    ["specialization1", "luxury"],
    ["regions", "caribbean"],
  ];
  it.each([
    ["valid", good, {}],
    [
      "several regions and options",
      [...good, ["regions", "europe"], ["cliaAgentId", "00012345"], ["homeBasedAgent", "on"], ["promotionBrand", "V"]],
      {},
    ],
    ["no region", without(good, "regions"), { regions: ["errorChooseRegion"] }],
    ["unknown region", [...without(good, "regions"), ["regions", "moon"]], { "regions[0]": [expect.any(String)] }],
    ["clia with letters", [...good, ["cliaAgentId", "A12"]], { cliaAgentId: ["errorInvalidCliaId"] }],
    [
      "the same specialization twice",
      [...good, ["specialization2", "luxury"]],
      { specialization2: ["errorDuplicateSpecialization"] },
    ],
    ["no job title", without(good, "jobTitle"), { jobTitle: ["errorRequired"] }],
  ] as Array<[string, Array<[string, string]>, Record<string, string[]>]>)("%s", (_, entries, expected) =>
    expect(errorsOf(ProfessionalDetailsSchema, entries)).toEqual(expected),
  );
});

describe("agent step 4: preferences and legal", () => {
  it.each([
    [
      [
        ["acceptTermsConditions", "on"],
        ["acceptTravelAgentGuideliness", "on"],
      ],
      {},
    ],
    [[["acceptTravelAgentGuideliness", "on"]], { acceptTermsConditions: ["errorTermsRequired"] }],
    [[["acceptTermsConditions", "on"]], { acceptTravelAgentGuideliness: ["errorGuidelinesRequired"] }],
    [
      [
        ["acceptTermsConditions", "on"],
        ["acceptTravelAgentGuideliness", "on"],
        ["espressoLanguage", "xx_yy"],
      ],
      { espressoLanguage: expect.any(Array) },
    ],
  ] as Array<[Array<[string, string]>, Record<string, unknown>]>)("%j", (entries, expected) =>
    expect(errorsOf(PreferencesLegalSchema, entries)).toEqual(expected),
  );

  it("the language defaults to en_us", () => {
    const formData = new FormData();
    formData.append("acceptTermsConditions", "on");
    formData.append("acceptTravelAgentGuideliness", "on");
    const submission = parseWithZod(formData, { schema: PreferencesLegalSchema });
    expect(submission.status === "success" && submission.value.espressoLanguage).toBe("en_us");
  });
});

describe("agency steps", () => {
  const details: Array<[string, string]> = [
    ["agencyName", "Harbour Lights Travel"],
    ["countryCode", "US"],
    ["addressLine", "1 Ocean Drive"],
    ["city", "Tampa"],
    ["zipCode", "33602"],
    ["telephoneCountryCode", "US"],
    ["telephoneNumber", "813 555 0177"],
  ];
  it.each([
    ["valid", details, {}],
    [
      "identifiers",
      [
        ...details,
        ["abtaNumber", "k1234"],
        ["iataNumber", "12345678"],
        ["cliaNumber", "987"],
        ["webAddress", "https://harbour.example.com"],
      ],
      {},
    ],
    ["bad web address", [...details, ["webAddress", "harbour lights"]], { webAddress: ["errorInvalidWebAddress"] }],
    ["bad IATA", [...details, ["iataNumber", "1234"]], { iataNumber: ["errorInvalidIata"] }],
    ["sanctioned", withValue(details, "countryCode", "IR"), { countryCode: ["errorSanctionedCountry"] }],
    ["name too long", withValue(details, "agencyName", "A".repeat(101)), { agencyName: ["errorTooLong"] }],
  ] as Array<[string, Array<[string, string]>, Record<string, string[]>]>)("details: %s", (_, entries, expected) =>
    expect(errorsOf(AgencyDetailsSchema, entries)).toEqual(expected),
  );

  const contact: Array<[string, string]> = [
    ["firstName", "Maya"],
    ["lastName", "Cole"],
    ["emailAddress", "maya@harbour.example.com"],
    ["agencyRole", "owner"],
    ["password", "Anchor!99Bay"],
    ["confirmPassword", "Anchor!99Bay"],
  ];
  it.each([
    ["valid", contact, {}],
    ["no role", without(contact, "agencyRole"), { agencyRole: ["errorRequired"] }],
    ["bad mobile", [...contact, ["mobilePhone", "abc"]], { mobilePhone: ["errorInvalidPhone"] }],
    [
      "password with the name",
      [
        ...without(without(contact, "password"), "confirmPassword"),
        ["password", "Maya!2026x"],
        ["confirmPassword", "Maya!2026x"],
      ],
      { password: ["errorWeakPassword", "passwordRuleNoPersonalInfo"] },
    ],
  ] as Array<[string, Array<[string, string]>, Record<string, string[]>]>)("contact: %s", (_, entries, expected) =>
    expect(errorsOf(agencyContactSchema({ passwordSet: false }), entries)).toEqual(expected),
  );

  it.each([
    [
      [
        ["agencyBusinessModel", "storefront"],
        ["consortialOrHost", "no"],
      ],
      {},
    ],
    [
      [
        ["agencyBusinessModel", "online"],
        ["consortialOrHost", "yes"],
        ["consortialOrHostName", "Virtuoso"],
      ],
      {},
    ],
    [
      [
        ["agencyBusinessModel", "online"],
        ["consortialOrHost", "yes"],
      ],
      { consortialOrHostName: ["errorRequired"] },
    ],
    [[["consortialOrHost", "no"]], { agencyBusinessModel: ["errorRequired"] }],
  ] as Array<[Array<[string, string]>, Record<string, string[]>]>)("business: %j", (entries, expected) =>
    expect(errorsOf(AgencyBusinessSchema, entries)).toEqual(expected),
  );

  it.each([
    [[["salesAgreementAccepted", "on"]], {}],
    [[], { salesAgreementAccepted: ["errorAgreementRequired"] }],
  ] as Array<[Array<[string, string]>, Record<string, string[]>]>)("agreement: %j", (entries, expected) =>
    expect(errorsOf(SalesAgreementSchema, entries)).toEqual(expected),
  );

  it.each([
    [
      [
        ["token", "abc"],
        ["otp", "123456"],
      ],
      {},
    ],
    [
      [
        ["token", "abc"],
        ["otp", "12"],
      ],
      { otp: ["verifyLinkInvalid"] },
    ],
    [[["otp", "123456"]], { token: ["errorRequired"] }],
  ] as Array<[Array<[string, string]>, Record<string, string[]>]>)("the e-mailed link: %j", (entries, expected) =>
    expect(errorsOf(MagicLinkSchema, entries)).toEqual(expected),
  );
});
