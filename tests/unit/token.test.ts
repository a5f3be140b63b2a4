import { describe, expect, it } from "vitest";
import { tokenMatchesProfile, tokenUsername } from "~/domain/token";

const jwt = (claims: object) =>
  `${Buffer.from('{"alg":"HS256"}').toString("base64url")}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.sig`;

describe("the token after login must carry a username", () => {
  it.each([
    ["a readable token with username", jwt({ username: "agent.usa" }), { kind: "readable", username: "agent.usa" }],
    ["a readable token without username", jwt({ sub: "1" }), { kind: "missing-username" }],
    ["an empty username", jwt({ username: "" }), { kind: "missing-username" }],
    ["a malformed token", "not-a-token", { kind: "missing-username" }],
    ["an encrypted five-part token is not checked", "a.b.c.d.e", { kind: "encrypted" }],
  ])("%s", (_name, token, expected) => {
    expect(tokenUsername(token)).toEqual(expected);
  });
});

describe("the token's username must equal the profile's loginUserName", () => {
  it.each([
    [jwt({ username: "agent.usa" }), "agent.usa", true],
    [jwt({ username: "agent.usa" }), "agent.can", false],
    // The case-insensitive match is switched off in the specification.
    [jwt({ username: "Agent.USA" }), "agent.usa", false],
    [jwt({}), "agent.usa", false],
    ["a.b.c.d.e", "agent.usa", true],
  ])("%s vs %s → %s", (token, name, expected) => {
    expect(tokenMatchesProfile(token, name)).toBe(expected);
  });
});
