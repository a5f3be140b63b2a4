import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalEnv, rsa } from "./harness";

const env = portalEnv({ AUTH_RATE_LIMIT: "10" });
const { action } = await import("~/routes/auth/login");
const { requestContext } = await import("~/server/infra/request-context.server");

const server = setupServer(
  http.get("http://upstream.test/auth/public-key", () => HttpResponse.json({ data: { publicKey: rsa.publicKey } })),
  http.post("http://upstream.test/auth/login", () =>
    HttpResponse.json({ message: { errorCode: "attemptsRemaining", remainingAttempts: 4 } }, { status: 401 }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => {
  server.close();
  env.cleanup();
});

/** A post from the client address the portal's server found (server/app.ts hands it over in the request context). */
function post(fields: Record<string, string>, from: string, headers: Record<string, string> = {}) {
  const request = new Request("http://localhost/login", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
  });
  const context = { requestId: "test", clientAddress: from };
  return requestContext.run(context, () => action({ request, params: {}, context }).catch((thrown: unknown) => thrown));
}

type Answer = {
  init: ResponseInit & { headers?: HeadersInit };
  data: { error?: Record<string, string[]>; message?: string };
};

describe("the sign-in form's protections", () => {
  it("refuses the 11th post a minute from one client address with 429, and says so in the form", async () => {
    const from = "203.0.113.7";
    for (let i = 0; i < 10; i++) {
      const answer = (await post({ username: "agent.usa", password: "nope" }, from)) as Answer;
      expect(answer.init.status).toBe(400);
    }
    const refused = (await post({ username: "agent.usa", password: "nope" }, from)) as Answer;
    expect(refused.init.status).toBe(429);
    expect(new Headers(refused.init.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect(refused.data.error?.[""]?.[0]).toMatch(/Too many attempts from your network\. Please wait \d+ seconds/);

    // Another address still gets through.
    const other = (await post({ username: "agent.usa", password: "nope" }, "203.0.113.8")) as Answer;
    expect(other.init.status).toBe(400);
  });

  it.each([
    ["another site", "https://evil.example"],
    ["a look-alike host", "http://localhost.evil.example"],
    ["a null origin", "null"],
  ])("refuses a post from %s with 403", async (_name, origin) => {
    const answer = (await post({ username: "agent.usa", password: "x" }, "192.0.2.1", { origin })) as Answer;
    expect(answer.init.status).toBe(403);
    expect(answer.data.message).toBe("This form was sent from another site and was refused.");
  });

  it("accepts a post from its own origin", async () => {
    const answer = (await post({ username: "agent.usa", password: "x" }, "192.0.2.2", {
      origin: "http://localhost",
    })) as Answer;
    expect(answer.init.status).toBe(400);
  });

  it("refuses a filled honeypot with 400", async () => {
    const answer = (await post(
      { username: "agent.usa", password: "x", contact_me_by_fax: "yes" },
      "192.0.2.3",
    )) as Answer;
    expect(answer.init.status).toBe(400);
    expect(answer.data.message).toMatch(/could not be sent/);
  });
});
