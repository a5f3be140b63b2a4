import type { Page } from "@playwright/test";
import { expect, expectAccessible, outbox, resetUpstream, signIn, signInByRequest, test } from "./support/fixtures";

/**
 * The profile pages as edit items, security settings and user management,
 * with JavaScript on and off. Every test here changes demo accounts, so the demo data is restored
 * after each.
 */
test.afterEach(async () => {
  await resetUpstream();
});

const item = (page: Page, name: string) => page.getByRole("region", { name });

test(
  "agent.usa edits two profile items; with JavaScript the second warns while the first has unsaved changes",
  { tag: "@js-off" },
  async ({ page, login, javaScriptEnabled }) => {
    await login("agent.usa", "/profile/info");
    await expect(page).toHaveTitle("Profile | Professional Portal");
    await expect(page.getByRole("navigation", { name: "Profile" })).toBeVisible();
    await expectAccessible(page);
    const work = item(page, "Your work");
    const clia = item(page, "CLIA number");

    await work
      .getByRole("link", { name: "Edit your work" })
      .or(work.getByRole("button", { name: "Edit your work" }))
      .click();
    await work.getByLabel("Job title").fill("Cruise specialist");
    await clia
      .getByRole("link", { name: "Edit clia number" })
      .or(clia.getByRole("button", { name: "Edit clia number" }))
      .click();
    if (javaScriptEnabled) {
      // Both open; the second warns and cannot be saved while the first has unsaved changes.
      await expect(clia.getByRole("alert")).toContainText("unsaved changes in another section");
      await expect(clia.getByRole("button", { name: "Save clia number" })).toBeDisabled();
      await expectAccessible(page);
      await work.getByRole("button", { name: "Save your work" }).click();
      await expect(work.getByText("Saved.")).toBeVisible();
      await expect(clia.getByRole("alert")).toHaveCount(0);
      await expect(clia.getByRole("button", { name: "Save clia number" })).toBeEnabled();
    } else {
      // Without JavaScript one item is open at a time (the URL's): opening the second left the first unsaved.
      await expect(page).toHaveURL(/\/profile\/info\?edit=clia$/);
      await expect(work.getByLabel("Job title")).toHaveCount(0);
      await work.getByRole("link", { name: "Edit your work" }).click();
      await work.getByLabel("Job title").fill("Cruise specialist");
      await work.getByRole("button", { name: "Save your work" }).click();
      await expect(page).toHaveURL(/\/profile\/info\?saved=work$/);
      await clia.getByRole("link", { name: "Edit clia number" }).click();
    }
    await expect(work.getByText("Cruise specialist")).toBeVisible();

    // Bad input keeps what was typed, with the field's message.
    await clia.getByLabel("CLIA number", { exact: true }).fill("12ab");
    await clia.getByRole("button", { name: "Save clia number" }).click();
    await expect(clia.getByText("A CLIA number has up to 12 digits.")).toBeVisible();
    await expect(clia.getByLabel("CLIA number", { exact: true })).toHaveValue("12ab");
    await clia.getByLabel("CLIA number", { exact: true }).fill("00012345");
    await clia.getByRole("button", { name: "Save clia number" }).click();
    await expect(clia.getByText("00012345")).toBeVisible();

    // Saved for good: a reload shows both.
    await page.goto("/profile/info");
    await expect(work.getByText("Cruise specialist")).toBeVisible();
    await expect(clia.getByText("00012345")).toBeVisible();
  },
);

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

test(
  "agent.usa signs out another sign-in and changes the password",
  { tag: "@js-off" },
  async ({ page, login, browser }) => {
    // A second sign-in, elsewhere (another device: a row of its own).
    const elsewhere = await browser.newContext({ userAgent: IPHONE });
    expect(await signInByRequest(elsewhere.request, "agent.usa")).toMatch(/\/home$/);
    const other = await elsewhere.newPage();

    await login("agent.usa", "/profile/security");
    await expect(page).toHaveTitle("Security Settings - Profile | Professional Portal");
    const signIns = page.getByRole("table", { name: /active sign-ins?, by device and place$/ });
    expect(await signIns.locator("tbody tr").count()).toBeGreaterThanOrEqual(2);
    await expect(signIns.getByText("This sign-in", { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Sign out everywhere else" }).click();
    await expect(page.getByText("You are signed out everywhere else.")).toBeVisible();
    await expect(signIns.locator("tbody tr")).toHaveCount(1);
    await other.goto("/home");
    await expect(other).toHaveURL(/\/login/);
    await elsewhere.close();

    // A wrong current password is said on its field; then the change.
    await page.getByLabel("Current password").fill("Not!MyPassword1");
    await page.getByLabel("Password *", { exact: true }).fill("Harbour!Lights42");
    await page.getByLabel(/Confirm/).fill("Harbour!Lights42");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("That is not your current password.")).toBeVisible();
    await page.getByLabel("Current password").fill("Portal!2026");
    await page.getByLabel("Password *", { exact: true }).fill("Harbour!Lights42");
    await page.getByLabel(/Confirm/).fill("Harbour!Lights42");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Your password is changed. Your other sign-ins have ended.")).toBeVisible();

    // The new password signs in (the form's post, by request: sign-in.spec.ts has the form itself).
    await page.context().clearCookies();
    expect(await signInByRequest(page.request, "agent.usa", { password: "Harbour!Lights42" })).toMatch(/\/home$/);
  },
);

test(
  "admin.can approves a pending agent, changes the role and deactivates them; they then cannot sign in",
  { tag: "@js-off" },
  async ({ page, login }) => {
    await login("admin.can", "/user-management?status=PENDING");
    await expect(page).toHaveTitle("User Management | Professional Portal");
    await expect(page.locator(".result-count")).toHaveText("2 agents found.");
    await expectAccessible(page);
    await page.getByRole("link", { name: "Gagnon, Chloé" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Chloé Gagnon" })).toBeVisible();

    // Every change asks first.
    await page.getByRole("link", { name: "Approve" }).click();
    await expect(page.getByRole("heading", { name: /^Approve Chloé Gagnon\?/ })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByText("Chloé Gagnon is approved.")).toBeVisible();

    await page.getByRole("link", { name: "Change role" }).click();
    await page.getByLabel("New role").selectOption("ADMIN");
    await page.getByRole("button", { name: "Change role" }).click();
    await expect(page.getByText("Chloé Gagnon's role is changed.")).toBeVisible();
    await expect(page.getByText("Agency administrator", { exact: true })).toBeVisible();

    await page.getByRole("link", { name: "Deactivate" }).click();
    await page.getByRole("button", { name: "Deactivate" }).click();
    await expect(page.getByText("Chloé Gagnon is deactivated.")).toBeVisible();
    // The activity list records each change, newest first.
    const activity = page.getByRole("table", { name: /Changes to Chloé Gagnon's account/ });
    await expect(activity.locator("tbody tr")).toHaveCount(3);
    await expect(activity.locator("tbody tr").first()).toContainText("Marc Tremblay");
    await expectAccessible(page);

    await page.context().clearCookies();
    await page.goto("/login");
    await signIn(page, "pending.one");
    await expect(page.getByText("Your account has been deactivated.", { exact: false })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  },
);

test(
  "admin.can searches the agents for a name nobody has: the list says so and each filter widens it",
  { tag: "@once" },
  async ({ page, login }) => {
    await login("admin.can", "/user-management?q=Zebedee&status=PENDING");
    await expect(page.locator(".result-count")).toHaveText("No agents found.");
    await expect(page.getByText("No agents match every filter.")).toBeVisible();
    await expect(page.getByText("To find more, widen the search:")).toBeVisible();
    const ways = page.locator(".notice li").getByRole("link");
    await expect(ways).toHaveText(["Clear “Zebedee”", /^Status: /]);
    await expectAccessible(page);

    await ways.filter({ hasText: "Zebedee" }).click();
    await expect(page.locator(".result-count")).toHaveText("2 agents found.");
    await expect(page.getByLabel("Status")).toHaveValue("PENDING");
    await expect(page.getByRole("link", { name: "Gagnon, Chloé" })).toBeVisible();
  },
);

test(
  "admin.can invites an agent: the e-mailed link opens the registration with the agency found",
  { tag: "@js-off" },
  async ({ page, login }) => {
    await login("admin.can", "/user-management");
    await page.getByRole("link", { name: "Invite an agent" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Invite an agent" })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("E-mail address *").fill("invited.agent@example.org");
    await page.getByLabel("First name").fill("Élodie");
    await page.getByRole("button", { name: "Send the invitation" }).click();
    await expect(page.getByText(/An invitation is on its way to invited\.agent@example\.org/)).toBeVisible();

    const [message] = await outbox("invited.agent@example.org");
    expect(message?.purpose).toBe("agent_invitation");
    const link = new URL(message!.link!);
    expect(link.pathname).toBe("/register");
    await page.context().clearCookies();
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page).toHaveURL(/\/register\?agencyData=true$/);
    await expect(page.getByRole("heading", { name: "We found your agency" })).toBeVisible();
    await expect(page.getByText("Maple Leaf Cruise Centre")).toBeVisible();
    await page.getByRole("link", { name: "Continue" }).click();
    await expect(page.getByLabel("E-mail address *")).toHaveValue("invited.agent@example.org");
    await expect(page.getByLabel("First name *")).toHaveValue("Élodie");

    // A link that is not (or no longer) valid says so on the search.
    await page.goto("/register?invitation=not-a-real-invitation-token");
    await expect(page.getByText(/This invitation link is not valid or has expired/)).toBeVisible();
  },
);

test(
  "agent.usa changes the mobile number with the code texted to it; bad input is said in the item",
  { tag: "@js-off" },
  async ({ page, login, javaScriptEnabled }) => {
    await login("agent.usa", "/profile/communications");
    await expect(page).toHaveTitle("Communications - Profile | Professional Portal");
    const mobile = item(page, "Mobile number");
    await expect(mobile.getByText("+1 305 555 0142")).toBeVisible();
    await expectAccessible(page);
    await mobile
      .getByRole("link", { name: "Edit mobile number" })
      .or(mobile.getByRole("button", { name: "Edit mobile number" }))
      .click();
    await expect(mobile.getByLabel("Country code")).toHaveValue("US");

    // A number that is not one: registration's message on the field, the typed number kept, nothing texted.
    await mobile.getByLabel("Mobile phone number").fill("555 01");
    await mobile.getByRole("button", { name: "Save mobile number" }).click();
    await expect(mobile.getByText("Enter a valid phone number.")).toBeVisible();
    await expect(mobile.getByLabel("Mobile phone number")).toHaveValue("555 01");

    // A new number: a code goes to it, and the item asks for it (the step is in the URL without JavaScript).
    await mobile.getByLabel("Mobile phone number").fill("212 555 0188");
    await mobile.getByRole("button", { name: "Save mobile number" }).click();
    await expect(mobile.getByText("We sent a 6-digit code by text message to +1 212 555 0188.")).toBeVisible();
    if (!javaScriptEnabled) await expect(page).toHaveURL(/\/profile\/communications\?edit=mobile&step=code$/);
    await expect(mobile.getByLabel("Verification code")).toBeVisible();
    await expect(mobile.getByText(/You can ask for a new code in \d+ seconds\./)).toBeVisible();
    await expectAccessible(page);
    const [message] = await outbox("+12125550188");
    expect(message).toMatchObject({ channel: "sms", purpose: "phone_verification" });
    const code = message!.code!;

    // A wrong code: how many tries are left, in the item; the code step stays.
    const wrong = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
    await mobile.getByLabel("Verification code").fill(wrong);
    await mobile.getByRole("button", { name: "Verify" }).click();
    await expect(mobile.getByText("This code is not correct. You have 4 attempts left.")).toBeVisible();
    await expect(mobile.getByText("We sent a 6-digit code by text message to +1 212 555 0188.")).toBeVisible();

    // The right code saves the number.
    await mobile.getByLabel("Verification code").fill(code);
    await mobile.getByRole("button", { name: "Verify" }).click();
    await expect(mobile.getByText("Saved.")).toBeVisible();
    await expect(mobile.getByText("+1 212 555 0188")).toBeVisible();
    await expect(mobile.getByLabel("Verification code")).toHaveCount(0);
    await page.goto("/profile/communications");
    await expect(item(page, "Mobile number").getByText("+1 212 555 0188")).toBeVisible();
  },
);

test(
  "agent.usa saves the second factor; the same way twice is refused",
  { tag: "@js-off" },
  async ({ page, login }) => {
    await login("agent.usa", "/profile/security");
    const mfa = page.getByRole("region", { name: "Second factor" });
    await mfa.getByRole("group", { name: "First choice" }).getByLabel("A code by text message").check();
    await mfa.getByRole("group", { name: "If that does not reach you" }).getByLabel("A code by text message").check();
    await mfa.getByRole("button", { name: "Save second factor" }).click();
    await expect(mfa.getByText("Choose a different second way, or none.")).toBeVisible();

    await mfa.getByRole("group", { name: "First choice" }).getByLabel("A code by text message").check();
    await mfa.getByRole("group", { name: "If that does not reach you" }).getByLabel("A code by e-mail").check();
    await mfa.getByRole("button", { name: "Save second factor" }).click();
    await expect(page.getByText("Your second factor is saved.")).toBeVisible();
    await expect(mfa.getByRole("group", { name: "First choice" }).getByLabel("A code by text message")).toBeChecked();
    await expect(
      mfa.getByRole("group", { name: "If that does not reach you" }).getByLabel("A code by e-mail"),
    ).toBeChecked();
    await expectAccessible(page);
  },
);

test(
  "admin.can edits the agency's details; agent.usa sees them read-only",
  { tag: "@js-off" },
  async ({ page, login }) => {
    await login("admin.can", "/profile/agency");
    await expect(page).toHaveTitle("Agency Information - Profile | Professional Portal");
    await expectAccessible(page);
    await page.getByRole("link", { name: "Edit the agency's details" }).click();
    await expect(page).toHaveURL(/\/profile\/agency\?edit=1$/);
    await page.getByLabel("City", { exact: true }).fill("Toronto Harbourfront");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(/\/profile\/agency\?saved=1$/);
    await expect(page.getByText("Saved.")).toBeVisible();
    await expect(page.getByText(/Toronto Harbourfront/)).toBeVisible();
    await expect(page.getByRole("form", { name: "Edit the agency's details" })).toHaveCount(0);

    await page.context().clearCookies();
    await login("agent.usa", "/profile/agency");
    await expect(page.getByText("Your agency's administrator can change these details.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Edit the agency's details" })).toHaveCount(0);
    await expectAccessible(page);
    // The edit address opens no form for an agent.
    await page.goto("/profile/agency?edit=1");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("form", { name: "Edit the agency's details" })).toHaveCount(0);
  },
);
