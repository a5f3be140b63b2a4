import { PASSWORD, expect, expectAccessible, outbox, resetUpstream, signIn, test } from "./support/fixtures";

/**
 * Account recovery (the /account/forgot/... screens and /otp-verify, the one-time
 * code channels and purposes), end to end against the reference upstream, JavaScript on and off.
 * The upstream is reset around every test: a reset password must not leak into other tests.
 */

const NEW_PASSWORD = "Harbour!2027";

test.beforeEach(async () => {
  await resetUpstream();
});

test.afterEach(async () => {
  await resetUpstream();
});

/** The newest message of a purpose for a recipient (the outbox lists newest first). */
async function newest(recipient: string, purpose: string) {
  let found: Awaited<ReturnType<typeof outbox>>[number] | undefined;
  await expect(async () => {
    found = (await outbox(recipient)).find((message) => message.purpose === purpose);
    expect(found).toBeDefined();
  }).toPass({ timeout: 5_000 });
  return found!;
}

/** The link of an e-mail, made relative: the upstream's PORTAL_URL need not be this test's port. */
function relative(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

test("the login page leads to account recovery and to registration", { tag: "@once" }, async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("main").getByRole("link", { name: "Register as an agent" })).toHaveAttribute(
    "href",
    "/register",
  );
  await expect(page.getByRole("main").getByRole("link", { name: "Register your agency" })).toHaveAttribute(
    "href",
    "/register-agency",
  );
  await expect(page.getByText("New to the Professional Portal?")).toBeVisible();
  await page.getByRole("link", { name: "Forgot your username or password?" }).click();
  await expect(page).toHaveURL(/\/account\/forgot$/);
  await expect(page).toHaveTitle("Forgot your username or password? | Professional Portal");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Trouble signing in?");
  await expect(page.getByRole("link", { name: "I forgot my username" })).toHaveAttribute(
    "href",
    "/account/forgot/username",
  );
  await expect(page.getByRole("link", { name: "I forgot my password" })).toHaveAttribute(
    "href",
    "/account/forgot/password",
  );
  await expectAccessible(page);
  await page.getByRole("link", { name: "Back to sign in" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test(
  "forgot password: the e-mailed link sets a new password that works at the next sign-in, the old one no longer",
  { tag: "@js-off" },
  async ({ page }) => {
    await page.goto("/account/forgot");
    await page.getByRole("link", { name: "I forgot my password" }).click();
    await expect(page).toHaveURL(/\/account\/forgot\/password$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reset your password");
    await expectAccessible(page);

    // Nothing typed: a field error, no request.
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("This field is required.")).toBeVisible();
    await expect(page.getByLabel("Username or e-mail address")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Username or e-mail address").fill("agent.usa");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page).toHaveURL(/\/account\/forgot\/password\?sent=1$/);
    await expect(page.getByRole("status").filter({ hasText: "If an account matches" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Didn't get the e-mail? Try again" })).toHaveAttribute(
      "href",
      "/account/forgot/password",
    );
    await expectAccessible(page);

    const mail = await newest("agent.usa@example.com", "forgot_password");
    expect(mail.channel).toBe("email_magic_link");
    expect(mail.link).toContain("/account/forgot/password/email-verified?token=");

    // Opening the link changes nothing; Continue checks it.
    await page.goto(relative(mail.link!));
    await expect(page).toHaveTitle("E-mail verified | Professional Portal");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your e-mail address is verified");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(page).toHaveURL(/\/account\/forgot\/password\/reset-password$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create a new password");
    await expectAccessible(page);

    // A weak password says which rule failed; nothing typed is kept in a password field.
    await page.getByLabel("Password *", { exact: true }).fill("harbour!2027");
    await page.getByLabel("Confirm password *").fill("harbour!2027");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page.getByText("Your password does not meet all of the rules below.")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "At least one uppercase letter" })).toContainText(
      "not met",
    );
    await expect(page.getByRole("listitem").filter({ hasText: "At least one lowercase letter" })).not.toContainText(
      "not met",
    );
    await expect(page.getByLabel("Password *", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/account\/forgot\/password\/reset-password$/);
    await expectAccessible(page);

    // Passwords that differ.
    await page.getByLabel("Password *", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirm password *").fill(`${NEW_PASSWORD}x`);
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page.getByText("The passwords do not match.")).toBeVisible();

    await page.getByLabel("Password *", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirm password *").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page).toHaveURL(/\/account\/forgot\/password\/reset-success$/);
    await expect(page).toHaveTitle("Your password has been reset | Professional Portal");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your password has been changed");
    await expect(page.getByRole("main")).toContainText("Your username is agent.usa.");
    await expectAccessible(page);

    // The verified link is used up: the reset page sends the agent to ask for a new one.
    await page.goto("/account/forgot/password/reset-password");
    await expect(page).toHaveURL(/\/account\/forgot\/password$/);

    await page.goto("/account/forgot/password/reset-success");
    await page.getByRole("link", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, "agent.usa", PASSWORD);
    await expect(page.getByRole("alert")).toContainText("not correct");
    await signIn(page, "agent.usa", NEW_PASSWORD);
    await expect(page).toHaveURL(/\/home$/);
  },
);

test(
  "a well-formed reset link the upstream does not know is refused, with a way to ask for a new one",
  { tag: "@js-off" },
  async ({ page }) => {
    await page.goto("/account/forgot/password");
    await page.getByLabel("Username or e-mail address").fill("agent.usa@example.com");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page).toHaveURL(/sent=1$/);
    const mail = await newest("agent.usa@example.com", "forgot_password");

    // A well-formed link the upstream does not know.
    const forged = new URL(mail.link!);
    forged.searchParams.set("token", "not-a-real-token");
    await page.goto(relative(forged.href));
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("This link is not valid or has expired. Ask for a new one.");
    await expectAccessible(page);
    await page.getByRole("link", { name: "Ask for a new link" }).click();
    await expect(page).toHaveURL(/\/account\/forgot\/password$/);
  },
);

const GARBLED_LINKS = [
  "/account/forgot/password/email-verified",
  "/account/forgot/password/email-verified?token=abc",
  "/account/forgot/password/email-verified?token=abc&otp=12x",
  "/account/forgot/password/email-verified?token=&otp=123456",
];
for (const address of GARBLED_LINKS) {
  test(
    `a garbled reset link (${address.split("?")[1] ?? "no query"}) shows a clear message, never an error page`,
    { tag: "@once" },
    async ({ page }) => {
      const response = await page.goto(address);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("alert")).toContainText("This link is not valid or has expired. Ask for a new one.");
      await expect(page.getByRole("button", { name: "Continue", exact: true })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute(
        "href",
        "/account/forgot/password",
      );
      // Every garbled link draws the same page (the same document): axe checks it once.
      if (address === GARBLED_LINKS[0]) await expectAccessible(page);
    },
  );
}

test("without a verified link, reset-password sends the agent to ask for one", { tag: "@once" }, async ({ page }) => {
  await page.goto("/account/forgot/password/reset-password");
  await expect(page).toHaveURL(/\/account\/forgot\/password$/);
});

test(
  "forgot username by e-mail: /otp-verify takes the code, says how many tries are left, then shows the username",
  { tag: "@js-off" },
  async ({ page }) => {
    await page.goto("/account/forgot");
    await page.getByRole("link", { name: "I forgot my username" }).click();
    await expect(page).toHaveURL(/\/account\/forgot\/username$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recover your username");
    await expect(page.getByLabel("Send a code to my e-mail address")).toBeChecked();
    await expectAccessible(page);

    // An invalid address is kept and explained.
    await page.getByLabel("E-mail address", { exact: true }).fill("agent.usa");
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(page.getByText("Enter a valid e-mail address")).toBeVisible();
    await expect(page.getByLabel("E-mail address", { exact: true })).toHaveValue("agent.usa");

    await page.getByLabel("E-mail address", { exact: true }).fill("agent.usa@example.com");
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(page).toHaveURL(/\/otp-verify$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enter your verification code");
    await expect(page.getByRole("main")).toContainText("a••••••••@example.com");
    const code = page.getByRole("textbox", { name: "Verification code" });
    await expect(code).toHaveAttribute("autocomplete", "one-time-code");
    await expect(code).toHaveAttribute("inputmode", "numeric");
    await expectAccessible(page);

    // The cool-down: a new code cannot be asked for at once.
    await page.getByRole("button", { name: "Send a new code" }).click();
    await expect(page.getByRole("alert")).toContainText("You can ask for a new code in");

    const mail = await newest("agent.usa@example.com", "forgot_username");
    expect(mail.channel).toBe("email_otp");
    const wrong = mail.code === "000000" ? "111111" : "000000";
    await page.getByRole("textbox", { name: "Verification code" }).fill(wrong);
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("This code is not correct. You have 4 attempts left.");
    await expectAccessible(page);

    await page.getByRole("textbox", { name: "Verification code" }).fill(mail.code!);
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page).toHaveURL(/\/account\/forgot\/username\/recovery$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Here is your username");
    await expect(page.getByRole("main").locator("strong")).toHaveText("agent.usa");
    await expect(page.getByRole("main")).toContainText("Your username is agent.usa.");
    await expectAccessible(page);
    await page.getByRole("link", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);

    // The code was used: /otp-verify has nothing pending any more.
    await page.goto("/otp-verify");
    await expect(page).toHaveURL(/\/login$/);
  },
);

test(
  "forgot username by text message: phone-verification takes the code and shows the username",
  { tag: "@js-off" },
  async ({ page }) => {
    await page.goto("/account/forgot/username");
    await page.getByLabel("Send a code to my mobile phone").check();
    await expect(page.getByLabel("Country code")).toHaveValue("US");
    await page.getByLabel("Mobile phone number").fill("305 555");
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(page.getByText("Enter a valid phone number.")).toBeVisible();
    await expect(page.getByLabel("Mobile phone number")).toHaveValue("305 555");

    await page.getByLabel("Mobile phone number").fill("305 555 0142");
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(page).toHaveURL(/\/account\/forgot\/username\/phone-verification$/);
    await expect(page).toHaveTitle("Verify your phone | Professional Portal");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verify your phone number");
    await expect(page.getByRole("main")).toContainText("We sent a 6-digit code by text message to •••••••0142.");
    await expect(page.getByRole("textbox", { name: "Verification code" })).toHaveAttribute(
      "autocomplete",
      "one-time-code",
    );
    await expectAccessible(page);

    const message = await newest("+13055550142", "forgot_username");
    expect(message.channel).toBe("sms");
    await page.getByRole("textbox", { name: "Verification code" }).fill("12");
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page.getByText("Enter the 6-digit code.")).toBeVisible();

    await page.getByRole("textbox", { name: "Verification code" }).fill(message.code!);
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page).toHaveURL(/\/account\/forgot\/username\/recovery$/);
    await expect(page.getByRole("main").locator("strong")).toHaveText("agent.usa");
    // The username page as the e-mail's code showed it: checked with axe in the test above.
  },
);

test("the code pages and the username page need a pending request", { tag: "@once" }, async ({ page }) => {
  await page.goto("/account/forgot/username/phone-verification");
  await expect(page).toHaveURL(/\/account\/forgot\/username$/);
  await page.goto("/account/forgot/username/recovery");
  await expect(page).toHaveURL(/\/account\/forgot\/username$/);
  await page.goto("/otp-verify");
  await expect(page).toHaveURL(/\/login$/);
});
