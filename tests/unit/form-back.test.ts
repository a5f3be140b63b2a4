import { describe, expect, it } from "vitest";
import { fieldLabel, formBackFields } from "~/domain/form-back";

describe("a post refused while a store was down comes back filled in (issue 38)", () => {
  it("what was typed is given back; a password or code is asked again; bookkeeping rides along unseen; the honeypot is dropped", () => {
    expect(
      formBackFields([
        ["username", "agent.usa"],
        ["password", "Portal!2026"],
        ["redirectTo", "/insights"],
        ["contact_me_by_fax", ""],
        ["code", "123456"],
        ["notes", "line one\nline two"],
        ["intent", "save"],
        ["countryCode", "USA"],
      ]),
    ).toEqual([
      { name: "username", value: "agent.usa", kind: "text" },
      { name: "password", value: "", kind: "secret" },
      { name: "redirectTo", value: "/insights", kind: "hidden" },
      { name: "code", value: "", kind: "secret" },
      { name: "notes", value: "line one\nline two", kind: "long-text" },
      { name: "intent", value: "save", kind: "hidden" },
      { name: "countryCode", value: "USA", kind: "text" },
    ]);
  });

  it.each([
    ["username", "Username"],
    ["firstName", "First name"],
    ["agency_name", "Agency name"],
    ["phones[0].number", "Phones number"],
  ])("%s is labelled %s", (name, label) => expect(fieldLabel(name)).toBe(label));
});
