import { LOCALES, HTML_LANG } from "../../app/domain/language";
import { UPSTREAM, expect, expectAccessible, resetUpstream, signIn, test } from "./support/fixtures";

/**
 * The terms dialog, the legacy site's first sign-in and the language switch, as an agent meets them.
 * The legal pages' text, a language cookie of no known language, and the terms gate on every route
 * are checked by request: tests/request/route-map.test.ts and terms-gate.test.ts.
 */

test.afterEach(async () => {
  await resetUpstream();
});

test("agent.terms must accept the terms of use once, and never again", { tag: "@js-off" }, async ({ page, login }) => {
  await login("agent.terms");
  await expect(page).toHaveURL(/\/home$/);
  const gate = page.getByRole("dialog", { name: "We've updated our Terms of Use" });
  await expect(gate).toBeVisible();
  await expect(page.getByRole("heading", { name: /Welcome,/ })).toHaveCount(0);
  await expectAccessible(page);

  // The portal is not usable until then.
  await page.goto("/profile/info");
  await expect(gate).toBeVisible();

  // The terms page itself is never covered.
  await page.goto("/terms-of-use");
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Use" })).toBeVisible();
  await expect(gate).toHaveCount(0);

  // The dialog's own way out: logging out, and the gate is there again at the next sign-in.
  await page.goto("/home");
  await gate.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await login("agent.terms");
  await expect(gate).toBeVisible();

  await gate.getByRole("button", { name: "Accept" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { name: /Welcome,/ })).toBeVisible();

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await login("agent.terms");
  await expect(page.getByRole("heading", { name: /Welcome,/ })).toBeVisible();
  await expect(gate).toHaveCount(0);
});

test("the legal pages, signed out, pass axe", { tag: "@once" }, async ({ page }) => {
  await page.goto("/travel-agent-guidelines");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Travel Agent Guidelines");
  await expect(page.getByRole("article").getByRole("heading", { level: 2 }).first()).toBeVisible();
  await expectAccessible(page);
});

test(
  "agent.bra goes to the legacy site (espresso) on first sign-in, then straight home",
  { tag: "@js-off" },
  async ({ page }) => {
    await page.goto("/login");
    await signIn(page, "agent.bra");
    await expect(page.getByRole("heading", { name: "Espresso (legacy site stand-in)" })).toBeVisible();
    expect(page.url()).toContain("/legacy/espresso?cp=");
    await page.getByRole("link", { name: "Return to Professional Portal" }).click();
    await expect(page).toHaveURL(/localhost:\d+\/home$/);
    await expect(page.getByRole("heading", { name: /Welcome,/ })).toBeVisible();

    // Logout goes through the legacy logout (its cookies live on the legacy site's host) and back.
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/localhost:\d+\/login$/);

    await signIn(page, "agent.bra");
    await expect(page).toHaveURL(/localhost:\d+\/home$/);
  },
);

test(
  "the language switch changes the registration pages' text in all six languages",
  { tag: "@js-off" },
  async ({ page }) => {
    for (const locale of LOCALES) {
      const dictionary = await fetch(
        `${UPSTREAM}/api/royal/content/cruising-power/dictionary?name=registration&locale=${locale}`,
      );
      const { data } = (await dictionary.json()) as { data: { entries: Record<string, string> } };
      await page.goto("/register");
      await page.locator(".language-switcher").getByRole("combobox").selectOption(locale);
      await page.locator(".language-switcher").getByRole("button").click();
      await expect(page).toHaveURL(/\/register$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(data.entries.registerTitle!);
      await expect(page.getByRole("heading", { level: 2 })).toHaveText(data.entries.findAgencyTitle!);
      await expect(page.locator("html")).toHaveAttribute("lang", HTML_LANG[locale]);
    }
    await expectAccessible(page);
    // With the translation flag on, only agent registration is translated: /login stays English.
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  },
);
