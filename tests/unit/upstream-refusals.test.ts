import { describe, expect, it } from "vitest";
import { refusalOf, retryAfterSeconds, tooManyCodesMessage } from "~/domain/upstream-refusals";

describe("an upstream's expected refusal means something to the agent (issue 38)", () => {
  it.each([
    [429, { retryAfterSeconds: 540 }, 429, "Too many codes asked for; try again in 9 minutes"],
    [429, { retryAfterSeconds: 61 }, 429, "Too many codes asked for; try again in 2 minutes"],
    [429, { retryAfterSeconds: 30 }, 429, "Too many codes asked for; try again in 1 minute"],
    [429, {}, 429, "Too many codes asked for; try again in 10 minutes"],
    [
      409,
      { message: "This e-mail address is already on the invitation list." },
      409,
      "This e-mail address is already on the invitation list.",
    ],
    [409, {}, 409, "That could not be done: it conflicts with what is already there."],
    [404, { message: "AGENT_NOT_FOUND" }, 404, "We could not find that page."],
  ])("%i %j → %i %s", (status, body, answered, message) => {
    expect(refusalOf(status, body)).toEqual({ status: answered, message });
  });

  it.each([400, 401, 403, 500, 502, null])("%s is not such a refusal", (status) => {
    expect(refusalOf(status, { message: "x" })).toBeNull();
  });

  it("reads Retry-After as seconds or as a date", () => {
    expect(retryAfterSeconds("120")).toBe(120);
    expect(retryAfterSeconds(new Date(60_000).toUTCString(), 0)).toBe(60);
    expect(retryAfterSeconds(null)).toBeUndefined();
    expect(retryAfterSeconds("soon")).toBeUndefined();
    expect(tooManyCodesMessage(600)).toBe("Too many codes asked for; try again in 10 minutes");
  });
});
