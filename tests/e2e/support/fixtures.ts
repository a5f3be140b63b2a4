import { test as base, expect, type Page } from "@playwright/test";
import { E2E_UPSTREAM_PORT } from "../../../playwright.config";

export { expectAccessible } from "./axe";

export const UPSTREAM = `http://127.0.0.1:${E2E_UPSTREAM_PORT}`;
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

export async function signIn(page: Page, username: string, password = PASSWORD) {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export const test = base.extend<{ login: (username?: string) => Promise<void> }>({
  login: async ({ page, javaScriptEnabled }, use) => {
    await use(async (username = "agent.usa") => {
      await page.goto("/login");
      await signIn(page, username);
      await expect(page).toHaveURL(/\/home$/);
      await page.waitForLoadState("load");
      // With JavaScript, tests go on to script behaviour that only exists once React has hydrated.
      if (javaScriptEnabled) await hydrated(page);
    });
  },
});

export { expect };
