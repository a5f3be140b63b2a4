import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { getWithCookie, mswUpstream, portalEnv, profile, rsa, signedInSession, thrown, upstreamMock } from "./harness";

const env = portalEnv();
const info = await import("~/routes/profile/info");
const communications = await import("~/routes/profile/communications");
const { UPDATE_FAILED, STALE_ITEM } = await import("~/domain/profile-items");

const API = "http://upstream.test";
const calls: string[] = [];
const bodies: unknown[] = [];
const server = mswUpstream(env, [calls, bodies]);

const details = (overrides: Record<string, unknown> = {}) => ({
  agentId: "200001",
  firstName: "Olivia",
  lastName: "Bennett",
  email: "agent.usa@example.com",
  mobilePhone: "+13055550142",
  jobTitle: "Senior agent",
  yearsIndustry: "6-10",
  specializations: ["luxury", "family"],
  regions: ["caribbean", "alaska"],
  cliaAgentId: "12345",
  homeBasedAgent: false,
  espressoLanguage: "en_us",
  emailPreference: true,
  mobilePreference: false,
  primaryMFA: "EMAIL",
  secondaryMFA: "NONE",
  photoUrl: null,
  version: 7,
  ...overrides,
});

const upstream = upstreamMock(server, calls, () => [
  http.get(`${API}/agents/200001/details`, () => HttpResponse.json({ data: details() })),
  http.get(`${API}/api/royal/content/*`, () => HttpResponse.json({}, { status: 404 })),
]);
const args = (request: Request) => ({ request, params: {}, context: {} });
const post = (cookie: string, path: string, fields: Array<[string, string]>) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Cookie: cookie, origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
const putOk = () =>
  http.put(`${API}/agents/200001`, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    bodies.push(body);
    return HttpResponse.json({ data: details({ ...body, version: 8 }) });
  });
const agent = () => signedInSession({ profile: profile() });
type Result = {
  item: string;
  ok: boolean;
  error?: string | null;
  fieldErrors?: Record<string, string[]>;
  typed?: Record<string, string>;
  fresh?: unknown;
  value?: unknown;
  version?: number;
  code?: unknown;
};
const dataOf = (r: unknown) => ((r as { data?: Result }).data ?? r) as Result;
const statusOf = (r: unknown) =>
  r instanceof Response ? r.status : ((r as { init?: { status?: number } }).init?.status ?? 200);

describe("/profile/info: the agent's details as edit items", () => {
  it("shows each item's saved value; ?edit= opens one (the page without JavaScript)", async () => {
    upstream();
    const { cookie } = await agent();
    const data = await info.loader(args(getWithCookie(cookie, "/profile/info?edit=work")));
    expect(data.items).toEqual(["name", "work", "specialities", "clia"]);
    expect(data.saved?.name).toEqual({ firstName: "Olivia", lastName: "Bennett" });
    expect(data.saved?.specialities).toEqual({
      specialization1: "luxury",
      specialization2: "family",
      specialization3: "",
      regions: "caribbean,alaska",
    });
    expect(data.open).toBe("work");
    expect(data.version).toBe(7);
    // An item of another page, or junk, opens nothing.
    expect((await info.loader(args(getWithCookie(cookie, "/profile/info?edit=emails")))).open).toBeNull();
  });

  it("Save without JavaScript: PUT /agents/{id} with the version, then back to the page with the item closed", async () => {
    upstream(putOk());
    const { cookie } = await agent();
    const response = (await info.action(
      args(
        post(cookie, "/profile/info", [
          ["item", "name"],
          ["version", "7"],
          ["firstName", " Liv "],
          ["lastName", "Bennett"],
        ]),
      ),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/profile/info?saved=name");
    expect(bodies).toEqual([{ firstName: "Liv", lastName: "Bennett", version: 7 }]);
  });

  it("Save with JavaScript answers the saved value and the new version, for the item to close in place", async () => {
    upstream(putOk());
    const { cookie } = await agent();
    const result = dataOf(
      await info.action(
        args(
          post(cookie, "/profile/info", [
            ["item", "specialities"],
            ["version", "7"],
            ["js", "1"],
            ["specialization1", "groups"],
            ["regions", "europe"],
            ["regions", "asia"],
          ]),
        ),
      ),
    );
    expect(bodies).toEqual([{ specializations: ["groups"], regions: ["europe", "asia"], version: 7 }]);
    expect(result).toMatchObject({ item: "specialities", ok: true, version: 8 });
  });

  it.each([
    [
      "an empty first name",
      [
        ["firstName", ""],
        ["lastName", "Bennett"],
      ],
      "name",
      "firstName",
    ],
    ["a CLIA number with letters", [["cliaAgentId", "12ab"]], "clia", "cliaAgentId"],
    [
      "the same specialisation twice",
      [
        ["specialization1", "luxury"],
        ["specialization2", "luxury"],
      ],
      "specialities",
      "specialization2",
    ],
    ["years that are not a choice", [["yearsIndustry", "forever"]], "work", "yearsIndustry"],
  ] as Array<[string, Array<[string, string]>, string, string]>)(
    "%s is refused with the field's message; what was typed comes back; nothing is sent",
    async (_, fields, item, field) => {
      upstream(putOk());
      const { cookie } = await agent();
      const response = await info.action(
        args(post(cookie, "/profile/info", [["item", item], ["version", "7"], ...fields])),
      );
      expect(statusOf(response)).toBe(400);
      const result = dataOf(response);
      expect(result.fieldErrors?.[field]?.length).toBeGreaterThan(0);
      expect(result.typed?.[fields[0]![0]]).toBe(fields[0]![1]);
      expect(bodies).toEqual([]);
    },
  );

  it("a failed update says 'Error updating agent information' in the item and keeps what was typed", async () => {
    upstream(http.put(`${API}/agents/200001`, () => HttpResponse.json({}, { status: 500 })));
    const { cookie } = await agent();
    const response = await info.action(
      args(
        post(cookie, "/profile/info", [
          ["item", "clia"],
          ["version", "7"],
          ["cliaAgentId", "999"],
        ]),
      ),
    );
    expect(dataOf(response)).toMatchObject({
      item: "clia",
      ok: false,
      error: UPDATE_FAILED,
      typed: { cliaAgentId: "999" },
    });
    expect(statusOf(response)).toBe(502);
  });

  it("a stale form (the item changed since it was opened) is refused: what is saved now, and what was typed", async () => {
    upstream(
      http.put(`${API}/agents/200001`, () =>
        HttpResponse.json({ message: { message: "stale", errorCode: "STALE_PROFILE" } }, { status: 409 }),
      ),
    );
    server.use(
      http.get(`${API}/agents/200001/details`, () =>
        HttpResponse.json({ data: details({ cliaAgentId: "555", version: 9 }) }),
      ),
    );
    const { cookie } = await agent();
    const response = await info.action(
      args(
        post(cookie, "/profile/info", [
          ["item", "clia"],
          ["version", "7"],
          ["cliaAgentId", "999"],
        ]),
      ),
    );
    expect(statusOf(response)).toBe(409);
    expect(dataOf(response)).toMatchObject({
      error: STALE_ITEM,
      typed: { cliaAgentId: "999" },
      fresh: { value: { cliaAgentId: "555" }, version: 9 },
    });
  });

  it("an item that is not on the page is refused, never saved", async () => {
    upstream(putOk());
    const { cookie } = await agent();
    const response = await info.action(
      args(
        post(cookie, "/profile/info", [
          ["item", "emails"],
          ["version", "7"],
        ]),
      ),
    );
    expect(statusOf(response)).toBe(400);
    expect(bodies).toEqual([]);
  });
});

describe("/profile/communications", () => {
  it("saves the e-mail choice and the language of e-mails (an unticked box is false)", async () => {
    upstream(putOk());
    const { cookie } = await agent();
    await communications.action(
      args(
        post(cookie, "/profile/communications", [
          ["item", "emails"],
          ["version", "7"],
          ["espressoLanguage", "fr_fr"],
        ]),
      ),
    );
    expect(bodies).toEqual([{ emailPreference: false, espressoLanguage: "fr_fr", version: 7 }]);
  });
});

const security = await import("~/routes/profile/security");

describe("/profile/security", () => {
  const signIns = [
    { signInId: "s1", method: "password", createdAt: "2026-11-24T08:00:00Z", lastSeenAt: null, current: true },
    { signInId: "s2", method: "password", createdAt: "2026-11-20T08:00:00Z", lastSeenAt: null, current: false },
  ];
  const withSignIns = () => http.get(`${API}/agents/200001/sign-ins`, () => HttpResponse.json({ data: signIns }));
  const publicKey = () =>
    http.get(`${API}/auth/public-key`, () => HttpResponse.json({ data: { publicKey: rsa.publicKey } }));

  it("lists the active sign-ins and the second factor", async () => {
    upstream(withSignIns());
    const { cookie } = await agent();
    const data = await security.loader(args(getWithCookie(cookie, "/profile/security")));
    expect(data.signIns).toHaveLength(2);
    expect(data.mfa).toEqual({ primaryMFA: "EMAIL", secondaryMFA: "NONE" });
  });

  it("'sign out everywhere else' ends the other sign-ins and says so", async () => {
    upstream(http.post(`${API}/agents/200001/sign-ins/end-others`, () => HttpResponse.json({ data: { ended: 1 } })));
    const { cookie } = await agent();
    const response = (await security.action(
      args(post(cookie, "/profile/security", [["intent", "end-others"]])),
    )) as Response;
    expect(response.headers.get("Location")).toBe("/profile/security?done=ended-others");
    expect(calls).toContain("POST /agents/200001/sign-ins/end-others");
  });

  it("'sign out everywhere else' ends the agent's other portal sessions at once; this one goes on", async () => {
    upstream(
      withSignIns(),
      http.post(`${API}/agents/200001/sign-ins/end-others`, () => HttpResponse.json({ data: { ended: 1 } })),
    );
    const username = `agent.cut.${Date.now()}`;
    const other = await signedInSession({ profile: profile(), auth: { username, signedInAt: Date.now() - 5_000 } });
    const mine = await signedInSession({ profile: profile(), auth: { username, signedInAt: Date.now() - 1_000 } });
    await security.action(args(post(mine.cookie, "/profile/security", [["intent", "end-others"]])));
    const ended = await thrown(security.loader(args(getWithCookie(other.cookie, "/profile/security"))));
    expect((ended as Response).headers.get("Location")).toBe(
      "/login?redirectTo=%2Fprofile%2Fsecurity&reason=signed-out",
    );
    expect((await security.loader(args(getWithCookie(mine.cookie, "/profile/security")))).signIns).toHaveLength(2);
  });

  it("a second factor equal to the first is refused before anything is sent", async () => {
    upstream();
    const { cookie } = await agent();
    const response = await security.action(
      args(
        post(cookie, "/profile/security", [
          ["intent", "mfa"],
          ["primaryMFA", "SMS"],
          ["secondaryMFA", "SMS"],
        ]),
      ),
    );
    expect(statusOf(response)).toBe(400);
    expect(calls.some((c) => c.includes("/mfa"))).toBe(false);
  });

  it.each([
    [
      "a new password that breaks the rules",
      [
        ["currentPassword", "Portal!2026"],
        ["password", "short"],
        ["confirmPassword", "short"],
      ],
      "password",
    ],
    [
      "confirmation that differs",
      [
        ["currentPassword", "Portal!2026"],
        ["password", "Harbour!Lights42"],
        ["confirmPassword", "Harbour!Lights43"],
      ],
      "confirmPassword",
    ],
    [
      "no current password",
      [
        ["password", "Harbour!Lights42"],
        ["confirmPassword", "Harbour!Lights42"],
      ],
      "currentPassword",
    ],
  ] as Array<[string, Array<[string, string]>, string]>)(
    "%s is refused on its field, nothing sent",
    async (_, fields, field) => {
      upstream();
      const { cookie } = await agent();
      const response = await security.action(
        args(post(cookie, "/profile/security", [["intent", "password"], ...fields])),
      );
      expect(statusOf(response)).toBe(400);
      const result = dataOf(response) as unknown as { result: { error: Record<string, string[]> } };
      expect(result.result.error[field]?.length).toBeGreaterThan(0);
      expect(calls.some((c) => c.includes("/password"))).toBe(false);
    },
  );

  it("a wrong current password is said on its field", async () => {
    upstream(
      publicKey(),
      http.put(`${API}/agents/200001/password`, () =>
        HttpResponse.json({ message: { message: "wrong", errorCode: "WRONG_PASSWORD" } }, { status: 400 }),
      ),
    );
    const { cookie } = await agent();
    const response = await security.action(
      args(
        post(cookie, "/profile/security", [
          ["intent", "password"],
          ["currentPassword", "Wrong!2026x"],
          ["password", "Harbour!Lights42"],
          ["confirmPassword", "Harbour!Lights42"],
        ]),
      ),
    );
    const result = dataOf(response) as unknown as { result: { error: Record<string, string[]> } };
    expect(result.result.error.currentPassword).toEqual(["That is not your current password."]);
  });
});

describe("/profile/communications: the mobile number, changed with a code texted to the new number", () => {
  const otpCalls: Array<{ path: string; body: Record<string, unknown> }> = [];
  afterEach(() => {
    otpCalls.length = 0;
  });
  const generate = (answer?: () => Response) =>
    http.post(`${API}/otp/generate`, async ({ request }) => {
      otpCalls.push({ path: "generate", body: (await request.json()) as Record<string, unknown> });
      return answer?.() ?? HttpResponse.json({ data: { token: `otp-token-${otpCalls.length}` } });
    });
  const validate = (answer?: () => Response) =>
    http.post(`${API}/otp/validate`, async ({ request }) => {
      otpCalls.push({ path: "validate", body: (await request.json()) as Record<string, unknown> });
      return answer?.() ?? HttpResponse.json({ data: { isValid: true } });
    });
  const otpError = (errorCode: string, extra: Record<string, unknown> = {}) =>
    HttpResponse.json({ message: { message: errorCode, errorCode, ...extra } }, { status: 400 });
  const mobile = (cookie: string, fields: Array<[string, string]>) =>
    communications.action(
      args(post(cookie, "/profile/communications", [["item", "mobile"], ["version", "7"], ...fields])),
    );
  const newNumber: Array<[string, string]> = [
    ["telephoneCountryCode", "US"],
    ["mobilePhone", "212 555 0199"],
  ];

  it("shows the saved number as its country and national number; the country list names calling codes", async () => {
    upstream();
    const { cookie } = await agent();
    const data = await communications.loader(args(getWithCookie(cookie, "/profile/communications")));
    expect(data.items).toEqual(["emails", "mobile", "texts"]);
    expect(data.saved?.mobile).toEqual({ telephoneCountryCode: "US", mobilePhone: "(305) 555-0142" });
    expect(data.mobile?.countries).toContainEqual({ value: "US", label: "United States of America (+1)" });
    expect(data.mobile?.texts.otpSentSms).toBe("We sent a 6-digit code by text message to {}.");
    expect(data.mobile?.pending).toBeNull();
  });

  it("an invalid number is refused on its field with registration's message; nothing is sent", async () => {
    upstream(generate(), putOk());
    const { cookie } = await agent();
    const response = await mobile(cookie, [
      ["telephoneCountryCode", "US"],
      ["mobilePhone", "555 01"],
    ]);
    expect(statusOf(response)).toBe(400);
    expect(dataOf(response)).toMatchObject({
      item: "mobile",
      fieldErrors: { mobilePhone: ["Enter a valid phone number."] },
      typed: { telephoneCountryCode: "US", mobilePhone: "555 01" },
    });
    expect(otpCalls).toEqual([]);
    expect(bodies).toEqual([]);
  });

  it("the same number saves without a code", async () => {
    upstream(generate(), putOk());
    const { cookie } = await agent();
    const response = (await mobile(cookie, [
      ["telephoneCountryCode", "US"],
      ["mobilePhone", "305-555-0142"],
    ])) as Response;
    expect(response.headers.get("Location")).toBe("/profile/communications?saved=mobile");
    expect(otpCalls).toEqual([]);
    expect(bodies).toEqual([{ mobilePhone: "+13055550142", version: 7 }]);
  });

  it("without JavaScript: a new number gets a code, the step is in the URL, a right code saves it with the token", async () => {
    upstream(generate(), validate(), putOk());
    const { cookie } = await agent();
    const sent = (await mobile(cookie, newNumber)) as Response;
    expect(sent.headers.get("Location")).toBe("/profile/communications?edit=mobile&step=code");
    expect(otpCalls).toEqual([
      {
        path: "generate",
        body: { recipient: "+12125550199", channel: "sms", purpose: "phone_verification" },
      },
    ]);
    expect(bodies).toEqual([]);

    const page = await communications.loader(
      args(getWithCookie(cookie, "/profile/communications?edit=mobile&step=code")),
    );
    expect(page.open).toBe("mobile");
    expect(page.mobile?.pending).toMatchObject({
      typed: { telephoneCountryCode: "US", mobilePhone: "212 555 0199" },
      code: { sentTo: "+1 212 555 0199", notice: null },
    });
    expect(page.mobile?.pending?.code.resendIn).toBeGreaterThan(25);

    const saved = (await mobile(cookie, [...newNumber, ["intent", "verify"], ["code", "123456"]])) as Response;
    expect(otpCalls[1]).toEqual({ path: "validate", body: { token: "otp-token-1", otp: "123456" } });
    expect(bodies).toEqual([{ mobilePhone: "+12125550199", telephoneValidationToken: "otp-token-1", version: 7 }]);
    expect(saved.headers.get("Location")).toBe("/profile/communications?saved=mobile");
  });

  it("with JavaScript the same steps come back in place: the code step, then the saved number", async () => {
    upstream(generate(), validate(), putOk());
    const { cookie } = await agent();
    const step = dataOf(await mobile(cookie, [...newNumber, ["js", "1"]]));
    expect(step).toMatchObject({ item: "mobile", ok: false, error: null, code: { sentTo: "+1 212 555 0199" } });
    const done = dataOf(await mobile(cookie, [...newNumber, ["js", "1"], ["intent", "verify"], ["code", "654321"]]));
    expect(done).toMatchObject({
      item: "mobile",
      ok: true,
      value: { telephoneCountryCode: "US", mobilePhone: "(212) 555-0199" },
      version: 8,
    });
  });

  it.each([
    [
      "a wrong code",
      otpError("OTP_INVALID", { remainingAttempts: 4 }),
      "This code is not correct. You have 4 attempts left.",
    ],
    [
      "the last wrong try",
      otpError("OTP_INVALID", { remainingAttempts: 1 }),
      "This code is not correct. You have 1 attempt left.",
    ],
    ["an expired code", otpError("OTP_EXPIRED"), "This code has expired. Send yourself a new one."],
    [
      "too many wrong codes",
      otpError("OTP_TOO_MANY_ATTEMPTS"),
      "Too many incorrect attempts. Send yourself a new code.",
    ],
    [
      "a code service that is down",
      HttpResponse.json({}, { status: 503 }),
      "Service unavailable, please try again later",
    ],
  ])(
    "%s is said on the code field; the code step and the typed number stay; nothing is saved",
    async (_, answer, message) => {
      upstream(
        generate(),
        validate(() => answer.clone() as Response),
        putOk(),
      );
      const { cookie } = await agent();
      await mobile(cookie, newNumber);
      const response = await mobile(cookie, [...newNumber, ["intent", "verify"], ["code", "000000"]]);
      expect([400, 502]).toContain(statusOf(response));
      expect(dataOf(response)).toMatchObject({
        item: "mobile",
        fieldErrors: { code: [message] },
        typed: { telephoneCountryCode: "US", mobilePhone: "212 555 0199" },
        code: { sentTo: "+1 212 555 0199" },
      });
      expect(bodies).toEqual([]);
    },
  );

  it("a code that is not six digits is refused before the upstream is asked", async () => {
    upstream(generate(), validate(), putOk());
    const { cookie } = await agent();
    await mobile(cookie, newNumber);
    const response = await mobile(cookie, [...newNumber, ["intent", "verify"], ["code", "12ab"]]);
    expect(dataOf(response).fieldErrors).toEqual({ code: ["Enter the 6-digit code."] });
    expect(otpCalls.map((c) => c.path)).toEqual(["generate"]);
  });

  it("a new code waits for the cool-down, as registration's; Save again within it asks for the code already sent", async () => {
    upstream(generate(), putOk());
    const { cookie } = await agent();
    await mobile(cookie, newNumber);
    const resend = await mobile(cookie, [...newNumber, ["intent", "resend"]]);
    expect(statusOf(resend)).toBe(400);
    expect(dataOf(resend).error).toMatch(/^You can ask for a new code in \d+ seconds\.$/);
    expect(dataOf(resend).code).toBeTruthy();
    const again = (await mobile(cookie, newNumber)) as Response;
    expect(again.headers.get("Location")).toBe("/profile/communications?edit=mobile&step=code");
    expect(otpCalls).toHaveLength(1);
  });

  it("a resend or a code without a code asked for says the code has expired and keeps the number", async () => {
    upstream(generate(), validate(), putOk());
    const { cookie } = await agent();
    const response = await mobile(cookie, [...newNumber, ["intent", "verify"], ["code", "123456"]]);
    expect(statusOf(response)).toBe(400);
    expect(dataOf(response)).toMatchObject({
      error: "This code has expired. Send yourself a new one.",
      typed: { mobilePhone: "212 555 0199" },
    });
    expect(dataOf(response).code).toBeUndefined();
    expect(otpCalls).toEqual([]);
  });

  it("a code that cannot be sent is said on the number, which stays as typed", async () => {
    // As the reference upstream answers it: 429 with how long to wait.
    upstream(
      generate(() =>
        HttpResponse.json(
          { message: { message: "Too many codes", errorCode: "OTP_RATE_LIMITED" } },
          { status: 429, headers: { "Retry-After": "600" } },
        ),
      ),
    );
    const { cookie } = await agent();
    const response = await mobile(cookie, newNumber);
    expect(statusOf(response)).toBe(429);
    expect(dataOf(response)).toMatchObject({
      fieldErrors: { mobilePhone: ["Too many codes asked for; try again in 10 minutes"] },
      typed: { mobilePhone: "212 555 0199" },
    });
  });

  it("changed elsewhere since it opened: the stale message before any code is texted", async () => {
    upstream(generate());
    server.use(http.get(`${API}/agents/200001/details`, () => HttpResponse.json({ data: details({ version: 9 }) })));
    const { cookie } = await agent();
    const response = await mobile(cookie, newNumber);
    expect(statusOf(response)).toBe(409);
    expect(dataOf(response)).toMatchObject({
      error: STALE_ITEM,
      fresh: { version: 9 },
      typed: { mobilePhone: "212 555 0199" },
    });
    expect(otpCalls).toEqual([]);
  });

  it("a stale save after a right code keeps the verification: the next Save sends the number without a new code", async () => {
    let put = 0;
    upstream(
      generate(),
      validate(),
      http.put(`${API}/agents/200001`, async ({ request }) => {
        bodies.push(await request.json());
        put += 1;
        return put === 1
          ? HttpResponse.json({ message: { message: "stale", errorCode: "STALE_PROFILE" } }, { status: 409 })
          : HttpResponse.json({ data: details({ mobilePhone: "+12125550199", version: 10 }) });
      }),
    );
    const { cookie } = await agent();
    await mobile(cookie, newNumber);
    const stale = await mobile(cookie, [...newNumber, ["intent", "verify"], ["code", "123456"]]);
    expect(statusOf(stale)).toBe(409);
    expect(dataOf(stale).error).toBe(STALE_ITEM);
    // The next Save carries the version now saved (7 here, as the details say).
    const saved = (await mobile(cookie, newNumber)) as Response;
    expect(saved.headers.get("Location")).toBe("/profile/communications?saved=mobile");
    expect(otpCalls.map((c) => c.path)).toEqual(["generate", "validate"]);
    expect(bodies[1]).toEqual({ mobilePhone: "+12125550199", telephoneValidationToken: "otp-token-1", version: 7 });
  });

  it("PHONE_NOT_VERIFIED from the upstream says so in the item and forgets the code", async () => {
    upstream(
      generate(),
      validate(),
      http.put(`${API}/agents/200001`, () =>
        HttpResponse.json({ message: { message: "no", errorCode: "PHONE_NOT_VERIFIED" } }, { status: 400 }),
      ),
    );
    const { cookie } = await agent();
    await mobile(cookie, newNumber);
    const response = await mobile(cookie, [...newNumber, ["intent", "verify"], ["code", "123456"]]);
    expect(statusOf(response)).toBe(400);
    expect(dataOf(response)).toMatchObject({
      error: "Verify your mobile phone number with the code we sent before you continue.",
      typed: { mobilePhone: "212 555 0199" },
    });
    expect(dataOf(response).code).toBeUndefined();
  });
});

describe("/profile/security: the second factor", () => {
  it("a good choice is saved (PUT /agents/{id}/mfa) and the page says so", async () => {
    const sent: unknown[] = [];
    upstream(
      http.put(`${API}/agents/200001/mfa`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ data: details({ primaryMFA: "SMS", secondaryMFA: "EMAIL" }) });
      }),
      http.get(`${API}/agents/200001/sign-ins`, () => HttpResponse.json({ data: [] })),
    );
    const { cookie } = await agent();
    const response = (await security.action(
      args(
        post(cookie, "/profile/security", [
          ["intent", "mfa"],
          ["primaryMFA", "SMS"],
          ["secondaryMFA", "EMAIL"],
        ]),
      ),
    )) as Response;
    expect(response.headers.get("Location")).toBe("/profile/security?done=mfa");
    expect(sent).toEqual([{ primaryMFA: "SMS", secondaryMFA: "EMAIL" }]);
    const page = await security.loader(args(getWithCookie(cookie, "/profile/security?done=mfa")));
    expect(page.done).toBe("Your second factor is saved.");
  });
});

const agencyPage = await import("~/routes/profile/agency");

describe("/profile/agency: read-only for agents, editable by the agency's ADMIN", () => {
  const agency = (overrides: Record<string, unknown> = {}) => ({
    agencyId: "100001",
    name: "Harbor Lights Travel",
    addressLine: "1 Bayfront Way",
    city: "Miami",
    zipCode: "33131",
    countryCode: "US",
    telephoneNumber: "+13055550101",
    abtaNumber: null,
    iataNumber: "10512345",
    cliaNumber: "00012345",
    webAddress: "www.harborlights.example",
    agencyBusinessModel: "storefront",
    version: 3,
    ...overrides,
  });
  const withAgency = (answer?: () => Response) =>
    http.get(`${API}/agencies/100001`, () => answer?.() ?? HttpResponse.json({ data: agency() }));
  const fields: Array<[string, string]> = [
    ["version", "3"],
    ["name", "Harbor Lights Cruises"],
    ["addressLine", "1 Bayfront Way"],
    ["city", "Miami"],
    ["zipCode", "33131"],
    ["telephoneNumber", "+1 305 555 0101"],
    ["webAddress", "www.harborlights.example"],
  ];

  it("an ADMIN saves a change with the version it opened (PUT /agencies/{id})", async () => {
    const sent: unknown[] = [];
    upstream(
      withAgency(),
      http.put(`${API}/agencies/100001`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ data: agency({ name: "Harbor Lights Cruises", version: 4 }) });
      }),
    );
    const { cookie } = await signedInSession({ profile: profile({ roleCode: "ADMIN" }) });
    const page = await agencyPage.loader(args(getWithCookie(cookie, "/profile/agency?edit=1")));
    expect(page).toMatchObject({ canEdit: true, editing: true });
    const response = (await agencyPage.action(args(post(cookie, "/profile/agency", fields)))) as Response;
    expect(response.headers.get("Location")).toBe("/profile/agency?saved=1");
    expect(sent).toEqual([
      {
        name: "Harbor Lights Cruises",
        addressLine: "1 Bayfront Way",
        city: "Miami",
        zipCode: "33131",
        telephoneNumber: "+13055550101",
        webAddress: "www.harborlights.example",
        version: 3,
      },
    ]);
  });

  it("an empty address the agency never had is not sent; one it had cannot be emptied", async () => {
    const sent: Array<Record<string, unknown>> = [];
    const put = http.put(`${API}/agencies/100001`, async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ data: agency({ addressLine: null, zipCode: null, version: 4 }) });
    });
    const emptied = fields.map(([name, value]): [string, string] =>
      name === "addressLine" || name === "zipCode" ? [name, ""] : [name, value],
    );
    const { cookie } = await signedInSession({ profile: profile({ roleCode: "ADMIN" }) });
    upstream(
      withAgency(() => HttpResponse.json({ data: agency({ addressLine: null, zipCode: null }) })),
      put,
    );
    const saved = (await agencyPage.action(args(post(cookie, "/profile/agency", emptied)))) as Response;
    expect(saved.headers.get("Location")).toBe("/profile/agency?saved=1");
    expect(sent[0]).not.toHaveProperty("addressLine");
    expect(sent[0]).not.toHaveProperty("zipCode");
    expect(sent[0]).toMatchObject({ city: "Miami", version: 3 });

    upstream(withAgency(), put);
    const refused = await agencyPage.action(args(post(cookie, "/profile/agency", emptied)));
    expect(statusOf(refused)).toBe(400);
    expect((refused as unknown as { data: { fieldErrors: Record<string, string[]> } }).data.fieldErrors).toEqual({
      addressLine: ["This can be changed but not removed."],
      zipCode: ["This can be changed but not removed."],
    });
    expect(sent).toHaveLength(1);
  });

  it("an AGENT sees it read-only and a post changes nothing", async () => {
    upstream(withAgency());
    const { cookie } = await agent();
    const page = await agencyPage.loader(args(getWithCookie(cookie, "/profile/agency?edit=1")));
    expect(page).toMatchObject({ canEdit: false, editing: false });
    const response = (await agencyPage.action(args(post(cookie, "/profile/agency", fields)))) as Response;
    expect(response.headers.get("Location")).toBe("/profile/agency");
    expect(calls.some((c) => c.startsWith("PUT"))).toBe(false);
  });

  it("an upstream that is down: the page says so (agency null); a 404 is not found; a 403 goes home", async () => {
    upstream(withAgency(() => HttpResponse.json({}, { status: 500 })));
    const { cookie } = await agent();
    expect((await agencyPage.loader(args(getWithCookie(cookie, "/profile/agency")))).agency).toBeNull();
    upstream(withAgency(() => HttpResponse.json({}, { status: 404 })));
    expect(statusOf(await thrown(agencyPage.loader(args(getWithCookie(cookie, "/profile/agency")))))).toBe(404);
    upstream(withAgency(() => HttpResponse.json({}, { status: 403 })));
    const home = await thrown(agencyPage.loader(args(getWithCookie(cookie, "/profile/agency"))));
    expect((home as Response).headers.get("Location")).toBe("/home");
  });
});
