import { describe, expect, it } from "vitest";
import { actingChangeResult, describeActingChange } from "~/domain/super-user";

describe("a change made while acting for an agency, in words", () => {
  it.each([
    ["POST", "/agencies/AG100102/agents/0999997/approve", "Approved the registration of agent 0999997"],
    ["POST", "/agencies/AG100102/agents/0999997/role", "Changed the role of agent 0999997"],
    ["POST", "/agencies/AG100102/agents/0999999/reactivate", "Reactivated agent 0999999"],
    ["POST", "/agencies/AG100102/agents/0999998/password-reset", "Sent a password reset link to agent 0999998"],
    ["POST", "/agencies/AG100102/invitations", "Invited an agent"],
    ["DELETE", "/auth/logout", "Stopped acting"],
    ["PUT", "/agencies/AG100102", "Changed the agency's details"],
    ["PUT", "/agents/1000002", "Changed the administrator's profile"],
    ["PUT", "/agents/1000002/photo", "Changed the administrator's photo"],
    ["POST", "/agents/1000002/sign-ins/end-others", "Ended sign-ins of the administrator"],
    ["post", "/insight/digests", "POST /insight/digests"],
  ])("%s %s → %s", (method, path, words) => {
    expect(describeActingChange(method, path)).toBe(words);
  });

  it.each([
    [200, "Done"],
    [204, "Done"],
    [409, "Refused (409)"],
    [403, "Refused (403)"],
  ])("status %i is %s", (status, result) => {
    expect(actingChangeResult(status)).toBe(result);
  });
});
