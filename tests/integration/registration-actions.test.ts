import { constants, privateDecrypt } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { cookieFrom, portalEnv, rsa } from "./harness";

const env = portalEnv();
const findAgency = await import("~/routes/register/find-agency");
const stepper = await import("~/routes/register/stepper");
const forgotUsername = await import("~/routes/account/forgot-username");
const agencyVerify = await import("~/routes/register-agency/verify");
const resetLink = await import("~/routes/account/email-verified");
const { getSession } = await import("~/server/infra/session.server");
const { agentDraftState } = await import("~/server/registration/drafts.server");

const API = "http://upstream.test";
const CONTENT = `${API}/api/royal/content/cruising-power`;
const TEXTS = {
  languageSwitcherLabel: "Language",
  errorServiceUnavailable: "Service unavailable, please try again later",
  agencyNotFound: "We could not find an agency with these details.",
  errorEmailAlreadyExists: "An account already uses this e-mail address.",
  errorGeneric: "Something went wrong. Please try again.",
  otpRateLimited: "You have asked for too many codes. Wait a few minutes and try again.",
  verifyLinkInvalid: "This link is not valid or has expired. Ask for a new one.",
  errorResetLinkInvalid: "This link is not valid or has expired. Ask for a new one.",
};
const AGENCY = { agencyId: "AG100101", agencyName: "Bayfront Cruise Vacations", city: "Miami", countryCode: "USA" };

const server = setupServer(
  http.get(`${CONTENT}/dictionary`, () => HttpResponse.json({ data: { entries: TEXTS } })),
  http.get(`${CONTENT}/global`, () =>
    HttpResponse.json({ data: { translationRestrictedToRegistration: true, hiddenPhoneCountries: ["CU"] } }),
  ),
  http.get(`${API}/auth/public-key`, () => HttpResponse.json({ data: { publicKey: rsa.publicKey } })),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  env.cleanup();
});

type Reply = { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
const post = (url: string, fields: Record<string, string>, cookie?: string) =>
  new Request(url, { method: "POST", body: new URLSearchParams(fields), headers: cookie ? { Cookie: cookie } : {} });

async function run(action: (args: never) => Promise<unknown>, request: Request) {
  const result = await action({ request, params: {}, context: {} } as never).catch((thrown: unknown) => thrown);
  if (result instanceof Response) return { response: result } as const;
  const { data, init } = result as { data: unknown; init: ResponseInit };
  return { body: data, status: init?.status } as const;
}

const LOOKUP = { identificationType: "phone", telephoneCountryCode: "US", telephoneNumber: "305 555 0101" };

describe("/register: finding the agency when the upstream fails", () => {
  it.each([
    [
      "answers 500",
      () => HttpResponse.json({ message: { message: "boom", errorCode: "INTERNAL_ERROR" } }, { status: 500 }),
    ],
    [
      "is slower than its timeout",
      async () => {
        await delay(1000);
        return HttpResponse.json({ data: AGENCY });
      },
    ],
    [
      "answers malformed JSON",
      () => new HttpResponse("{not json", { status: 200, headers: { "content-type": "application/json" } }),
    ],
    ["is down", () => HttpResponse.error()],
  ])("an upstream that %s gives a clear message and keeps what was typed", async (_, resolver) => {
    server.use(http.post(`${API}/agents/agency-lookup`, resolver));
    const { body, status } = await run(findAgency.action, post("http://localhost/register", LOOKUP));
    const reply = body as Reply;
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).not.toBe(500);
    expect(reply.error?.[""]).toBeDefined();
    expect(reply.initialValue).toMatchObject({ telephoneNumber: "305 555 0101" });
  });

  it("an unknown agency is told so (404 AGENCY_NOT_FOUND)", async () => {
    server.use(
      http.post(`${API}/agents/agency-lookup`, () =>
        HttpResponse.json({ message: { message: "none", errorCode: "AGENCY_NOT_FOUND" } }, { status: 404 }),
      ),
    );
    const { body, status } = await run(findAgency.action, post("http://localhost/register", LOOKUP));
    expect(status).toBe(404);
    expect((body as Reply).error?.[""]).toEqual([TEXTS.agencyNotFound]);
  });

  it("a number that is not a phone number of the chosen country never reaches the upstream", async () => {
    const { body, status } = await run(
      findAgency.action,
      post("http://localhost/register", { ...LOOKUP, telephoneNumber: "123" }),
    );
    expect(status).toBe(400);
    expect((body as Reply).error?.telephoneNumber).toEqual(["errorInvalidPhone"]);
  });
});

describe("the agent draft between steps", () => {
  it("holds the agency found, and the password only encrypted for the upstream, never in clear at rest", async () => {
    let lookedUp: unknown;
    server.use(
      http.post(`${API}/agents/agency-lookup`, async ({ request }) => {
        lookedUp = await request.json();
        return HttpResponse.json({ data: AGENCY });
      }),
      http.post(`${API}/agents/agent-email-verification`, () =>
        HttpResponse.json({ data: { success: true, token: "mail-token" } }),
      ),
    );
    const found = await run(findAgency.action, post("http://localhost/register", LOOKUP));
    expect(lookedUp).toEqual({ identificationType: "phone", telephoneNumber: "+13055550101" });
    expect(found.response?.headers.get("Location")).toBe("/register?agencyData=true");
    const cookie = cookieFrom(found.response!.headers.get("Set-Cookie"));

    const password = "Harbour#Light42";
    const step1 = await run(
      stepper.action,
      post(
        "http://localhost/register/stepper?step=1",
        {
          step: "1",
          firstName: "Nadia",
          lastName: "Okafor",
          emailAddress: "nadia@example.org",
          password,
          confirmPassword: password,
          countryCode: "US",
          zipCode: "33101",
        },
        cookie,
      ),
    );
    expect(step1.response?.headers.get("Location")).toBe("/register/stepper?step=2&notice=email-sent");

    const session = await getSession(new Request("http://localhost/", { headers: { Cookie: cookie } }));
    const draft = agentDraftState.read(session)!;
    expect(draft.agency).toEqual(AGENCY);
    expect(draft.reached).toBe(2);
    expect(draft.mailValidationToken).toBe("mail-token");
    expect(JSON.stringify(draft)).not.toContain(password);
    const decrypted = privateDecrypt(
      { key: rsa.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
      Buffer.from(draft.encryptedPassword!, "base64"),
    ).toString();
    expect(JSON.parse(decrypted)).toEqual({ password });
    for (const file of ["sessions.sqlite", "sessions.sqlite-wal"].filter((f) =>
      existsSync(path.join(env.dataDir, f)),
    )) {
      expect(readFileSync(path.join(env.dataDir, file)).includes(Buffer.from(password)), file).toBe(false);
    }

    // A step posted ahead of the first unfinished one lands on it.
    const ahead = await run(stepper.action, post("http://localhost/register/stepper?step=4", { step: "4" }, cookie));
    expect(ahead.response?.headers.get("Location")).toBe("/register/stepper?step=2&notice=order");

    // An upstream that still answers EMAIL_ALREADY_EXISTS: the step goes on as for a new address
    // (decision 050), with a handle no code opens.
    server.use(
      http.post(`${API}/agents/agent-email-verification`, () =>
        HttpResponse.json({ message: { message: "exists", errorCode: "EMAIL_ALREADY_EXISTS" } }, { status: 409 }),
      ),
    );
    const taken = await run(
      stepper.action,
      post(
        "http://localhost/register/stepper?step=1",
        {
          step: "1",
          firstName: "Nadia",
          lastName: "Okafor",
          emailAddress: "agent.usa@example.com",
          countryCode: "US",
          zipCode: "33101",
        },
        cookie,
      ),
    );
    expect(taken.response?.headers.get("Location")).toBe("/register/stepper?step=2&notice=email-sent");
    const after = await getSession(
      new Request("http://localhost/", { headers: { Cookie: cookieFrom(taken.response!.headers.get("Set-Cookie")) } }),
    );
    expect(agentDraftState.read(after)!.mailValidationToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe("/account/forgot/username: the upstream's verdict on asking for a code", () => {
  it("too many codes for one address (429 OTP_RATE_LIMITED) says so, keeps what was typed and stays on the page", async () => {
    server.use(
      http.post(`${API}/accounts/forgot-username`, () =>
        HttpResponse.json(
          { message: { message: "Too many codes", errorCode: "OTP_RATE_LIMITED" } },
          { status: 429, headers: { "Retry-After": "420" } },
        ),
      ),
    );
    const { body, status, response } = await run(
      forgotUsername.action,
      post("http://localhost/account/forgot/username", { channel: "EMAIL", emailAddress: "agent.usa@example.com" }),
    );
    expect(response).toBeUndefined();
    // The upstream's 429 is the page's, with its wait (tests/integration/too-many-codes.test.ts).
    expect(status).toBe(429);
    const reply = body as Reply;
    // The one text for too many codes, with the upstream's Retry-After in minutes (issue 38).
    expect(reply.error?.[""]).toEqual(["Too many codes asked for; try again in 7 minutes"]);
    expect(reply.initialValue).toMatchObject({ emailAddress: "agent.usa@example.com" });
  });
});

describe("a code the upstream answers 200 with isValid false is refused, never taken as a pass", () => {
  it.each([
    [
      "the agency's e-mail link (/register-agency/verify)",
      () => agencyVerify.action,
      "http://localhost/register-agency/verify",
    ],
    [
      "the password-reset link (/account/forgot/password/email-verified)",
      () => resetLink.action,
      "http://localhost/account/forgot/password/email-verified",
    ],
  ])("%s", async (_name, action, url) => {
    server.use(http.post(`${API}/otp/validate`, () => HttpResponse.json({ data: { isValid: false } })));
    const { response, status, body } = await run(action(), post(url, { token: "link-token", otp: "123456" }));
    expect(response).toBeUndefined();
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain(TEXTS.verifyLinkInvalid);
  });
});
