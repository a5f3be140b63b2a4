import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { stack } from "./ports";

export { expectAccessible } from "./axe";
export { stack } from "./ports";

/** This worker's reference upstream (each worker has its own: tests/e2e/support/ports.ts). */
export const UPSTREAM = `http://127.0.0.1:${stack.upstream}`;
export const PASSWORD = "Portal!2026";

export type OutboxMessage = {
  recipient: string;
  channel: string;
  purpose: string;
  subject: string;
  body: string;
  code: string | null;
  link: string | null;
  sentAt: string;
};

export async function outbox(recipient: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${UPSTREAM}/dev/outbox?recipient=${encodeURIComponent(recipient)}`);
  expect(response.ok).toBe(true);
  return (await response.json()) as OutboxMessage[];
}

export async function resetUpstream() {
  const response = await fetch(`${UPSTREAM}/dev/reset`, { method: "POST" });
  expect(response.ok).toBe(true);
}

export async function legacyToken(username: string): Promise<string> {
  const response = await fetch(`${UPSTREAM}/dev/legacy-token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username }),
  });
  expect(response.ok).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** Waits until React has hydrated the document (the root marks <html data-hydrated>). */
export async function hydrated(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
}

/** Signs in through the form, as a person does: for the tests whose subject is sign-in. */
export async function signIn(page: Page, username: string, password = PASSWORD) {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Signs in by the sign-in form's post alone (no /login page, no /home): the session cookie lands
 * in the request context's cookie jar, which is the page's. `portal` is the worker's own portal unless
 * a test started one of its own. Answers where sign-in sends the agent.
 */
export async function signInByRequest(
  request: APIRequestContext,
  username: string,
  { password = PASSWORD, portal = `http://localhost:${stack.portal}` } = {},
) {
  const response = await request.post(`${portal}/login`, {
    form: { username, password, redirectTo: "" },
    headers: { origin: portal },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in of ${username} by request`).toBe(302);
  return response.headers()["location"] ?? "";
}

type Fixtures = {
  /**
   * A fresh session of `username` (agent.usa unless named), signed in by request, then the page
   * opened at `path` (/home unless named; `null` opens nothing). The form stays where sign-in is
   * the subject (sign-in, MFA, lockout, kept forms, …): those tests use `signIn`.
   */
  login: (username?: string, path?: string | null) => Promise<void>;
  /** Holds the suite's rule that every test says whether it runs without JavaScript too. */
  _tagged: void;
};

export const test = base.extend<Fixtures>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(`http://localhost:${stack.portal}`),
  _tagged: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      const tags = testInfo.tags.filter((tag) => tag === "@js-off" || tag === "@once");
      if (tags.length !== 1)
        throw new Error(
          `"${testInfo.title}" must be tagged either @js-off (it posts a form, follows a link that differs ` +
            "without JavaScript, or depends on the enhancement) or @once (it reads a server-rendered page): " +
            "docs/testing.md",
        );
      await use();
    },
    { auto: true },
  ],
  login: async ({ page, javaScriptEnabled }, use) => {
    await use(async (username = "agent.usa", path = "/home") => {
      await signInByRequest(page.request, username);
      if (path === null) return;
      await page.goto(path);
      // With JavaScript, tests go on to script behaviour that only exists once React has hydrated.
      if (javaScriptEnabled) await hydrated(page);
    });
  },
});

export { expect };
