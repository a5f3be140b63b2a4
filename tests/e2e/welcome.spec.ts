import { constants, publicEncrypt } from "node:crypto";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { UPSTREAM, expect, expectAccessible, outbox, resetUpstream, signIn, test } from "./support/fixtures";

/**
 * /welcome (the minimal shell): the first sign-in of a new account lands there (photo,
 * communication choices, the travel agent guidelines), Continue goes on to /home or to where the
 * sign-in was going, and later sign-ins skip it. The new account is registered through the upstream's
 * API (the registration pages have their own tests); the reset after each test removes it. That the
 * demo accounts have been welcomed (their sign-in through the form goes straight to /home) is
 * sign-in.spec.ts's first test.
 */
test.afterEach(async () => {
  await resetUpstream();
});

const PASSWORD = "Harbour!Lights42";

async function upstreamPost(path: string, body: unknown) {
  const response = await fetch(`${UPSTREAM}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { data?: Record<string, unknown>; message?: unknown };
  expect(response.ok, `${path}: ${JSON.stringify(json)}`).toBe(true);
  return json.data!;
}

/** A code issued, read from the outbox and validated: its token, as registration takes it. */
async function verifiedCode(recipient: string, channel: "email_otp" | "sms", purpose: string): Promise<string> {
  const { token } = await upstreamPost("/otp/generate", { recipient, channel, purpose });
  const [message] = await outbox(recipient);
  await upstreamPost("/otp/validate", { token, otp: message!.code });
  return token as string;
}

/** Registers a new agent at Bayfront Cruise Vacations (active at once); its username is the address. */
async function registerNewAgent(email: string, mobile: string): Promise<void> {
  const { publicKey } = await (await fetch(`${UPSTREAM}/auth/public-key`)).json().then((r) => r.data);
  const encryptedPassword = publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
    Buffer.from(JSON.stringify({ password: PASSWORD })),
  ).toString("base64");
  await upstreamPost("/agents/register", {
    agencyId: "AG100101",
    firstName: "Wendy",
    lastName: "Welcome",
    emailAddress: email,
    encryptedPassword,
    mobilePhone: mobile,
    telephoneCountryCode: "US",
    countryCode: "US",
    zipCode: "33131",
    cliaAgentId: null,
    colonialID: null,
    jobTitle: "Cruise specialist",
    yearsIndustry: "3-5",
    specialization1: "luxury",
    specialization2: null,
    specialization3: null,
    regions: ["caribbean"],
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
    secondaryMFA: null,
    identificationType: "phone",
    mailValidationToken: await verifiedCode(email, "email_otp", "register_agent_verification"),
    telephoneValidationToken: await verifiedCode(mobile, "sms", "phone_verification"),
  });
}

const headerAvatar = (page: Page) => page.locator("header .drawer--account summary .avatar");

test(
  "a new agent's first sign-in lands on /welcome: photo, choices, guidelines, then home; later sign-ins skip it",
  { tag: "@js-off" },
  async ({ page, javaScriptEnabled }) => {
    const email = `wendy.${javaScriptEnabled ? "on" : "off"}@agency.example`;
    await registerNewAgent(email, "+13055550177");
    await page.goto("/login");
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page).toHaveTitle("Welcome to Professional Portal | Professional Portal");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome to Professional Portal" })).toBeVisible();
    // The minimal shell: no sidebar, no account menu.
    await expect(page.locator("header .drawer--account")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Read the travel agent guidelines" })).toHaveAttribute(
      "href",
      "/travel-agent-guidelines",
    );
    await expectAccessible(page);

    // The photo, as on the profile page; the page stays /welcome.
    const photo = page.getByRole("region", { name: "Your photo" });
    const jpeg = await sharp({ create: { width: 120, height: 120, channels: 3, background: "#2a6f4e" } })
      .jpeg()
      .toBuffer();
    await photo.getByLabel("Choose a photo").setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: jpeg });
    await photo.getByRole("button", { name: "Upload photo" }).click();
    await expect(photo.getByText("Your new photo is saved.")).toBeVisible();
    await expect(page).toHaveURL(/\/welcome(\?photo=saved)?$/);
    await expect(photo.getByRole("img", { name: "Your photo" })).toHaveAttribute(
      "src",
      /^\/agent-photos\/\d+\.jpg\?v=\d+$/,
    );

    // Communication choices, the /profile/communications items.
    const choices = page.getByRole("region", { name: "How we keep in touch" });
    await expect(choices.getByLabel("Send me offers and news by e-mail")).toBeChecked();
    await choices.getByLabel("Send me offers and news by e-mail").uncheck();
    await choices.getByLabel("Language of e-mails").selectOption("fr_fr");
    await choices.getByLabel("Send me offers and news by text message").check();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page).toHaveURL(/\/home$/);
    await expect(headerAvatar(page)).toHaveAttribute("src", /^\/agent-photos\/\d+\.jpg\?v=\d+$/);

    // The choices were saved (the page can be opened again; it shows what is saved).
    await page.goto("/welcome");
    await expect(choices.getByLabel("Send me offers and news by e-mail")).not.toBeChecked();
    await expect(choices.getByLabel("Language of e-mails")).toHaveValue("fr_fr");
    await expect(choices.getByLabel("Send me offers and news by text message")).toBeChecked();

    // A later sign-in goes straight home.
    await page.goto("/home");
    await page.getByRole("button", { name: "Log out" }).first().click();
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/home$/);
  },
);

test(
  "a first sign-in that was going somewhere goes there after /welcome",
  { tag: "@js-off" },
  async ({ page, javaScriptEnabled }) => {
    const email = `wendy.target.${javaScriptEnabled ? "on" : "off"}@agency.example`;
    await registerNewAgent(email, "+13055550178");
    await page.goto("/alerts");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Falerts$/);
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/welcome\?redirectTo=%2Falerts$/);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/alerts$/);
  },
);
