import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { CONCRETE_ALERT_TYPES } from "~/domain/insights/alerts";
import {
  DIGEST_DEFAULTS,
  DIGEST_MESSAGES,
  DigestSchema,
  UnsubscribeSchema,
  alreadyUnsubscribed,
  describeDigest,
  digestFormValues,
  unsubscribeQuestion,
  unsubscribed,
} from "~/domain/insights/digest";

/**
 * The automated e-mails form (the contract's "Digest e-mails": enabled, DAILY or
 * WEEKLY, the nine concrete alert types, the enrolment filter ALL, Enrolled, Eligible, Not Eligible).
 */

/** The form as the browser posts it: repeated names for the checked boxes. */
function form(fields: Array<[string, string]>): FormData {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}
const parse = (fields: Array<[string, string]>) => parseWithZod(form(fields), { schema: DigestSchema });
/** A refused submission's messages by field. */
const errorsOf = (submission: ReturnType<typeof parse>) =>
  submission.status === "error" ? (submission.error ?? {}) : {};

describe("DigestSchema: what a posted form becomes", () => {
  it.each<[string, Array<[string, string]>, unknown]>([
    [
      "nothing posted: off, weekly, no types, every booking",
      [],
      { enabled: false, frequency: "WEEKLY", alertTypes: [], enrolment: "ALL", priceDrops: false },
    ],
    [
      "the box ticked with one type",
      [
        ["enabled", "on"],
        ["alertTypes", "FCC"],
      ],
      { enabled: true, frequency: "WEEKLY", alertTypes: ["FCC"], enrolment: "ALL", priceDrops: false },
    ],
    [
      "daily, two types, enrolled bookings",
      [
        ["enabled", "on"],
        ["frequency", "DAILY"],
        ["alertTypes", "BALANCE_DUE"],
        ["alertTypes", "DINING_CONFLICT"],
        ["enrolment", "Enrolled"],
      ],
      {
        enabled: true,
        frequency: "DAILY",
        alertTypes: ["BALANCE_DUE", "DINING_CONFLICT"],
        enrolment: "Enrolled",
        priceDrops: false,
      },
    ],
    [
      "types kept once each, in the contract's order",
      [
        ["enabled", "on"],
        ["alertTypes", "DINING_CONFLICT"],
        ["alertTypes", "FINAL_PAYMENT_DUE"],
        ["alertTypes", "DINING_CONFLICT"],
      ],
      {
        enabled: true,
        frequency: "WEEKLY",
        alertTypes: ["FINAL_PAYMENT_DUE", "DINING_CONFLICT"],
        enrolment: "ALL",
        priceDrops: false,
      },
    ],
    [
      "every type, Not Eligible",
      [
        ["enabled", "on"],
        ...CONCRETE_ALERT_TYPES.map((t): [string, string] => ["alertTypes", t]),
        ["enrolment", "Not Eligible"],
      ],
      {
        enabled: true,
        frequency: "WEEKLY",
        alertTypes: [...CONCRETE_ALERT_TYPES],
        enrolment: "Not Eligible",
        priceDrops: false,
      },
    ],
    [
      "off with no types (nothing would be sent anyway)",
      [
        ["frequency", "DAILY"],
        ["enrolment", "Eligible"],
      ],
      { enabled: false, frequency: "DAILY", alertTypes: [], enrolment: "Eligible", priceDrops: false },
    ],
    [
      "off, types still chosen (kept for when the e-mails are turned on again)",
      [["alertTypes", "EXPIRING_OFFER"]],
      { enabled: false, frequency: "WEEKLY", alertTypes: ["EXPIRING_OFFER"], enrolment: "ALL", priceDrops: false },
    ],
    [
      "empty radios are their defaults",
      [
        ["enabled", "on"],
        ["frequency", ""],
        ["enrolment", ""],
        ["alertTypes", "FCC"],
      ],
      { enabled: true, frequency: "WEEKLY", alertTypes: ["FCC"], enrolment: "ALL", priceDrops: false },
    ],
  ])("%s", (_name, fields, expected) => {
    const submission = parse(fields);
    expect(submission.status).toBe("success");
    expect(submission.status === "success" ? submission.value : null).toEqual(expected);
  });

  it.each<[string, Array<[string, string]>, string, string]>([
    ["on without a type", [["enabled", "on"]], "alertTypes", DIGEST_MESSAGES.noAlertType],
    [
      "on with only empty type values",
      [
        ["enabled", "on"],
        ["alertTypes", ""],
      ],
      "alertTypes",
      DIGEST_MESSAGES.noAlertType,
    ],
    [
      "a group filter is not a concrete type",
      [
        ["enabled", "on"],
        ["alertTypes", "FINANCIAL_ALERTS"],
      ],
      "alertTypes",
      DIGEST_MESSAGES.alertTypes,
    ],
    [
      "an unknown type beside a good one",
      [
        ["enabled", "on"],
        ["alertTypes", "FCC"],
        ["alertTypes", "<script>"],
      ],
      "alertTypes",
      DIGEST_MESSAGES.alertTypes,
    ],
    [
      "a type in lower case",
      [
        ["enabled", "on"],
        ["alertTypes", "fcc"],
      ],
      "alertTypes",
      DIGEST_MESSAGES.alertTypes,
    ],
    [
      "far too many type values",
      [["enabled", "on"], ...Array.from({ length: 40 }, (): [string, string] => ["alertTypes", "FCC"])],
      "alertTypes",
      DIGEST_MESSAGES.alertTypes,
    ],
    ["a frequency no radio offers", [["frequency", "HOURLY"]], "frequency", DIGEST_MESSAGES.frequency],
    ["a frequency in lower case", [["frequency", "weekly"]], "frequency", DIGEST_MESSAGES.frequency],
    ["an enrolment no radio offers", [["enrolment", "Maybe"]], "enrolment", DIGEST_MESSAGES.enrolment],
    ["the list's own spelling is needed", [["enrolment", "Not eligible"]], "enrolment", DIGEST_MESSAGES.enrolment],
    ["the box's value is 'on', nothing else", [["enabled", "yes"]], "enabled", DIGEST_MESSAGES.enabled],
  ])("refuses %s", (_name, fields, field, message) => {
    const submission = parse(fields);
    expect(submission.status).toBe("error");
    expect(errorsOf(submission)[field]).toEqual([message]);
  });

  it("refuses several things at once, each on its own field", () => {
    const submission = parse([
      ["enabled", "on"],
      ["frequency", "MONTHLY"],
      ["enrolment", "Nobody"],
    ]);
    expect(submission.status).toBe("error");
    expect(errorsOf(submission).frequency).toEqual([DIGEST_MESSAGES.frequency]);
    expect(errorsOf(submission).enrolment).toEqual([DIGEST_MESSAGES.enrolment]);
  });

  it("a failed post keeps what was chosen, to fill the form again", () => {
    const submission = parse([
      ["enabled", "on"],
      ["frequency", "DAILY"],
      ["enrolment", "Eligible"],
    ]);
    expect(submission.reply().initialValue).toEqual({ enabled: "on", frequency: "DAILY", enrolment: "Eligible" });
  });
});

describe("the form's values and the settings' description", () => {
  it("the contract's defaults: off, weekly, every type, every booking, no price drops", () => {
    expect(DIGEST_DEFAULTS).toEqual({
      enabled: false,
      frequency: "WEEKLY",
      alertTypes: [...CONCRETE_ALERT_TYPES],
      enrolment: "ALL",
      priceDrops: false,
    });
  });

  it.each([
    [
      { ...DIGEST_DEFAULTS },
      { enabled: "", frequency: "WEEKLY", alertTypes: [...CONCRETE_ALERT_TYPES], enrolment: "ALL", priceDrops: "" },
    ],
    [
      {
        enabled: true,
        frequency: "DAILY" as const,
        alertTypes: ["FCC" as const],
        enrolment: "Enrolled" as const,
        priceDrops: true,
      },
      { enabled: "on", frequency: "DAILY", alertTypes: ["FCC"], enrolment: "Enrolled", priceDrops: "on" },
    ],
  ])("settings fill the controls as they would be posted (%#)", (settings, values) => {
    expect(digestFormValues(settings)).toEqual(values);
    // What the form shows posts back as the same settings.
    const posted = Object.entries(values).flatMap(([name, value]): Array<[string, string]> =>
      Array.isArray(value) ? value.map((v) => [name, v]) : value ? [[name, value]] : [],
    );
    const submission = parse(posted);
    expect(submission.status === "success" ? submission.value : null).toEqual(settings);
  });

  it.each([
    [{ ...DIGEST_DEFAULTS }, [["E-mails", "Off"]]],
    [
      {
        enabled: true,
        frequency: "WEEKLY" as const,
        alertTypes: ["BALANCE_DUE" as const, "FCC" as const],
        enrolment: "ALL" as const,
        priceDrops: true,
      },
      [
        ["E-mails", "On, weekly"],
        ["Alert types", "Balance due, Future cruise credit: sail by"],
        ["Bookings", "Every booking"],
        ["Price drops", "Listed too"],
      ],
    ],
    [
      {
        enabled: true,
        frequency: "DAILY" as const,
        alertTypes: ["DINING_CONFLICT" as const],
        enrolment: "Not Eligible" as const,
        priceDrops: false,
      },
      [
        ["E-mails", "On, daily"],
        ["Alert types", "Dining conflict"],
        ["Bookings", "Not eligible"],
        ["Price drops", "Not listed"],
      ],
    ],
  ])("describes the settings (%#)", (settings, lines) => {
    expect(describeDigest(settings)).toEqual(lines);
  });
});

describe("the unsubscribe page's words and token", () => {
  it.each([
    [
      { email: "a***@example.com", frequency: "WEEKLY" as const, enabled: true },
      "Stop the weekly booking-alert e-mails to a***@example.com?",
      "You will no longer receive the weekly booking-alert e-mails at a***@example.com.",
      "The weekly booking-alert e-mails to a***@example.com are already stopped.",
    ],
    [
      { email: "b***@example.com", frequency: "DAILY" as const, enabled: true },
      "Stop the daily booking-alert e-mails to b***@example.com?",
      "You will no longer receive the daily booking-alert e-mails at b***@example.com.",
      "The daily booking-alert e-mails to b***@example.com are already stopped.",
    ],
  ])("names the frequency and the masked address (%#)", (subscription, question, done, already) => {
    expect(unsubscribeQuestion(subscription)).toBe(question);
    expect(unsubscribed(subscription)).toBe(done);
    expect(alreadyUnsubscribed(subscription)).toBe(already);
  });

  it.each([
    ["a signed token", "eyJhIjoxfQ.c2ln-_", true],
    ["surrounding spaces are trimmed", "  abc.def  ", true],
    ["empty", "", false],
    ["inner spaces", "abc def", false],
    ["a control character", "abc\u0000", false],
    ["non-ASCII", "abcé", false],
    ["2048 characters", "x".repeat(2048), true],
    ["2049 characters", "x".repeat(2049), false],
  ])("%s → %s", (_name, token, ok) => {
    expect(UnsubscribeSchema.safeParse({ token }).success).toBe(ok);
  });
});
