import { describe, expect, it } from "vitest";
import { PARTNER_TOOLS, partnerLaunchUrl } from "~/domain/partners";

const agent = { agencyId: "AG100101", agentId: "200001", primaryCurrency: "CAD" };
const launch = (code: string, base = "https://partner.example/x") =>
  Object.fromEntries(new URL(partnerLaunchUrl(base, PARTNER_TOOLS[code]!, "TOKEN", agent)).searchParams);

describe("partner tools' single sign-on parameters", () => {
  it.each([
    ["EQUOTE", { p: "professional-portal", sso: "TOKEN" }],
    ["VERB", { p: "professional-portal", sso: "TOKEN" }],
    ["GROUP-TOOL", { p: "professional-portal", tokenId: "TOKEN" }],
    ["FRIENDS-AND-FAMILY", { z: "TOKEN" }],
    ["COMMERCE", { p: "professional-portal", z: "TOKEN", cur: "CAD" }],
    ["HOTELS", { p: "professional-portal", z: "TOKEN" }],
  ])("%s opens with %j", (code, params) => expect(launch(code)).toEqual(params));

  it("fills agency_id and tagent_id from the profile when the link has them", () => {
    expect(launch("HOTELS", "https://partner.example/x?agency_id=&tagent_id=old")).toMatchObject({
      agency_id: "AG100101",
      tagent_id: "200001",
    });
  });
});
