import { describe, expect, it } from "vitest";
import { describeAudience } from "~/domain/catalogue/offers";
import { formatPhone } from "~/domain/phone";
import { placeList, placeName } from "~/domain/places";
import { activityText, roleName, statusName } from "~/domain/user-management";

describe("a phone number is grouped for its country, with its calling code", () => {
  it.each([
    ["+13055550101", null, "+1 305 555 0101"],
    ["3055550101", "US", "+1 305 555 0101"],
    ["4165550123", "CA", "+1 416 555 0123"],
    ["+442079460958", null, "+44 20 7946 0958"],
    ["+33142685300", null, "+33 1 42 68 53 00"],
    // What does not parse is shown as given, never lost.
    ["12345", null, "12345"],
    ["call me", "US", "call me"],
    ["", "US", ""],
    [null, null, ""],
  ])("%j (country %j) reads %j", (number, country, text) => expect(formatPhone(number, country)).toBe(text));
});

describe("a residency code reads as the place's name", () => {
  it.each([
    ["USA-FL", "Florida"],
    ["CAN-ON", "Ontario"],
    ["CAN-QC", "Quebec"],
    ["CAN", "Canada"],
    ["USA", "United States of America"],
    ["PRI", "Puerto Rico"],
    ["USA-ZZ", "USA-ZZ"],
    ["XYZ", "XYZ"],
  ])("%s reads %s", (code, name) => expect(placeName(code)).toBe(name));

  it.each([
    [["USA-FL"], "Florida"],
    [["USA-FL", "USA-GA"], "Florida and Georgia"],
    [["USA", "CAN", "PRI"], "United States of America, Canada and Puerto Rico"],
  ])("%j reads %s", (codes, text) => expect(placeList(codes)).toBe(text));

  it.each([
    [{ offerFor: "RESIDENTS", residency: ["USA-FL"] }, "Residents of Florida"],
    [{ offerFor: "RESIDENTS", residency: ["CAN-ON", "CAN-QC"] }, "Residents of Ontario and Quebec"],
    [{ offerFor: "RESIDENTS", residency: [] }, "Residents only"],
  ] as const)("an offer for %j is for %s", (offer, text) =>
    expect(describeAudience({ ...offer, residency: [...offer.residency] })).toBe(text),
  );
});

describe("an activity log entry reads as a sentence, without the action's code", () => {
  it.each([
    [{ action: "approve", detail: "Approved the registration." }, "Approved the registration."],
    [{ action: "deactivate", detail: "" }, "Deactivated the account."],
    [{ action: "password-reset", detail: null }, "Sent a password reset link."],
    [{ action: "merge_accounts" }, "Merge accounts."],
    // Roles and statuses in the upstream's sentence read by name.
    [
      { action: "role", detail: "Changed the role from AGENT to ADMIN." },
      "Changed the role from Agent to Agency administrator.",
    ],
    [
      { action: "role", detail: "Changed the role from AGENCY_ADMIN to AGENT." },
      "Changed the role from Agency admin to Agent.",
    ],
    [{ action: "unlock", detail: "The account was LOCKED; now ACTIVE." }, "The account was Locked; now Active."],
    [{ action: "note", detail: "Moved to the USA branch." }, "Moved to the USA branch."],
  ])("%j reads %j", (entry, text) => expect(activityText(entry)).toBe(text));
});

describe("a role and an account status read as words, never their codes", () => {
  it.each([
    ["AGENT", "Agent"],
    ["ADMIN", "Agency administrator"],
    ["RCCL", "Cruise line staff"],
    ["RCCLADMIN", "Cruise line administrator"],
    // A code the portal does not know yet still reads as words.
    ["AGENCY_ADMIN", "Agency admin"],
    ["constructor", "Constructor"],
  ])("role %j reads %j", (code, name) => expect(roleName(code)).toBe(name));

  it.each([
    ["PENDING", "Pending approval"],
    ["ACTIVE", "Active"],
    ["LOCKED", "Locked"],
    ["DEACTIVATED", "Deactivated"],
    ["SUSPENDED", "Suspended"],
  ])("status %j reads %j", (code, name) => expect(statusName(code)).toBe(name));
});
