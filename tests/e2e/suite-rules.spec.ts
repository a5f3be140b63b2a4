import { expect, expectAccessible, test } from "./support/fixtures";

// The suite's own rule (docs/testing.md): every test says whether it runs without JavaScript too
// (@js-off) or once (@once); the fixture refuses a test that says neither, or both, before it runs.
// test.fail: each passes only while that refusal happens. (Titles name no tag: the JavaScript-off
// project picks its tests by matching the tag's text.)
test.fail("a test with no JavaScript tag is refused", async () => {});

test.fail("a test with both JavaScript tags is refused", { tag: ["@js-off", "@once"] }, async () => {});

// The axe check itself can fail: an image with no text alternative is refused by name, with and
// without JavaScript (without it, the page is checked in the scratch page: tests/e2e/support/axe.ts).
test("expectAccessible refuses a page that breaks a rule, and names the rule", { tag: "@js-off" }, async ({ page }) => {
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>A broken page</title></head>' +
      '<body><main><h1>A broken page</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></body></html>',
  );
  await expect(expectAccessible(page)).rejects.toThrow(/image-alt: Images must have alternative text \(img\)/);
});
