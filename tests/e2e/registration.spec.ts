import type { Page } from "@playwright/test";
import { expect, expectAccessible, outbox, resetUpstream, signIn, test } from "./support/fixtures";

// Whole registrations, page by page: longer than the suite's default with JavaScript off.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async () => {
  await resetUpstream();
});
test.afterEach(async () => {
  await resetUpstream();
});

/** The newest code sent to `recipient` (an address or an E.164 number). */
async function latestCode(recipient: string): Promise<string> {
  await expect.poll(async () => (await outbox(recipient)).length).toBeGreaterThan(0);
  const [message] = await outbox(recipient);
  expect(message!.code).toMatch(/^\d{6}$/);
  return message!.code!;
}

const headerBack = (page: Page) => page.getByRole("banner").getByRole("link", { name: "Back" });

async function findBayfront(page: Page) {
  await page.goto("/register");
  await expect(page).toHaveTitle("Agent Registration | Professional Portal");
  await page.getByRole("textbox", { name: "Agency phone number" }).fill("305 555 0101");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/register\?agencyData=true$/);
  await expect(page.getByRole("heading", { name: "We found your agency" })).toBeVisible();
  await expect(page.getByText("Bayfront Cruise Vacations")).toBeVisible();
}

test(
  "a new agent registers from the first page to the last, verifying codes from the outbox, and signs in",
  { tag: "@js-off" },
  async ({ page }) => {
    const email = "new.agent@example.org";
    const mobile = "2125550199";
    await findBayfront(page);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Continue" }).click();

    // Step 1: about you. A weak password says which rule failed and keeps what was typed.
    await expect(page).toHaveURL(/\/register\/stepper\?step=1$/);
    await expect(page.getByRole("listitem").filter({ hasText: "About you" })).toHaveAttribute("aria-current", "step");
    await page.getByLabel("First name *").fill("Nadia");
    await page.getByLabel("Last name *").fill("Okafor");
    await page.getByLabel("E-mail address *").fill(email);
    await page.getByLabel("Password *", { exact: true }).fill("nadia123");
    await page.getByLabel("Confirm password *").fill("nadia123");
    await page.getByLabel("ZIP or postal code *").fill("33101");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Your password does not meet all of the rules below.")).toBeVisible();
    await expect(
      page.locator(".password-rules__rule--failed").filter({ hasText: "At least one uppercase letter" }),
    ).toBeVisible();
    await expect(
      page.locator(".password-rules__rule--failed").filter({ hasText: "Nothing from your name or e-mail address" }),
    ).toBeVisible();
    await expect(page.getByLabel("First name *")).toHaveValue("Nadia");
    await expect(page.getByLabel("E-mail address *")).toHaveValue(email);
    await expectAccessible(page);
    await page.getByLabel("Password *", { exact: true }).fill("Harbour#Light42");
    await page.getByLabel("Confirm password *").fill("Harbour#Light42");
    await page.getByRole("button", { name: "Continue" }).click();

    // Step 2: the e-mailed code (a wrong one first), then the phone by text message.
    await expect(page).toHaveURL(/step=2/);
    await expect(page.getByRole("listitem").filter({ hasText: "About you" })).toHaveClass(/stepper__step--completed/);
    await expect(page.getByRole("listitem").filter({ hasText: "Contact and verification" })).toHaveAttribute(
      "aria-current",
      "step",
    );
    // A step change starts at the top, and the stepper's container is at most 525 wide.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    const container = await page.locator(".panel--stepper").boundingBox();
    expect(container!.width).toBeLessThanOrEqual(525);
    await expect(page.getByRole("region", { name: "Verify e-mail address" })).toContainText(
      `We sent a 6-digit code to ${email}.`,
    );
    const emailCode = await latestCode(email);
    const emailBox = page.getByRole("region", { name: "Verify e-mail address" });
    await emailBox.getByLabel("Verification code").fill(emailCode === "000000" ? "111111" : "000000");
    await emailBox.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("This code is not correct. You have 4 attempts left.")).toBeVisible();
    await page.getByRole("region", { name: "Verify e-mail address" }).getByLabel("Verification code").fill(emailCode);
    await page.getByRole("region", { name: "Verify e-mail address" }).getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText(`E-mail address verified: ${email}`)).toBeVisible();

    // Continuing before the phone is verified is refused with a clear message.
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(
      page.getByText("Verify your mobile phone number with the code we sent before you continue."),
    ).toBeVisible();

    const phoneBox = page.getByRole("region", { name: "Verify phone number" });
    await phoneBox.getByLabel("Mobile phone number *").fill(mobile);
    await phoneBox.getByRole("button", { name: "Send a code by text message" }).click();
    await expect(page).toHaveURL(/notice=phone-sent/);
    const smsCode = await latestCode(`+1${mobile}`);
    await page.getByRole("region", { name: "Verify phone number" }).getByLabel("Verification code").fill(smsCode);
    await page.getByRole("region", { name: "Verify phone number" }).getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("Phone number verified: +12125550199")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("radio", { name: "By e-mail" }).check();
    await page.getByRole("button", { name: "Continue" }).click();

    // Step 3: professional details.
    await expect(page).toHaveURL(/step=3/);
    await page.getByLabel("Job title *").fill("Senior cruise consultant");
    await page.getByLabel("Years in the travel industry *").selectOption("6-10");
    await page.getByLabel("Main specialization *").selectOption("luxury");
    await page.getByRole("checkbox", { name: "Caribbean" }).check();
    await page.getByRole("checkbox", { name: "Europe" }).check();
    await page.getByRole("checkbox", { name: "I work from home" }).check();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Continue" }).click();

    // Step 4: preferences and legal. The guidelines are accepted by default (the registration draft's default).
    await expect(page).toHaveURL(/step=4/);
    await expect(page.getByRole("checkbox", { name: /Travel Agent Guidelines/ })).toBeChecked();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("You must accept the Terms of Use and the Privacy Policy to continue.")).toBeVisible();
    await page.getByRole("checkbox", { name: /Terms of Use/ }).check();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Submit" }).click();

    // Completion: every step completed, the username shown.
    await expect(page).toHaveURL(/\/register\/stepper$/);
    await expect(page.getByRole("heading", { name: "Your registration is complete" })).toBeVisible();
    await expect(page.getByText(`Your username is ${email}.`)).toBeVisible();
    await expect(page.locator(".stepper__step--completed")).toHaveCount(4);
    await expectAccessible(page);

    await page.getByRole("link", { name: "Sign in" }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, email, "Harbour#Light42");
    // The new account's first sign-in shows /welcome, then goes on home.
    await expect(page).toHaveURL(/\/welcome$/);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Nadia");
  },
);

/** Step 1 filled in with `email` and sent: the page it leads to, as a person reads it. */
async function aboutYouWith(page: Page, email: string) {
  await findBayfront(page);
  await page.getByRole("link", { name: "Continue" }).click();
  await page.getByLabel("First name *").fill("Olivia");
  await page.getByLabel("Last name *").fill("Bennett");
  await page.getByLabel("E-mail address *").fill(email);
  await page.getByLabel("Password *", { exact: true }).fill("Harbour#Light42");
  await page.getByLabel("Confirm password *").fill("Harbour#Light42");
  await page.getByLabel("ZIP or postal code *").fill("33101");
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/register/stepper")),
    page.getByRole("button", { name: "Continue" }).click(),
  ]);
  await expect(page).toHaveURL(/step=2/);
  const box = page.getByRole("region", { name: "Verify e-mail address" });
  await expect(box).toContainText(`We sent a 6-digit code to ${email}.`);
  // Without JavaScript the region shows while the rest of the document still streams in.
  await page.waitForLoadState("load");
  const text = (await page.getByRole("main").innerText()).replaceAll(email, "EMAIL");
  return { status: answer.status(), url: page.url(), text };
}

test(
  "registration answers an address that has an account as it answers a new one; the owner is told by e-mail (decision 050)",
  { tag: "@js-off" },
  async ({ page, browser }) => {
    const taken = await aboutYouWith(page, "agent.usa@example.com");
    await expectAccessible(page);
    const other = await browser.newContext();
    try {
      const fresh = await aboutYouWith(await other.newPage(), "olivia.b@example.org");
      expect(taken).toEqual(fresh);
    } finally {
      await other.close();
    }
    // The owner learns that someone tried; no code reaches anyone for the taken address.
    const [notice, ...rest] = await outbox("agent.usa@example.com");
    expect(rest).toEqual([]);
    expect(notice).toMatchObject({
      purpose: "registration_attempt",
      subject: "Someone tried to register with your e-mail address",
      code: null,
    });
    // A guessed code is refused as a wrong code is.
    const emailBox = page.getByRole("region", { name: "Verify e-mail address" });
    await emailBox.getByLabel("Verification code").fill("123456");
    await emailBox.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("This code is not correct. You have 4 attempts left.")).toBeVisible();
  },
);

test(
  "registration keeps what was entered across the back button and refuses what the upstream refuses",
  { tag: "@js-off" },
  async ({ page }) => {
    await findBayfront(page);
    await page.getByRole("link", { name: "Continue" }).click();
    await page.getByLabel("First name *").fill("Olivia");
    await page.getByLabel("Last name *").fill("Bennett");
    await page.getByLabel("ZIP or postal code *").fill("33101");

    // A sanctioned country cannot register.
    await page.getByLabel("E-mail address *").fill("olivia.b@example.org");
    await page.getByLabel("Password *", { exact: true }).fill("Harbour#Light42");
    await page.getByLabel("Confirm password *").fill("Harbour#Light42");
    await page.getByLabel("Country *").selectOption("CU");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText(/cannot open portal accounts in this country or region/)).toBeVisible();

    await page.getByLabel("Country *").selectOption("US");
    await page.getByLabel("Password *", { exact: true }).fill("Harbour#Light42");
    await page.getByLabel("Confirm password *").fill("Harbour#Light42");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/step=2/);

    // The back button follows the back-button table and nothing typed is lost.
    await expect(headerBack(page)).toHaveAttribute("href", "/register/stepper?step=1");
    await headerBack(page).click();
    await expect(page).toHaveURL(/step=1$/);
    await expect(page.getByLabel("First name *")).toHaveValue("Olivia");
    await expect(page.getByLabel("E-mail address *")).toHaveValue("olivia.b@example.org");
    await expect(headerBack(page)).toHaveAttribute("href", "/register?agencyData=true");

    // A step opened out of order lands on the step the agent is at.
    await page.goto("/register/stepper?step=4");
    await expect(page).toHaveURL(/step=2&notice=order$/);
    await expect(page.getByRole("status").filter({ hasText: "Please complete the steps in order." })).toBeVisible();
  },
);

test(
  "an agency that cannot be found gets a clear message and keeps what was typed",
  { tag: "@js-off" },
  async ({ page }) => {
    await page.goto("/register");
    await page.getByRole("radio", { name: "ABTA number" }).check();
    await page.getByRole("textbox", { name: "ABTA number" }).fill("Z9999");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("alert")).toContainText("We could not find an agency with these details.");
    await expect(page.getByRole("textbox", { name: "ABTA number" })).toHaveValue("Z9999");
    await page.getByRole("textbox", { name: "ABTA number" }).fill("P7104");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Solent Sea Holidays Ltd")).toBeVisible();
    await expectAccessible(page);
  },
);

test(
  "a new agency registers with the e-mailed link, accepts the sales agreement, and its administrator signs in",
  { tag: "@js-off" },
  async ({ page }) => {
    const email = "maya.cole@harbourlights.example.com";
    await page.goto("/register-agency");
    await expect(page).toHaveTitle("Agency registration | Professional Portal");
    await expectAccessible(page);
    await page.getByRole("link", { name: "Start registration" }).click();

    await expect(page).toHaveURL(/\/register-agency\/stepper\?step=1$/);
    await page.getByLabel("Agency name *").fill("Harbour Lights Travel");
    await page.getByLabel("Street address *").fill("1 Ocean Drive");
    await page.getByLabel("City *").fill("Tampa");
    await page.getByLabel("ZIP or postal code *").fill("33602");
    await page.getByLabel("Agency phone number *").fill("813 555 0177");
    await page.getByLabel("Website (Optional)").fill("harbour lights");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Enter a valid web address, for example www.youragency.com.")).toBeVisible();
    await expect(page.getByLabel("Agency name *")).toHaveValue("Harbour Lights Travel");
    await page.getByLabel("Website (Optional)").fill("www.harbourlights.example.com");
    await page.getByLabel("ABTA number (Optional)").fill("K4321");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page).toHaveURL(/step=2$/);
    // /register-agency with a step above 1 goes back to the step before (a link, so
    // without JavaScript too); what was entered is kept.
    await expect(headerBack(page)).toHaveAttribute("href", "/register-agency/stepper?step=1");
    await headerBack(page).click();
    await expect(page).toHaveURL(/step=1$/);
    await expect(page.getByLabel("Agency name *")).toHaveValue("Harbour Lights Travel");
    await expect(headerBack(page)).toHaveAttribute("href", "/login");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/step=2$/);
    await page.getByLabel("First name *").fill("Maya");
    await page.getByLabel("Last name *").fill("Cole");
    await page.getByLabel("E-mail address *").fill(email);
    await page.getByLabel("Your role at the agency *").selectOption("owner");
    await page.getByLabel("Password *", { exact: true }).fill("Anchor!99Bay");
    await page.getByLabel("Confirm password *").fill("Anchor!99Bay");
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page).toHaveURL(/step=3$/);
    await page.getByRole("radio", { name: "Storefront agency" }).check();
    await page.getByRole("radio", { name: "Yes" }).check();
    await page.getByLabel("Name of the consortium or host agency").fill("Signature Travel Network");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Send verification link" }).click();

    await expect(page).toHaveURL(/\/register-agency\/email-sent$/);
    await expect(page.getByText(`We sent a link to ${email}.`)).toBeVisible();
    await expect(headerBack(page)).toHaveAttribute("href", "/register-agency");
    await expectAccessible(page);

    await expect.poll(async () => (await outbox(email)).length).toBeGreaterThan(0);
    const [message] = await outbox(email);
    expect(message!.purpose).toBe("register_agency_verification");
    const link = new URL(message!.link!);
    await page.goto(link.pathname + link.search);
    await expect(page).toHaveTitle("Verify your agency | Professional Portal");
    await expect(headerBack(page)).toHaveAttribute("href", "/register-agency?step=1");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Verify e-mail address" }).click();

    await expect(page).toHaveURL(/\/register-agency\/welcome$/);
    await expect(page.getByRole("heading", { name: "Welcome aboard!" })).toBeVisible();
    await expect(headerBack(page)).toHaveAttribute("href", "/register-agency?step=4");
    await page.getByRole("link", { name: "Continue" }).click();

    await expect(page).toHaveURL(/step=4$/);
    await page.getByRole("link", { name: "sales agreement" }).click();
    await expect(page).toHaveURL(/\/register-agency\/sales-agreement$/);
    await expect(page.getByRole("heading", { name: "3. Payments and commission" })).toBeVisible();
    await page.getByRole("link", { name: "Back to the sales agreement" }).click();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("You must accept the sales agreement to register your agency.")).toBeVisible();
    await page.getByRole("checkbox", { name: /I have read the sales agreement/ }).check();
    await page.getByRole("button", { name: "Submit" }).click();

    await expect(page).toHaveURL(/\/register-agency\/stepperSuccess$/);
    await expect(page.getByText(`Your username is ${email}.`)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Sign in" }).first().click();
    await signIn(page, email, "Anchor!99Bay");
    await expect(page).toHaveURL(/\/welcome$/);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/home$/);

    // The new agency is findable by the agent registration's lookup.
    await page.getByRole("button", { name: "Log out" }).first().click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto("/register");
    await page.getByRole("radio", { name: "ABTA number" }).check();
    await page.getByRole("textbox", { name: "ABTA number" }).fill("K4321");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Harbour Lights Travel")).toBeVisible();
  },
);

test(
  "a used or garbled agency link gets a clear message, never an error page",
  { tag: "@js-off" },
  async ({ page }) => {
    await page.goto("/register-agency/verify?token=nonsense&otp=12");
    await expect(page.getByText("This link is not valid or has expired. Ask for a new one.")).toBeVisible();
    await page.goto("/register-agency/verify?token=nonsense&otp=123456");
    await page.getByRole("button", { name: "Verify e-mail address" }).click();
    await expect(page.getByRole("alert")).toContainText("This link is not valid or has expired.");
    await expectAccessible(page);
  },
);

test("the registration pages come in the chosen language", { tag: "@js-off" }, async ({ page }) => {
  await findBayfront(page);
  await page.getByLabel("Language").selectOption("fr_fr");
  await page.getByRole("button", { name: "Change language" }).click();
  await page.goto("/register/stepper?step=1");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Agent Registration");
  await expect(page.locator(".stepper__counter")).toHaveText("Étape 1 sur 4");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-FR");
});
