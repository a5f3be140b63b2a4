import type { Page } from "@playwright/test";
import { PASSWORD, UPSTREAM, expect, expectAccessible, signIn, signInByRequest, stack, test } from "./support/fixtures";
import { startFaultyUpstream, startPortal, tempDataDir, type FaultMode } from "./support/processes";

/**
 * A portal process of the test's own in front of an upstream that fails, and sessions that outlive
 * a portal process. Where sign-in is not the subject, the agent signs in by the form's post to that
 * portal (the session cookie lands in the page's cookie jar), as the `login` fixture does for the
 * worker's portal.
 */
async function signInTo(page: Page, portalUrl: string, username: string) {
  expect(await signInByRequest(page.request, username, { portal: portalUrl })).toBe("/home");
}

// Ports of this file's own processes, from this worker's block (tests/e2e/support/ports.ts).
const PORTAL = stack.spare(20);
const FAULTY = stack.spare(21);

test.describe("an upstream that fails", () => {
  let faulty: Awaited<ReturnType<typeof startFaultyUpstream>>;
  let portal: Awaited<ReturnType<typeof startPortal>>;
  const data = tempDataDir();

  test.beforeAll(async () => {
    faulty = await startFaultyUpstream(FAULTY, UPSTREAM);
    portal = await startPortal({ port: PORTAL, apiUrl: faulty.url, dataDir: data.dir });
  });
  test.afterAll(async () => {
    await portal?.stop();
    await faulty?.stop();
    data.remove();
  });
  test.afterEach(() => faulty.setMode("pass"));

  for (const mode of ["down", "slow", "500", "malformed"] as FaultMode[]) {
    test(
      `(${mode}) gives a clear message where the data would be, and the portal carries on`,
      { tag: "@js-off" },
      async ({ page }) => {
        // Signed in, and home opened, while the upstream is well.
        await signInTo(page, portal.url, "agent.usa");
        await page.goto(`${portal.url}/home`);
        await expect(page.getByRole("heading", { level: 1, name: /Welcome,/ })).toBeVisible();

        faulty.setMode(mode);
        // The agent's profile is kept for a minute: the page in front of them still works.
        await page.goto(`${portal.url}/home`);
        await expect(page.getByRole("heading", { level: 1, name: /Welcome,/ })).toBeVisible();
        // Where data must come from the upstream now, a clear message stands in for it.
        await page.goto(`${portal.url}/legacy/espresso`);
        await expect(page.getByRole("heading", { name: "The legacy site cannot be opened" })).toBeVisible();
        await expect(page.getByRole("alert")).toHaveText(
          "The legacy site did not answer. Please try again in a moment.",
        );
        await expectAccessible(page);
        // Logging out still ends the session; the sign-in page says the logout call failed ('Error logout user').
        await page.getByRole("button", { name: "Log out" }).click();
        await expect(page).toHaveURL(/\/login\?reason=logout-failed$/);
        await expect(page.getByText(/^Error logout user\./)).toBeVisible();

        // Signed out: the login page still renders, and signing in says what is wrong.
        await page.goto(`${portal.url}/login`);
        await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
        await signIn(page, "agent.usa", PASSWORD);
        await expect(page.getByRole("alert")).toHaveText("Service unavailable, please try again later");
        await expect(page.getByLabel("Username")).toHaveValue("agent.usa");

        // The upstream comes back; the same process serves again.
        faulty.setMode("pass");
        await signIn(page, "agent.usa", PASSWORD);
        await expect(page).toHaveURL(/\/home$/);
        expect(portal.output()).not.toMatch(/^\s+at /m); // no stack traces in the log
        expect(portal.output()).toMatch(/\[upstream\] api \/(auth\/remoteCPAccess|auth\/public-key|auth\/login)/);
      },
    );
  }
});

test.describe("sessions outlive a portal process", () => {
  test("a restart of the portal (SQLite store) keeps the agent signed in", { tag: "@once" }, async ({ page }) => {
    const data = tempDataDir();
    let portal = await startPortal({ port: PORTAL, apiUrl: UPSTREAM, dataDir: data.dir });
    try {
      await signInTo(page, portal.url, "agent.usa");
      await page.goto(`${portal.url}/home`);
      await expect(page).toHaveTitle("Home page | Professional Portal");
      await portal.stop();
      portal = await startPortal({ port: PORTAL, apiUrl: UPSTREAM, dataDir: data.dir });
      await page.goto(`${portal.url}/home`);
      await expect(page).toHaveURL(/\/home$/);
      await expect(page).toHaveTitle("Home page | Professional Portal");
    } finally {
      await portal.stop();
      data.remove();
    }
  });

  test(
    "two portal processes sharing Redis serve the same agent interchangeably",
    { tag: "@js-off" },
    async ({ page }) => {
      const a = tempDataDir();
      const b = tempDataDir();
      const redis = { REDIS_URL: stack.redisUrl(0) };
      const first = await startPortal({ port: PORTAL, apiUrl: UPSTREAM, dataDir: a.dir, env: redis });
      const second = await startPortal({ port: PORTAL + 2, apiUrl: UPSTREAM, dataDir: b.dir, env: redis });
      try {
        await signInTo(page, first.url, "admin.can");
        await page.goto(`${first.url}/home`);
        await expect(page).toHaveTitle("Home page | Professional Portal");
        await page.goto(`${second.url}/home`);
        await expect(page).toHaveURL(new RegExp(`${PORTAL + 2}/home$`));
        await expect(page).toHaveTitle("Home page | Professional Portal");
        // Logging out on the second ends the session on the first too.
        await page.getByRole("button", { name: "Log out" }).click();
        await expect(page).toHaveURL(/\/login$/);
        await page.goto(`${first.url}/home`);
        await expect(page).toHaveURL(/\/login\?redirectTo=%2Fhome$/);
      } finally {
        await first.stop();
        await second.stop();
        a.remove();
        b.remove();
      }
    },
  );
});
