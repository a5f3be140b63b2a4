import { describe, expect, it } from "vitest";
import { portalEnv } from "./harness";

portalEnv();
const { refusal, routeErrorOf } = await import("~/server/infra/route-errors.server");
const { UpstreamError } = await import("~/server/infra/http.server");
const { requestContext } = await import("~/server/infra/request-context.server");

type Refused = { init?: { status?: number }; data?: { message?: string; refused?: boolean } };
const inRequest = <T>(method: string | undefined, work: () => T): T =>
  requestContext.run({ requestId: "test", clientAddress: "127.0.0.1", method }, work);
const forbidden = (message?: string) =>
  new UpstreamError("http", "insight", "/insight/bookings/1", 403, { errorCode: "BRANCH_NOT_ALLOWED", message });

/**
 * A refused action is never a silent redirect: a page visit the caller may not make still goes home
 * (the menu never offers it), but a posted action (a hand-made post) gets a 403 saying what was
 * refused and why, whether a guard refused it or the upstream did.
 */
describe("a refusal for role, tool or branch", () => {
  it.each([
    ["GET", "/home"],
    ["HEAD", "/home"],
  ])("a %s (a page visit) goes home", (method, location) => {
    const response = refusal(new Request("http://localhost/x", { method }), "That", "no.") as Response;
    expect(response.headers.get("Location")).toBe(location);
  });

  it.each(["POST", "PUT", "DELETE"])("a %s is answered 403 with what and why", (method) => {
    const refused = refusal(
      new Request("http://localhost/x", { method }),
      "Approving agents",
      "only an administrator can.",
    ) as Refused;
    expect(refused.init?.status).toBe(403);
    expect(refused.data).toEqual({
      message: "Approving agents was refused: only an administrator can.",
      refused: true,
    });
  });

  it("the upstream's 403 on a posted action gives its own reason; on a page visit it goes home", () => {
    const posted = inRequest("POST", () => routeErrorOf(forbidden("You may not see this branch."))) as Refused;
    expect(posted.init?.status).toBe(403);
    expect(posted.data?.message).toBe("That action was refused: you may not see this branch.");
    const visited = inRequest("GET", () => routeErrorOf(forbidden("You may not see this branch."))) as Response;
    expect(visited.headers.get("Location")).toBe("/home");
    // Outside a request the server handed over (a timer, a test), it is taken as a page visit.
    expect((routeErrorOf(forbidden()) as Response).headers.get("Location")).toBe("/home");
  });

  it("an upstream 403 without a sentence says what such a refusal means", () => {
    const posted = inRequest("POST", () => routeErrorOf(forbidden())) as Refused;
    expect(posted.data?.message).toBe(
      "That action was refused: your account may not do this for that agency, branch or record.",
    );
  });
});
