import Database from "better-sqlite3";
import { constants, publicEncrypt } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LEGAL_PAGES } from "./content/legal/index";
import { AGENCIES, AGENTS, EVERY_TOOL } from "./db/demo-data";
import { DATABASE_FILE, openDatabase } from "./db/index";
import { migrations } from "./db/migrations";
import { passwordProblems } from "./lib/password-policy";
import { errorCodeOf, issueCode, outbox, validate, verifiedCode } from "./testing/codes";
import { TEST_START, startHarness, type Harness } from "./testing/harness";
import { undoRegistrationMigration } from "./testing/schema";

let h: Harness;
beforeAll(() => {
  h = startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const NEW_EMAIL = "nadia.okafor@agency.example";
const NEW_MOBILE = "+13055550199";
const NEW_PASSWORD = "Harbour!Lights42";

const mailCode = (email = NEW_EMAIL) => verifiedCode(h, email, "email_otp", "register_agent_verification");
const phoneCode = (phone = NEW_MOBILE) => verifiedCode(h, phone, "sms", "phone_verification");

/** A complete agent registration as the portal sends it; codes verified for NEW_EMAIL and NEW_MOBILE. */
async function agentBody(overrides: Record<string, unknown> = {}) {
  return {
    agencyId: "AG100101",
    firstName: "Nadia",
    lastName: "Okafor",
    emailAddress: NEW_EMAIL,
    encryptedPassword: await h.encryptPassword(NEW_PASSWORD),
    mobilePhone: NEW_MOBILE,
    telephoneCountryCode: "US",
    countryCode: "US",
    zipCode: "33131",
    cliaAgentId: "00012345",
    colonialID: null,
    jobTitle: "Cruise specialist",
    yearsIndustry: "3-5",
    specialization1: "Luxury",
    specialization2: "Family",
    specialization3: null,
    regions: ["Caribbean", "Alaska"],
    promotionBrand: "R",
    homeBasedAgent: false,
    agencyRole: "agent",
    agencyBusinessModel: "storefront",
    espressoLanguage: "en_us",
    emailPreference: true,
    mobilePreference: false,
    acceptTermsConditions: true,
    acceptTravelAgentGuideliness: true,
    primaryMFA: "EMAIL",
    secondaryMFA: "SMS",
    identificationType: "phone",
    // Codes are issued only when the test does not bring its own (each counts towards the rate limit).
    mailValidationToken: "mailValidationToken" in overrides ? undefined : await mailCode(),
    telephoneValidationToken: "telephoneValidationToken" in overrides ? undefined : await phoneCode(),
    ...overrides,
  };
}

const register = (body: unknown) => h.call("POST", "/agents/register", body);

const agentRow = (agentId: string) =>
  h.db.prepare("SELECT * FROM agents WHERE agent_id = ?").get(agentId) as Record<string, unknown> | undefined;

async function signIn(username: string, password: string) {
  const login = await h.login(username, password);
  expect(login.status).toBe(200);
  return login.body.data.access_token as string;
}

describe("POST /agents/agency-lookup", () => {
  it("finds an agency by its phone number, in any formatting, and answers its alpha-3 country", async () => {
    const byPhone = await h.call("POST", "/agents/agency-lookup", {
      identificationType: "phone",
      telephoneNumber: "+13055550101",
    });
    expect(byPhone.status).toBe(200);
    expect(byPhone.body).toEqual({
      data: { agencyId: "AG100101", agencyName: "Bayfront Cruise Vacations", city: "Miami", countryCode: "USA" },
    });
    const spaced = await h.call("POST", "/agents/agency-lookup", {
      identificationType: "phone",
      telephoneNumber: "+1 (416) 555-0102",
    });
    expect(spaced.body.data.agencyId).toBe("AG100102");
  });

  it("finds an agency by its ABTA number in any case, and looks only at the field the type names", async () => {
    const reply = await h.call("POST", "/agents/agency-lookup", {
      identificationType: "abta",
      abtaNumber: " p7104 ",
      telephoneNumber: "+13055550101",
    });
    expect(reply.body.data).toEqual({
      agencyId: "AG100104",
      agencyName: "Solent Sea Holidays Ltd",
      city: "Southampton",
      countryCode: "GBR",
    });
  });

  it("answers 404 AGENCY_NOT_FOUND for a number no agency has", async () => {
    for (const body of [
      { identificationType: "phone", telephoneNumber: "+13055550100" },
      { identificationType: "abta", abtaNumber: "P7105" },
    ]) {
      const reply = await h.call("POST", "/agents/agency-lookup", body);
      expect(reply.status).toBe(404);
      expect(errorCodeOf(reply)).toBe("AGENCY_NOT_FOUND");
    }
  });

  it("answers 400 INVALID_REQUEST when the field the type names is missing or malformed", async () => {
    for (const body of [
      { identificationType: "phone", abtaNumber: "P7104" },
      { identificationType: "abta", telephoneNumber: "+13055550101" },
      { identificationType: "iata", telephoneNumber: "+13055550101" },
      { identificationType: "phone", telephoneNumber: "call me" },
      { identificationType: "phone", telephoneNumber: "13055550101" },
      { identificationType: "abta", abtaNumber: "P7-104" },
    ]) {
      const reply = await h.call("POST", "/agents/agency-lookup", body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(errorCodeOf(reply)).toBe("INVALID_REQUEST");
    }
  });
});

describe("POST /agents/agent-email-verification", () => {
  it("sends a register_agent_verification code to the address and answers its token", async () => {
    const reply = await h.call("POST", "/agents/agent-email-verification", {
      email: " Nadia.Okafor@Agency.Example ",
      languageCode: "fr_fr",
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ data: { success: true, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) } });
    const [message] = await outbox(h, NEW_EMAIL);
    expect(message).toMatchObject({
      recipient: NEW_EMAIL,
      channel: "email_otp",
      purpose: "register_agent_verification",
      link: null,
    });
    await validate(h, reply.body.data.token, message!.code!);
  });

  it("checks the agency's phone or ABTA number when given; null and blank mean not given", async () => {
    const known = [
      { agencyPhoneNumber: "+13055550101" },
      { agencyAbtaNumber: "p7104" },
      { agencyPhoneNumber: null, agencyAbtaNumber: "" },
    ];
    for (const agency of known) {
      const reply = await h.call("POST", "/agents/agent-email-verification", { email: NEW_EMAIL, ...agency });
      expect(reply.status, JSON.stringify(agency)).toBe(200);
    }
    for (const agency of [
      { agencyPhoneNumber: "+13055550100" },
      { agencyAbtaNumber: "Z9999" },
      { agencyPhoneNumber: "+13055550101", agencyAbtaNumber: "Z9999" },
    ]) {
      const reply = await h.call("POST", "/agents/agent-email-verification", {
        email: "other@agency.example",
        ...agency,
      });
      expect(reply.status, JSON.stringify(agency)).toBe(404);
      expect(errorCodeOf(reply)).toBe("AGENCY_NOT_FOUND");
    }
    expect(await outbox(h, "other@agency.example")).toEqual([]);
  });

  it("answers an address an account has as a new one (decision 050); its owner is told by e-mail, and no code is sent", async () => {
    const taken = await h.call("POST", "/agents/agent-email-verification", { email: "AGENT.USA@example.com" });
    const fresh = await h.call("POST", "/agents/agent-email-verification", { email: NEW_EMAIL });
    const shape = (reply: typeof taken) => ({ ...reply.body, data: { ...reply.body.data, token: "t" } });
    expect(taken.status).toBe(fresh.status);
    expect(shape(taken)).toEqual(shape(fresh));
    expect(taken.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const messages = await outbox(h, "agent.usa@example.com");
    expect(messages).toEqual([
      expect.objectContaining({
        recipient: "agent.usa@example.com",
        purpose: "registration_attempt",
        subject: "Someone tried to register with your e-mail address",
        code: null,
        link: null,
      }),
    ]);
    // The handle opens nothing: no code was ever sent for it, and a guess fails as a wrong code does.
    const guess = await h.call("POST", "/otp/validate", { token: taken.body.data.token, otp: "123456" });
    const wrong = await h.call("POST", "/otp/validate", { token: fresh.body.data.token, otp: "000000" });
    expect({ status: guess.status, code: errorCodeOf(guess) }).toEqual({
      status: wrong.status,
      code: errorCodeOf(wrong),
    });
    // An unknown agency is refused alike for both.
    for (const email of ["agent.usa@example.com", "someone.new@agency.example"]) {
      const reply = await h.call("POST", "/agents/agent-email-verification", {
        email,
        agencyPhoneNumber: "+10000000000",
      });
      expect(reply.status).toBe(404);
    }
    // A new code asked for (registration's resend) is answered alike too, and tells the owner again.
    const resend = await h.call("POST", "/agents/send-notification", {
      recipient: "agent.usa@example.com",
      channel: "email_otp",
      purpose: "email_verification_otp",
    });
    expect(resend.status).toBe(200);
    expect((await outbox(h, "agent.usa@example.com")).map((m) => [m.purpose, m.code])).toEqual([
      ["registration_attempt", null],
      ["registration_attempt", null],
    ]);
    // The same limit: the sixth try for a taken address in ten minutes answers 429 as a new one's does.
    for (let i = 0; i < 4; i++)
      expect(
        (await h.call("POST", "/agents/agent-email-verification", { email: "agent.usa@example.com" })).status,
      ).toBe(200);
    const sixth = await h.call("POST", "/agents/agent-email-verification", { email: "agent.usa@example.com" });
    expect(sixth.status).toBe(429);
  });

  it("passes the rate limit through as 429 OTP_RATE_LIMITED, and refuses a malformed address", async () => {
    for (let i = 0; i < 5; i++)
      expect((await h.call("POST", "/agents/agent-email-verification", { email: NEW_EMAIL })).status).toBe(200);
    const sixth = await h.call("POST", "/agents/agent-email-verification", { email: NEW_EMAIL });
    expect(sixth.status).toBe(429);
    expect(errorCodeOf(sixth)).toBe("OTP_RATE_LIMITED");
    const bad = await h.call("POST", "/agents/agent-email-verification", { email: "not-an-address" });
    expect(bad.status).toBe(400);
    expect(errorCodeOf(bad)).toBe("INVALID_REQUEST");
  });
});

describe("POST /agents/send-notification", () => {
  it("sends an email_verification_otp code and answers its token", async () => {
    const reply = await h.call("POST", "/agents/send-notification", {
      recipient: NEW_EMAIL,
      channel: "email_otp",
      purpose: "email_verification_otp",
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({ success: true, token: expect.any(String) });
    const [message] = await outbox(h, NEW_EMAIL);
    expect(message).toMatchObject({ channel: "email_otp", purpose: "email_verification_otp" });
  });

  it("sends only that channel and purpose", async () => {
    for (const body of [
      { recipient: NEW_EMAIL, channel: "sms", purpose: "email_verification_otp" },
      { recipient: NEW_EMAIL, channel: "email_otp", purpose: "forgot_password" },
      { recipient: "+13055550199", channel: "email_otp", purpose: "email_verification_otp" },
    ]) {
      const reply = await h.call("POST", "/agents/send-notification", body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(errorCodeOf(reply)).toBe("INVALID_REQUEST");
    }
    expect(await outbox(h)).toEqual([]);
  });
});

describe("POST /agents/register", () => {
  it("creates an agent of the agency who can sign in at once, with the agency's country, office, currencies and place", async () => {
    const reply = await register(
      await agentBody({ emailAddress: " Nadia.Okafor@Agency.Example ", mobilePhone: "+1 305 555 0199" }),
    );
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ data: { agentId: "1000011", username: NEW_EMAIL } });

    const token = await signIn("NADIA.OKAFOR@agency.example", NEW_PASSWORD);
    const profile = (await h.call("GET", "/userProfile", undefined, h.bearer(token))).body.data;
    expect(profile).toMatchObject({
      loginUserName: NEW_EMAIL,
      agentId: "1000011",
      agencyId: "AG100101",
      agencyName: "Bayfront Cruise Vacations",
      roleCode: "AGENT",
      countryCode: "USA",
      reportingOfficeCode: "MIA",
      agentFirstName: "Nadia",
      agentLastName: "Okafor",
      agentEmailAddress: NEW_EMAIL,
      currencies: [{ currencyCode: "USD", primaryCurrency: true }],
      agentPhotos: [],
      eQuoteAcceptanceTC: false,
      latteAvailable: false,
      latteKey: null,
      dismissedNotifications: [],
      legacySiteVisited: true,
      // Its first sign-in shows the portal's /welcome.
      welcomed: false,
    });
    expect(profile.allowedApplicationTools.map((t: { toolCode: string }) => t.toolCode)).toEqual(EVERY_TOOL);
    // Copied from the agency's first agent, agent.usa.
    expect(profile.locationData).toEqual([
      { key: "lat", value: "25.7617" },
      { key: "long", value: "-80.1918" },
      { key: "city", value: "Miami" },
      { key: "region", value: "Florida" },
      { key: "country", value: "United States of America" },
    ]);

    const legal = await h.call("GET", "/agents/legal-acceptance", undefined, h.bearer(token));
    expect(legal.body.data.acceptedTerms).toEqual([
      { policyType: "terms-of-use", policyVersion: LEGAL_PAGES["terms-of-use"].version, policyLanguage: "en_us" },
      {
        policyType: "travel-agent-guidelines",
        policyVersion: LEGAL_PAGES["travel-agent-guidelines"].version,
        policyLanguage: "en_us",
      },
    ]);
  });

  it("stores the mobile normalised, the other fields as JSON, and never the password or the codes", async () => {
    const body = await agentBody();
    expect((await register(body)).status).toBe(201);
    const row = agentRow("1000011")!;
    expect(row).toMatchObject({
      mobile_phone: NEW_MOBILE,
      mfa_required: 0,
      legacy_site_visited: 1,
      photo_path: null,
      created_at: TEST_START,
      welcomed_at: null,
    });
    const registration = JSON.parse(row.registration as string);
    expect(registration).toMatchObject({
      telephoneCountryCode: "US",
      countryCode: "US",
      zipCode: "33131",
      cliaAgentId: "00012345",
      colonialID: null,
      jobTitle: "Cruise specialist",
      regions: ["Caribbean", "Alaska"],
      promotionBrand: "R",
      espressoLanguage: "en_us",
      primaryMFA: "EMAIL",
      secondaryMFA: "SMS",
      identificationType: "phone",
    });
    const stored = JSON.stringify(row);
    for (const secret of [
      NEW_PASSWORD,
      body.encryptedPassword,
      body.mailValidationToken,
      body.telephoneValidationToken,
    ]) {
      expect(stored).not.toContain(secret);
    }
    expect(row.password_hash).toMatch(/^scrypt\$/);
    const uses = h.db.prepare("SELECT used_for FROM verification_uses").all();
    expect(uses).toEqual([{ used_for: "agent:1000011" }, { used_for: "agent:1000011" }]);
  });

  it("copies the currencies of the agency's first agent and numbers agents above the largest id", async () => {
    expect((await register(await agentBody({ agencyId: "AG100102" }))).body.data.agentId).toBe("1000011");
    const second = await register(
      await agentBody({
        emailAddress: "second@agency.example",
        mailValidationToken: await mailCode("second@agency.example"),
        agencyId: "AG100106",
      }),
    );
    expect(second.body.data).toEqual({ agentId: "1000012", username: "second@agency.example" });
    const currencies = (agentId: string) =>
      h.db
        .prepare("SELECT currency_code, is_primary FROM agent_currencies WHERE agent_id = ? ORDER BY sort_order")
        .all(agentId);
    expect(currencies("1000011")).toEqual([
      { currency_code: "CAD", is_primary: 1 },
      { currency_code: "USD", is_primary: 0 },
    ]);
    expect(currencies("1000012")).toEqual([
      { currency_code: "SGD", is_primary: 1 },
      { currency_code: "USD", is_primary: 0 },
    ]);
    expect(agentRow("1000011")).toMatchObject({
      country_code: "CAN",
      reporting_office_code: "TOR",
      role_code: "AGENT",
    });
  });

  it("checks in order: body, sanctioned country, agency, e-mail, password, e-mail code, phone code", async () => {
    const valid = await agentBody();
    const steps: Array<[Record<string, unknown>, number, string]> = [
      [
        {
          countryCode: "CU",
          agencyId: "AG999999",
          emailAddress: "agent.usa@example.com",
          encryptedPassword: await h.encryptPassword("weak"),
          mailValidationToken: "x",
          telephoneValidationToken: "y",
        },
        400,
        "SANCTIONED_COUNTRY",
      ],
      [
        {
          agencyId: "AG999999",
          emailAddress: "agent.usa@example.com",
          encryptedPassword: await h.encryptPassword("weak"),
          mailValidationToken: "x",
          telephoneValidationToken: "y",
        },
        404,
        "AGENCY_NOT_FOUND",
      ],
      [
        {
          emailAddress: "agent.usa@example.com",
          encryptedPassword: await h.encryptPassword("weak"),
          mailValidationToken: "x",
          telephoneValidationToken: "y",
        },
        409,
        "EMAIL_ALREADY_EXISTS",
      ],
      [
        { encryptedPassword: await h.encryptPassword("weak"), mailValidationToken: "x", telephoneValidationToken: "y" },
        400,
        "WEAK_PASSWORD",
      ],
      [{ mailValidationToken: "x", telephoneValidationToken: "y" }, 400, "EMAIL_NOT_VERIFIED"],
      [{ telephoneValidationToken: "y" }, 400, "PHONE_NOT_VERIFIED"],
    ];
    for (const [changes, status, code] of steps) {
      const reply = await register({ ...valid, ...changes });
      expect(reply.status, code).toBe(status);
      expect(errorCodeOf(reply)).toBe(code);
    }
    const bad = await register({ ...valid, ...steps[0]![0], regions: [] });
    expect(errorCodeOf(bad)).toBe("INVALID_REQUEST");
    expect((await register(valid)).status).toBe(201);
  });

  it("refuses every sanctioned country, as the agent's country or the phone's", async () => {
    const valid = await agentBody();
    for (const country of ["CU", "RU", "BY", "IR", "KP", "SY", "VE", "SD", "SS"]) {
      for (const field of ["countryCode", "telephoneCountryCode"]) {
        const reply = await register({ ...valid, [field]: country.toLowerCase() });
        expect(reply.status, `${field} ${country}`).toBe(400);
        expect(errorCodeOf(reply)).toBe("SANCTIONED_COUNTRY");
      }
    }
    expect((await register({ ...valid, countryCode: "gb" })).status).toBe(201);
  });

  it("answers 400 INVALID_REQUEST for a malformed body, and for a password that does not decrypt", async () => {
    const valid = await agentBody();
    const notEncrypted = Buffer.from("not encrypted").toString("base64");
    const changes: Array<Record<string, unknown>> = [
      { encryptedPassword: notEncrypted },
      { encryptedPassword: undefined },
      { acceptTermsConditions: false },
      { acceptTravelAgentGuideliness: "true" },
      { regions: [] },
      { regions: Array.from({ length: 13 }, (_, i) => `Region ${i}`) },
      { espressoLanguage: "pt_br" },
      { emailAddress: "nadia" },
      { countryCode: "XX" },
      { countryCode: "USA" },
      { firstName: "N".repeat(51) },
      { zipCode: "1".repeat(13) },
      { jobTitle: " " },
      { yearsIndustry: 3 },
      { promotionBrand: "X" },
      { primaryMFA: "PIGEON" },
      { secondaryMFA: "VOICE" },
      { identificationType: "iata" },
      { homeBasedAgent: "no" },
      { mobilePhone: "3055550199" },
      { cliaAgentId: "1".repeat(21) },
    ];
    for (const change of changes) {
      const reply = await register({ ...valid, ...change });
      expect(reply.status, JSON.stringify(change)).toBe(400);
      expect(errorCodeOf(reply), JSON.stringify(change)).toBe("INVALID_REQUEST");
    }
    // Encrypted, but not {"password": "…"}.
    const { body } = await h.call("GET", "/auth/public-key");
    const wrongShape = publicEncrypt(
      { key: body.data.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
      Buffer.from('{"secret":"Harbour!Lights42"}'),
    ).toString("base64");
    expect(errorCodeOf(await register({ ...valid, encryptedPassword: wrongShape }))).toBe("INVALID_REQUEST");
    expect(h.db.prepare("SELECT count(*) AS n FROM agents").get()).toEqual({ n: AGENTS.length });
  });

  it("answers 400 WEAK_PASSWORD naming the rules the password breaks", async () => {
    const valid = await agentBody();
    const cases: Array<[string, string]> = [
      ["Ab1!", "8 to 128 characters"],
      ["harbour!lights42", "an upper-case letter"],
      ["HARBOUR!LIGHTS42", "a lower-case letter"],
      ["Harbour!Lights", "a number"],
      ["HarbourLights42", "a character that is neither a letter nor a number"],
      ["Nadia!Lights42", "no part of your name or e-mail address"],
      ["oKaFoR!Lights42", "no part of your name or e-mail address"],
      [`Aa1!${"x".repeat(125)}`, "8 to 128 characters"],
    ];
    for (const [password, rule] of cases) {
      const reply = await register({ ...valid, encryptedPassword: await h.encryptPassword(password) });
      expect(reply.status, password).toBe(400);
      expect(errorCodeOf(reply), password).toBe("WEAK_PASSWORD");
      expect(reply.body.message.message, password).toContain(rule);
    }
    const several = await register({ ...valid, encryptedPassword: await h.encryptPassword("short") });
    expect(several.body.message.message).toContain("8 to 128 characters; an upper-case letter; a number");
  });

  it("accepts an e-mail code from send-notification as well, and a phone code for the number in another formatting", async () => {
    const notification = await h.call("POST", "/agents/send-notification", {
      recipient: NEW_EMAIL,
      channel: "email_otp",
      purpose: "email_verification_otp",
    });
    const [message] = await outbox(h, NEW_EMAIL);
    await validate(h, notification.body.data.token, message!.code!);
    const reply = await register(
      await agentBody({ mailValidationToken: notification.body.data.token, mobilePhone: "+1 (305) 555-0199" }),
    );
    expect(reply.status).toBe(201);
  });

  it("answers EMAIL_NOT_VERIFIED for a code not validated, for another address or purpose, or validated an hour ago", async () => {
    const valid = await agentBody();
    const unvalidated = await issueCode(h, NEW_EMAIL, "email_otp", "register_agent_verification");
    const candidates = [
      unvalidated.token,
      await mailCode("someone.else@agency.example"),
      await verifiedCode(h, NEW_EMAIL, "email_magic_link", "register_agency_verification"),
      await verifiedCode(h, NEW_EMAIL, "email_otp", "forgot_username"),
      valid.telephoneValidationToken,
      "no-such-token",
    ];
    for (const token of candidates) {
      const reply = await register({ ...valid, mailValidationToken: token });
      expect(reply.status).toBe(400);
      expect(errorCodeOf(reply)).toBe("EMAIL_NOT_VERIFIED");
    }
    h.clock.advance(60 * 60_000);
    expect(errorCodeOf(await register(valid))).toBe("EMAIL_NOT_VERIFIED");
  });

  it("accepts codes validated 59 minutes ago", async () => {
    const valid = await agentBody();
    h.clock.advance(59 * 60_000);
    expect((await register(valid)).status).toBe(201);
  });

  it("answers PHONE_NOT_VERIFIED for a code for another number or channel, or not validated", async () => {
    const valid = await agentBody();
    const candidates = [
      await phoneCode("+13055550198"),
      (await issueCode(h, NEW_MOBILE, "sms", "phone_verification")).token,
      await verifiedCode(h, NEW_MOBILE, "sms", "forgot_username"),
      valid.mailValidationToken,
    ];
    for (const token of candidates) {
      const reply = await register({ ...valid, telephoneValidationToken: token });
      expect(reply.status).toBe(400);
      expect(errorCodeOf(reply)).toBe("PHONE_NOT_VERIFIED");
    }
  });

  it("uses a code for one account only, and gives a code back when the registration fails after it", async () => {
    const valid = await agentBody();
    // The e-mail code passes, the phone code does not: nothing is written, the e-mail code stays usable.
    const failed = await register({ ...valid, telephoneValidationToken: await phoneCode("+13055550198") });
    expect(errorCodeOf(failed)).toBe("PHONE_NOT_VERIFIED");
    expect(h.db.prepare("SELECT count(*) AS n FROM verification_uses").get()).toEqual({ n: 0 });
    expect((await register(valid)).status).toBe(201);

    // The phone code of the first account cannot verify a second one.
    const again = await register({
      ...valid,
      emailAddress: "second@agency.example",
      mailValidationToken: await mailCode("second@agency.example"),
    });
    expect(errorCodeOf(again)).toBe("PHONE_NOT_VERIFIED");
    expect(agentRow("1000012")).toBeUndefined();
  });
});

describe("PUT /agents/{id}", () => {
  it("updates the agent's own names, mobile and preferences and answers the details", async () => {
    const token = await signIn("agent.usa", "Portal!2026");
    const reply = await h.call(
      "PUT",
      "/agents/1000001",
      {
        firstName: " Liv ",
        lastName: "Bennett-Shaw",
        mobilePhone: "+1 305 555 0177",
        telephoneValidationToken: await phoneCode("+13055550177"),
        jobTitle: "Team lead",
        emailPreference: false,
        espressoLanguage: "fr_fr",
        version: 1,
      },
      h.bearer(token),
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      agentId: "1000001",
      firstName: "Liv",
      lastName: "Bennett-Shaw",
      mobilePhone: "+13055550177",
      version: 2,
    });
    const row = agentRow("1000001")!;
    expect(row.mobile_phone).toBe("+13055550177");
    expect(JSON.parse(row.registration as string)).toEqual({
      jobTitle: "Team lead",
      emailPreference: false,
      espressoLanguage: "fr_fr",
    });

    // A later change keeps what was stored before.
    await h.call("PUT", "/agents/1000001", { mobilePreference: true, version: 2 }, h.bearer(token));
    expect(JSON.parse(agentRow("1000001")!.registration as string)).toEqual({
      jobTitle: "Team lead",
      emailPreference: false,
      espressoLanguage: "fr_fr",
      mobilePreference: true,
    });
    expect((await h.login("agent.usa")).body.data.user).toMatchObject({ firstName: "Liv", lastName: "Bennett-Shaw" });
  });

  it("merges into a registered agent's draft fields", async () => {
    expect((await register(await agentBody())).status).toBe(201);
    const token = await signIn(NEW_EMAIL, NEW_PASSWORD);
    expect((await h.call("PUT", "/agents/1000011", { jobTitle: "Owner", version: 1 }, h.bearer(token))).status).toBe(
      200,
    );
    expect(JSON.parse(agentRow("1000011")!.registration as string)).toMatchObject({
      jobTitle: "Owner",
      zipCode: "33131",
      regions: ["Caribbean", "Alaska"],
    });
  });

  it("answers 401 without a token and 403 FORBIDDEN for another agent", async () => {
    const none = await h.call("PUT", "/agents/1000001", { firstName: "Eve" });
    expect(none.status).toBe(401);
    expect(errorCodeOf(none)).toBe("INVALID_TOKEN");
    const token = await signIn("agent.basic", "Portal!2026");
    const other = await h.call("PUT", "/agents/1000001", { firstName: "Eve" }, h.bearer(token));
    expect(other.status).toBe(403);
    expect(errorCodeOf(other)).toBe("FORBIDDEN");
    expect(agentRow("1000001")!.first_name).toBe("Olivia");
  });

  it("answers 400 INVALID_REQUEST for an unknown key, an empty body or a bad value, and changes nothing", async () => {
    const token = await signIn("agent.usa", "Portal!2026");
    for (const body of [
      {},
      { firstName: "Liv", roleCode: "ADMIN" },
      { emailAddress: "x@example.com" },
      { mobilePhone: "call me" },
      { firstName: "" },
      { espressoLanguage: "xx" },
      { emailPreference: "yes" },
    ]) {
      const reply = await h.call("PUT", "/agents/1000001", body, h.bearer(token));
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(errorCodeOf(reply)).toBe("INVALID_REQUEST");
    }
    expect(agentRow("1000001")).toMatchObject({
      first_name: "Olivia",
      role_code: "AGENT",
      mobile_phone: "+13055550142",
      registration: null,
    });
  });
});

const OWNER_EMAIL = "owner@harbourtravel.example";
const AGENCY_PASSWORD = "Compass&Rose2026";

async function agencyBody(overrides: Record<string, unknown> = {}, contact: Record<string, unknown> = {}) {
  const email = (contact.emailAddress as string | undefined) ?? OWNER_EMAIL;
  return {
    agencyName: "Harbour Travel Ltd",
    countryCode: "GB",
    addressLine: "1 Quay Street",
    city: "Portsmouth",
    zipCode: "PO1 2AB",
    telephoneNumber: "+442392550110",
    abtaNumber: "k1234",
    iataNumber: "12345678",
    cliaNumber: "00998877",
    webAddress: "https://harbourtravel.example",
    agencyBusinessModel: "storefront",
    consortialOrHost: true,
    consortialOrHostName: "Travel Counsellors",
    contact: {
      firstName: "Imogen",
      lastName: "Pryce",
      emailAddress: email,
      mobilePhone: "+447700900110",
      jobTitle: "Director",
      agencyRole: "owner",
      ...contact,
    },
    encryptedPassword: await h.encryptPassword(AGENCY_PASSWORD),
    mailValidationToken:
      "mailValidationToken" in overrides
        ? undefined
        : await verifiedCode(h, email, "email_magic_link", "register_agency_verification"),
    salesAgreementAccepted: true,
    salesAgreementVersion: "2026-01-01",
    languageCode: "en_us",
    ...overrides,
  };
}

const registerAgency = (body: unknown) => h.call("POST", "/agencies/register", body);

describe("POST /agencies/register", () => {
  it("creates the agency and its administrator; the agency is then found by look-up and the admin signs in", async () => {
    const reply = await registerAgency(await agencyBody({}, { emailAddress: " Owner@HarbourTravel.example " }));
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ data: { agencyId: "AG100110", agentId: "1000011", username: OWNER_EMAIL } });

    const expected = { agencyId: "AG100110", agencyName: "Harbour Travel Ltd", city: "Portsmouth", countryCode: "GBR" };
    expect(
      (await h.call("POST", "/agents/agency-lookup", { identificationType: "phone", telephoneNumber: "+442392550110" }))
        .body.data,
    ).toEqual(expected);
    expect(
      (await h.call("POST", "/agents/agency-lookup", { identificationType: "abta", abtaNumber: "K1234" })).body.data,
    ).toEqual(expected);

    const token = await signIn(OWNER_EMAIL, AGENCY_PASSWORD);
    const profile = (await h.call("GET", "/userProfile", undefined, h.bearer(token))).body.data;
    expect(profile).toMatchObject({
      agencyId: "AG100110",
      agencyName: "Harbour Travel Ltd",
      roleCode: "ADMIN",
      countryCode: "GBR",
      reportingOfficeCode: "LON",
      agentFirstName: "Imogen",
      agentLastName: "Pryce",
      currencies: [{ currencyCode: "GBP", primaryCurrency: true }],
      locationData: [
        { key: "lat", value: "0" },
        { key: "long", value: "0" },
        { key: "city", value: "Portsmouth" },
        { key: "region", value: "" },
        { key: "country", value: "United Kingdom" },
      ],
    });
    expect(profile.allowedApplicationTools).toHaveLength(EVERY_TOOL.length);
    const legal = await h.call("GET", "/agents/legal-acceptance", undefined, h.bearer(token));
    expect(legal.body.data.acceptedTerms.map((t: { policyType: string }) => t.policyType)).toEqual([
      "terms-of-use",
      "travel-agent-guidelines",
    ]);

    const agency = h.db.prepare("SELECT * FROM agencies WHERE agency_id = 'AG100110'").get() as Record<string, unknown>;
    expect(agency).toMatchObject({ phone: "+442392550110", abta_number: "K1234", created_at: TEST_START });
    expect(JSON.parse(agency.details as string)).toEqual({
      countryCode: "GB",
      addressLine: "1 Quay Street",
      zipCode: "PO1 2AB",
      iataNumber: "12345678",
      cliaNumber: "00998877",
      webAddress: "https://harbourtravel.example",
      agencyBusinessModel: "storefront",
      consortialOrHost: true,
      consortialOrHostName: "Travel Counsellors",
      salesAgreement: { version: "2026-01-01", acceptedAt: "2026-03-02T10:00:00.000Z" },
      languageCode: "en_us",
    });
    expect(agentRow("1000011")).toMatchObject({ mobile_phone: "+447700900110", role_code: "ADMIN" });
    expect(JSON.stringify(agentRow("1000011"))).not.toContain(AGENCY_PASSWORD);

    // Agents can now join it.
    const joined = await register(await agentBody({ agencyId: "AG100110" }));
    expect(joined.body.data.agentId).toBe("1000012");
    expect(agentRow("1000012")).toMatchObject({ country_code: "GBR", reporting_office_code: "LON" });
  });

  it("derives the alpha-3 country, the reporting office and the currency from the country", async () => {
    const cases: Array<[string, string, string, string]> = [
      ["DE", "DEU", "INT", "EUR"],
      ["JP", "JPN", "INT", "USD"],
      ["PR", "PRI", "MIA", "USD"],
      ["CA", "CAN", "TOR", "CAD"],
      ["BR", "BRA", "SAO", "BRL"],
      ["SG", "SGP", "SIN", "SGD"],
    ];
    let n = 0;
    for (const [alpha2, alpha3, office, currency] of cases) {
      n++;
      const email = `owner${n}@agency.example`;
      const reply = await registerAgency(
        await agencyBody(
          { countryCode: alpha2.toLowerCase(), telephoneNumber: `+1555000000${n}`, abtaNumber: null },
          { emailAddress: email },
        ),
      );
      expect(reply.status, alpha2).toBe(201);
      const { agencyId, agentId } = reply.body.data;
      expect(agencyId).toBe(`AG1001${10 + n - 1}`);
      expect(
        h.db.prepare("SELECT country_code, reporting_office_code FROM agencies WHERE agency_id = ?").get(agencyId),
      ).toEqual({
        country_code: alpha3,
        reporting_office_code: office,
      });
      expect(h.db.prepare("SELECT currency_code FROM agent_currencies WHERE agent_id = ?").all(agentId)).toEqual([
        { currency_code: currency },
      ]);
    }
  });

  it("checks in order: body, sanctioned country, e-mail, existing agency, password, e-mail code", async () => {
    const valid = await agencyBody();
    const weak = await h.encryptPassword("Imogen#2026x");
    const steps: Array<[Record<string, unknown>, number, string]> = [
      [
        {
          countryCode: "IR",
          contact: { ...valid.contact, emailAddress: "agent.usa@example.com" },
          telephoneNumber: "+13055550101",
          encryptedPassword: weak,
          mailValidationToken: "x",
        },
        400,
        "SANCTIONED_COUNTRY",
      ],
      [
        {
          contact: { ...valid.contact, emailAddress: "agent.usa@example.com" },
          telephoneNumber: "+13055550101",
          encryptedPassword: weak,
          mailValidationToken: "x",
        },
        409,
        "EMAIL_ALREADY_EXISTS",
      ],
      [
        { telephoneNumber: "+13055550101", encryptedPassword: weak, mailValidationToken: "x" },
        409,
        "AGENCY_ALREADY_EXISTS",
      ],
      [{ abtaNumber: "p7104", encryptedPassword: weak, mailValidationToken: "x" }, 409, "AGENCY_ALREADY_EXISTS"],
      [{ encryptedPassword: weak, mailValidationToken: "x" }, 400, "WEAK_PASSWORD"],
      [{ mailValidationToken: "x" }, 400, "EMAIL_NOT_VERIFIED"],
      [
        { mailValidationToken: await verifiedCode(h, OWNER_EMAIL, "email_otp", "register_agent_verification") },
        400,
        "EMAIL_NOT_VERIFIED",
      ],
      [
        {
          mailValidationToken: await verifiedCode(
            h,
            "other@agency.example",
            "email_magic_link",
            "register_agency_verification",
          ),
        },
        400,
        "EMAIL_NOT_VERIFIED",
      ],
    ];
    for (const [changes, status, code] of steps) {
      const reply = await registerAgency({ ...valid, ...changes });
      expect(reply.status, code).toBe(status);
      expect(errorCodeOf(reply)).toBe(code);
    }
    expect(h.db.prepare("SELECT count(*) AS n FROM agencies").get()).toEqual({ n: AGENCIES.length });
    expect((await registerAgency(valid)).status).toBe(201);
    expect(h.db.prepare("SELECT used_for FROM verification_uses").all()).toEqual([{ used_for: "agency:AG100110" }]);
  });

  it("answers 400 INVALID_REQUEST for a malformed body", async () => {
    const valid = await agencyBody();
    const changes: Array<Record<string, unknown>> = [
      { consortialOrHostName: null },
      { abtaNumber: "12345" },
      { abtaNumber: "K12345" },
      { iataNumber: "1234567" },
      { cliaNumber: "1234567890123" },
      { webAddress: "not a web address" },
      { agencyBusinessModel: "kiosk" },
      { salesAgreementAccepted: false },
      { salesAgreementVersion: "" },
      { telephoneNumber: "02392550110" },
      { countryCode: "GBR" },
      { contact: { ...valid.contact, agencyRole: "manager" } },
      { contact: { ...valid.contact, emailAddress: "owner" } },
      { contact: undefined },
      { encryptedPassword: "garbage" },
    ];
    for (const change of changes) {
      const reply = await registerAgency({ ...valid, ...change });
      expect(reply.status, JSON.stringify(change)).toBe(400);
      expect(errorCodeOf(reply), JSON.stringify(change)).toBe("INVALID_REQUEST");
    }
    // The consortium name is needed only for a consortium member.
    expect(
      (
        await registerAgency({
          ...valid,
          consortialOrHost: false,
          consortialOrHostName: null,
          abtaNumber: "",
          webAddress: null,
        })
      ).status,
    ).toBe(201);
  });
});

describe("POST /dev/reset", () => {
  it("deletes registered agents and agencies, their code uses and their sign-ins", async () => {
    expect((await registerAgency(await agencyBody())).status).toBe(201);
    const oldToken = await signIn(OWNER_EMAIL, AGENCY_PASSWORD);

    expect((await h.call("POST", "/dev/reset")).status).toBe(200);
    expect(h.db.prepare("SELECT count(*) AS n FROM agents").get()).toEqual({ n: AGENTS.length });
    expect(h.db.prepare("SELECT count(*) AS n FROM agencies").get()).toEqual({ n: AGENCIES.length });
    expect(h.db.prepare("SELECT count(*) AS n FROM verification_uses").get()).toEqual({ n: 0 });
    expect((await h.login(OWNER_EMAIL, AGENCY_PASSWORD)).status).toBe(401);
    expect(
      (await h.call("POST", "/agents/agency-lookup", { identificationType: "abta", abtaNumber: "K1234" })).status,
    ).toBe(404);

    // The next registration gets the same agent id; the old account's token does not open it.
    expect((await register(await agentBody())).body.data.agentId).toBe("1000011");
    expect((await h.call("GET", "/userProfile", undefined, h.bearer(oldToken))).status).toBe(401);
  });
});

describe("the password policy", () => {
  const owner = { firstName: "Al", lastName: "Wei Ling", email: "seaview@agency.example" };

  it("lists every broken rule, in order", () => {
    expect(passwordProblems("", owner)).toEqual(["length", "uppercase", "lowercase", "number", "special"]);
    expect(passwordProblems("Harbour!Lights42", owner)).toEqual([]);
  });

  it("ignores names and local parts shorter than three characters, and matches the rest case-insensitively", () => {
    expect(passwordProblems("Al!Harbour42", owner)).toEqual([]);
    expect(passwordProblems("SEAVIEW!harbour42", owner)).toEqual(["noPersonalInfo"]);
    expect(passwordProblems("xWEI LINGx!2a", owner)).toEqual(["noPersonalInfo"]);
    expect(passwordProblems("Ab1!", { firstName: "Ab1", lastName: "", email: "" })).toEqual([
      "length",
      "noPersonalInfo",
    ]);
  });

  it("counts characters, not bytes, and takes letters of any script", () => {
    expect(passwordProblems("Ébène-çà9", owner)).toEqual([]);
    expect(passwordProblems("Aa1!😀😀😀😀", owner)).toEqual([]);
    expect(passwordProblems(`Aa1!${"x".repeat(124)}`, owner)).toEqual([]);
    expect(passwordProblems(`Aa1!${"x".repeat(125)}`, owner)).toEqual(["length"]);
  });
});

describe("the registration migration", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "upstream-registration-test-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("backfills the demo phone numbers and ABTA number into a database seeded before it", () => {
    // A database as migration 2 left it: seeded, without the new columns and table.
    const fresh = openDatabase(dataDir);
    undoRegistrationMigration(fresh.db);
    fresh.db.close();

    const reopened = openDatabase(dataDir);
    expect(reopened.seeded).toBe(false);
    expect(reopened.db.prepare("SELECT version FROM schema_migrations ORDER BY version").all()).toEqual(
      migrations.map((m) => ({ version: m.version })),
    );
    expect(reopened.db.prepare("SELECT agency_id, phone, abta_number FROM agencies ORDER BY agency_id").all()).toEqual(
      AGENCIES.map((a) => ({ agency_id: a.id, phone: a.phone, abta_number: a.abtaNumber ?? null })),
    );
    expect(reopened.db.prepare("SELECT agent_id, mobile_phone FROM agents ORDER BY agent_id").all()).toEqual(
      AGENTS.map((a) => ({ agent_id: a.agentId, mobile_phone: a.mobilePhone })).sort((a, b) =>
        a.agent_id.localeCompare(b.agent_id),
      ),
    );
    reopened.db.close();

    const again = new Database(join(dataDir, DATABASE_FILE));
    expect(again.prepare("SELECT count(*) AS n FROM verification_uses").get()).toEqual({ n: 0 });
    again.close();
  });

  it("holds the documented demo numbers", () => {
    expect(AGENCIES.find((a) => a.id === "AG100104")).toMatchObject({ phone: "+442380550104", abtaNumber: "P7104" });
    expect(AGENTS.find((a) => a.username === "agent.usa")?.mobilePhone).toBe("+13055550142");
    expect(AGENTS.find((a) => a.username === "agent.locked")?.mobilePhone).toBe("+13125550151");
  });
});
