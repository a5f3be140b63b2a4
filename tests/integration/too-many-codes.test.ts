import { http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { cookieFrom, mswUpstream, portalEnv } from "./harness";

/**
 * Issue 38: when the upstream refuses another code because too many were asked for (HTTP 429 with a
 * Retry-After), every form where an agent asks for a code answers 429 with the wait as Retry-After,
 * says "Too many codes asked for; try again in N minutes" (N from the upstream's Retry-After), and
 * gives the form back filled in. msw stands in for the upstream so each form's call can be refused.
 */
const env = portalEnv();
const agentStepper = await import("~/routes/register/stepper");
const agencyStepper = await import("~/routes/register-agency/stepper");
const agencyResend = await import("~/routes/register-agency/email-resend");
const forgotUsername = await import("~/routes/account/forgot-username");
const forgotPassword = await import("~/routes/account/forgot-password");
const phoneVerification = await import("~/routes/account/phone-verification");
const otpVerify = await import("~/routes/auth/otp-verify");
const { sessionStorage } = await import("~/server/infra/session.server");
const { agentDraftState, agencyDraftState } = await import("~/server/registration/drafts.server");
const { recoveryState } = await import("~/server/account/recovery.server");

const API = "http://upstream.test";
const CONTENT = `${API}/api/royal/content/cruising-power`;
const TEXTS = {
  languageSwitcherLabel: "Language",
  errorServiceUnavailable: "Service unavailable, please try again later",
  otpRateLimited: "You have asked for too many codes. Wait a few minutes and try again.",
};
const AGENCY = { agencyId: "AG100101", agencyName: "Bayfront Cruise Vacations", city: "Miami", countryCode: "USA" };
/** What the reference upstream answers the sixth code in its window (upstream/lib/otp.ts). */
const tooMany = (retryAfter = "420") =>
  HttpResponse.json(
    { message: { message: "Too many codes have been requested for this address.", errorCode: "OTP_RATE_LIMITED" } },
    { status: 429, headers: { "Retry-After": retryAfter } },
  );

const server = mswUpstream(env);
// The page's texts, under each test's refusal.
beforeEach(() =>
  server.use(
    http.get(`${CONTENT}/dictionary`, () => HttpResponse.json({ data: { entries: TEXTS } })),
    http.get(`${CONTENT}/global`, () => HttpResponse.json({ data: { hiddenPhoneCountries: [] } })),
  ),
);

const post = (url: string, fields: Record<string, string>, cookie?: string) =>
  new Request(url, { method: "POST", body: new URLSearchParams(fields), headers: cookie ? { Cookie: cookie } : {} });

async function run(action: (args: never) => Promise<unknown>, request: Request) {
  const result = await action({ request, params: {}, context: {} } as never).catch((thrown: unknown) => thrown);
  if (result instanceof Response) throw new Error(`expected the form back, got ${result.status} ${result.headers}`);
  const { data, init } = result as { data: unknown; init?: ResponseInit };
  return { body: JSON.stringify(data), status: init?.status, headers: new Headers(init?.headers) };
}

/** A session cookie whose session holds what `fill` writes (a draft, a code waiting). */
async function sessionWith(fill: (session: Awaited<ReturnType<typeof sessionStorage.getSession>>) => void) {
  const session = await sessionStorage.getSession();
  fill(session);
  return cookieFrom(await sessionStorage.commitSession(session));
}

const aMinuteAgo = () => Date.now() - 60_000;
const agentDraft = (extra: Record<string, unknown> = {}) =>
  sessionWith((s) =>
    agentDraftState.write(s, {
      reached: 2,
      agency: AGENCY,
      identificationType: "phone",
      agencyPhoneNumber: "+13055550101",
      fields: { firstName: "Nadia", lastName: "Okafor", emailAddress: "nadia@example.org" },
      encryptedPassword: "encrypted",
      mailValidationToken: "mail-token",
      emailCodeSentAt: aMinuteAgo(),
      updatedAt: Date.now(),
      ...extra,
    }),
  );
const agencyFields = { agencyName: "Bayfront", countryCode: "US", emailAddress: "owner@bayfront.example" };
const usernameCode = (channel: "EMAIL" | "SMS", recipient: string) =>
  sessionWith((s) =>
    recoveryState.write(s, {
      forgotUsername: { token: "code-token", channel, recipient, lastSentAt: aMinuteAgo(), startedAt: aMinuteAgo() },
    }),
  );

type Case = {
  form: string;
  action: (args: never) => Promise<unknown>;
  request: () => Promise<Request>;
  /** The upstream call that asks for the code. */
  refuses: string;
  /** What the form gives back filled in (none for a form of one button). */
  kept?: string;
};

const cases: Case[] = [
  {
    form: "agent registration step 2: a new e-mail code",
    action: agentStepper.action,
    request: async () =>
      post("http://localhost/register/stepper?step=2", { step: "2", intent: "send-email-code" }, await agentDraft()),
    refuses: "/agents/send-notification",
  },
  {
    form: "agent registration step 2: a code to the mobile phone",
    action: agentStepper.action,
    request: async () =>
      post(
        "http://localhost/register/stepper?step=2",
        { step: "2", intent: "send-phone-code", telephoneCountryCode: "US", mobilePhone: "305 555 0188" },
        await agentDraft(),
      ),
    refuses: "/otp/generate",
    kept: "305 555 0188",
  },
  {
    form: "agency registration step 3: the e-mailed link",
    action: agencyStepper.action,
    request: async () =>
      post(
        "http://localhost/register-agency/stepper?step=3",
        { step: "3", agencyBusinessModel: "storefront", consortialOrHost: "yes", consortialOrHostName: "Harbour Host" },
        await sessionWith((s) =>
          agencyDraftState.write(s, { reached: 3, fields: agencyFields, updatedAt: Date.now() }),
        ),
      ),
    refuses: "/otp/generate",
    kept: "Harbour Host",
  },
  {
    form: "agency registration: the link sent again (/register-agency/email-resend)",
    action: agencyResend.action,
    request: async () =>
      post(
        "http://localhost/register-agency/email-resend",
        {},
        await sessionWith((s) =>
          agencyDraftState.write(s, {
            reached: 4,
            fields: agencyFields,
            mailValidationToken: "link-token",
            linkSentTo: agencyFields.emailAddress,
            linkSentAt: aMinuteAgo(),
            updatedAt: Date.now(),
          }),
        ),
      ),
    refuses: "/otp/generate",
  },
  {
    form: "forgotten username: the code by text message",
    action: forgotUsername.action,
    request: async () =>
      post("http://localhost/account/forgot/username", {
        channel: "SMS",
        telephoneCountryCode: "US",
        mobilePhone: "305 555 0177",
      }),
    refuses: "/accounts/forgot-username",
    kept: "305 555 0177",
  },
  {
    form: "forgotten username: a new code by text message (phone-verification)",
    action: phoneVerification.action,
    request: async () =>
      post(
        "http://localhost/account/forgot/username/phone-verification",
        { intent: "resend" },
        await usernameCode("SMS", "+13055550177"),
      ),
    refuses: "/accounts/forgot-username",
  },
  {
    form: "forgotten username: a new code by e-mail (/otp-verify)",
    action: otpVerify.action,
    request: async () =>
      post("http://localhost/otp-verify", { intent: "resend" }, await usernameCode("EMAIL", "agent.usa@example.com")),
    refuses: "/accounts/forgot-username",
  },
  {
    form: "forgotten password: the reset link",
    action: forgotPassword.action,
    request: async () => post("http://localhost/account/forgot/password", { usernameOrEmail: "agent.usa" }),
    refuses: "/accounts/forgot-password",
    kept: "agent.usa",
  },
];

describe("too many codes asked for (the upstream's 429) is the page's 429 with the wait (issue 38)", () => {
  it.each(cases)("$form", async ({ action, request, refuses, kept }) => {
    server.use(http.post(`${API}${refuses}`, () => tooMany("420")));
    const { status, headers, body } = await run(action, await request());
    expect(status).toBe(429);
    expect(headers.get("Retry-After")).toBe("420");
    expect(body).toContain("Too many codes asked for; try again in 7 minutes");
    if (kept) expect(body).toContain(kept);
  });

  it("agent registration step 1: the address's first code (the client reads no wait: the code window's 10 minutes)", async () => {
    server.use(http.post(`${API}/agents/agent-email-verification`, () => tooMany("420")));
    const { status, headers, body } = await run(
      agentStepper.action,
      post(
        "http://localhost/register/stepper?step=1",
        {
          step: "1",
          firstName: "Nadia",
          lastName: "Okafor",
          emailAddress: "nadia.new@example.org",
          countryCode: "US",
          zipCode: "33101",
        },
        await agentDraft({ reached: 1, mailValidationToken: undefined, emailCodeSentAt: undefined }),
      ),
    );
    expect(status).toBe(429);
    // The wait said and the Retry-After sent agree.
    expect(headers.get("Retry-After")).toBe("600");
    expect(body).toContain("Too many codes asked for; try again in 10 minutes");
    expect(body).toContain("nadia.new@example.org");
  });

  it("a 429 without the error code is still too many codes, and the other failures keep their status", async () => {
    server.use(
      http.post(`${API}/accounts/forgot-password`, () =>
        HttpResponse.json({ message: "slow down" }, { status: 429, headers: { "Retry-After": "61" } }),
      ),
    );
    const refused = await run(
      forgotPassword.action,
      post("http://localhost/account/forgot/password", { usernameOrEmail: "agent.usa" }),
    );
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("61");
    expect(refused.body).toContain("Too many codes asked for; try again in 2 minutes");

    server.use(
      http.post(`${API}/accounts/forgot-password`, () =>
        HttpResponse.json({ message: { message: "bad", errorCode: "INVALID_REQUEST" } }, { status: 400 }),
      ),
    );
    const other = await run(
      forgotPassword.action,
      post("http://localhost/account/forgot/password", { usernameOrEmail: "agent.usa" }),
    );
    expect(other.status).toBe(400);
    expect(other.headers.get("Retry-After")).toBeNull();
  });
});
