import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectAccessible, resetUpstream, test } from "./support/fixtures";

/**
 * The profile photo: agent.usa uploads a photo on /profile/info that then shows in the header; a file that is
 * not an image and one over 5 MB are refused with clear messages; Remove photo brings the initials
 * back. JavaScript on and off. Every test changes agent.usa's photo, so the demo data is restored after each.
 */
test.afterEach(async () => {
  await resetUpstream();
});

/**
 * A real JPEG, drawn by sharp: a noisy 400 × 300 picture of about 80 KB, so the upload is over
 * the 64 KB every other form may send (the upload path's own limit is what lets it through).
 */
async function jpegFixture(): Promise<Buffer> {
  const jpeg = await sharp({
    create: {
      width: 400,
      height: 300,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  expect(jpeg.length).toBeGreaterThan(64 * 1024);
  expect(jpeg.length).toBeLessThan(5 * 1024 * 1024);
  return jpeg;
}

const photoRegion = (page: Page) => page.getByRole("region", { name: "Photo" });
const headerAvatar = (page: Page) => page.locator("header .drawer--account summary .avatar");

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await photoRegion(page).getByLabel("Choose a photo").setInputFiles(file);
  await photoRegion(page).getByRole("button", { name: "Upload photo" }).click();
}

test(
  "agent.usa uploads a photo that appears in the header, and removes it again",
  { tag: "@js-off" },
  async ({ page, login, javaScriptEnabled }) => {
    await login("agent.usa", "/profile/info");
    // The demo portrait is in the header before the upload.
    await expect(headerAvatar(page)).toHaveAttribute("src", "/images/agents/agent-usa.jpg");
    // This page as it opens is checked with axe by profile.spec.ts's first test.

    // Not an image, whatever it calls itself: refused beside the field, the page as it was.
    await upload(page, {
      name: "notes.png",
      mimeType: "image/png",
      buffer: Buffer.from("these are notes, not a picture"),
    });
    await expect(photoRegion(page).getByText("The photo must be a JPEG or PNG image.")).toBeVisible();
    await expect(photoRegion(page).getByLabel("Choose a photo")).toHaveAttribute("aria-invalid", "true");
    if (!javaScriptEnabled) await expect(page).toHaveURL(/\/profile\/info\?photo=not-image$/);
    await expect(page.getByRole("region", { name: "Your work" })).toBeVisible();
    await expectAccessible(page);

    await upload(page, { name: "me.jpg", mimeType: "image/jpeg", buffer: await jpegFixture() });
    await expect(photoRegion(page).getByText("Your new photo is saved.")).toBeVisible();
    if (!javaScriptEnabled) await expect(page).toHaveURL(/\/profile\/info\?photo=saved$/);
    // The header's avatar is the upload, served by the portal, and it loads.
    await expect(headerAvatar(page)).toHaveAttribute("src", /^\/agent-photos\/1000001\.jpg\?v=\d+$/);
    await expect
      .poll(() => headerAvatar(page).evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await expect(photoRegion(page).getByRole("img", { name: "Your photo" })).toHaveAttribute(
      "src",
      /^\/agent-photos\/1000001\.jpg\?v=\d+$/,
    );
    // Still there on another page.
    await page.goto("/home");
    await expect(headerAvatar(page)).toHaveAttribute("src", /^\/agent-photos\/1000001\.jpg/);

    await page.goto("/profile/info");
    await photoRegion(page).getByRole("button", { name: "Remove photo" }).click();
    await expect(photoRegion(page).getByText("Your photo is removed.")).toBeVisible();
    // Without a photo the header shows the initials.
    await expect(headerAvatar(page)).toHaveText("OB");
    await expect(photoRegion(page).getByRole("button", { name: "Remove photo" })).toHaveCount(0);
    await expectAccessible(page);
  },
);

test(
  "a photo over 5 MB is refused with a clear message, never an error page",
  { tag: "@js-off" },
  async ({ page, login, request }) => {
    await login("agent.usa", "/profile/info");
    const big = Buffer.alloc(5 * 1024 * 1024 + 10 * 1024);
    (await jpegFixture()).copy(big);
    await upload(page, { name: "huge.jpg", mimeType: "image/jpeg", buffer: big });
    await expect(
      photoRegion(page).getByText("The photo is larger than 5 MB. Please choose a smaller one."),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Your profile" })).toBeVisible();
    await expect(headerAvatar(page)).toHaveAttribute("src", "/images/agents/agent-usa.jpg");

    // Far over the limit, the front door refuses it before the portal reads it, in the same words.
    const cookies = await page.context().cookies();
    const refused = await request.post("/profile/photo", {
      headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") },
      multipart: { photo: { name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(6 * 1024 * 1024) } },
    });
    expect(refused.status()).toBe(413);
    expect(await refused.text()).toContain("The photo is larger than 5 MB.");
    // Every other path keeps its 64 KB.
    const form = await request.post("/profile/info", {
      headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") },
      multipart: { photo: { name: "small.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(100 * 1024) } },
    });
    expect(form.status()).toBe(413);
  },
);
