import type { Page } from "@playwright/test";
import { PASSWORD, UPSTREAM, expect, expectAccessible, signIn, signInByRequest, stack, test } from "./support/fixtures";
import { startFaultyUpstream, startPortal, startRedis, tempDataDir, type FaultMode } from "./support/processes";

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
const REDIS = stack.spare(23);

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

  // The four faults differ in what the portal is given, not in what the browser does: the form posts
  // without JavaScript are run once, against the upstream that is down.
  for (const mode of ["down", "slow", "500", "malformed"] as FaultMode[]) {
    test(
      `(${mode}) gives a clear message where the data would be, and the portal carries on`,
      { tag: mode === "down" ? "@js-off" : "@once" },
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
      // The browser still holds its idle connections: the drain closes them after DRAIN_IDLE_MS (100 ms
      // here) and exits 0, well before stop's SIGKILL at 3 s (the production 5 s would meet it).
      await portal.stop();
      expect(await portal.exited).toBe(0);
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

test.describe("a store that goes away (issue 38)", () => {
  test(
    "Redis stopped: a signed-in agent gets the 503 page with a reference and one log line; a sign-in comes back filled in and goes through once Redis is back",
    { tag: "@js-off" },
    async ({ page }) => {
      const data = tempDataDir();
      const redis = await startRedis(REDIS);
      const portal = await startPortal({
        port: PORTAL,
        apiUrl: UPSTREAM,
        dataDir: data.dir,
        env: { REDIS_URL: redis.url },
      });
      try {
        await signInTo(page, portal.url, "agent.usa");
        await page.goto(`${portal.url}/home`);
        await expect(page).toHaveTitle("Home page | Professional Portal");

        await redis.stop();
        const home = await page.goto(`${portal.url}/home`);
        expect(home?.status()).toBe(503);
        await expect(page.getByRole("heading", { level: 1, name: "Service unavailable" })).toBeVisible();
        await expect(page.getByRole("alert")).toHaveText("Service unavailable, try again in a moment");
        await expect(page.getByText(/^Reference: [A-Za-z0-9-]+$/)).toBeVisible();
        await expectAccessible(page);
        const logged = () => portal.output().match(/\[store\] Redis unavailable/g)?.length ?? 0;
        expect(logged()).toBe(1);

        // Signed out, the agent signs in while Redis is still down: 503, the username given back.
        await page.context().clearCookies();
        await page.goto(`${portal.url}/login`);
        await signIn(page, "agent.usa", PASSWORD);
        await expect(page.getByRole("heading", { level: 1, name: "Service unavailable" })).toBeVisible();
        await expect(page.getByLabel("Username")).toHaveValue("agent.usa");
        await expect(page.getByLabel("Password")).toHaveValue("");
        await expectAccessible(page);

        // Redis comes back (empty: no persistence); the same process serves again by itself.
        await redis.start();
        await expect(async () => {
          await page.getByLabel("Password").fill(PASSWORD);
          await page.getByRole("button", { name: "Send again" }).click();
          await expect(page).toHaveURL(/\/home$/, { timeout: 2_000 });
        }).toPass({ timeout: 20_000 });
        expect(logged()).toBe(1);
        expect(portal.output()).toMatch(/\[store\] Redis is back/);
        expect(portal.output()).not.toMatch(/Unhandled error event|Reached the max retries/);
        expect(portal.output()).not.toMatch(/^\s+at /m);
      } finally {
        await portal.stop();
        await redis.stop();
        data.remove();
      }
    },
  );
});
