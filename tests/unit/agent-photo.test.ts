import { describe, expect, it } from "vitest";
import {
  MAX_PHOTO_BYTES,
  PHOTO_BODY_LIMIT,
  PHOTO_UPLOAD_PATH,
  initialsOf,
  photoReturnPath,
  sniffPhotoType,
} from "~/domain/agent-photo";
import { landingAfterSignIn, onwardFrom } from "~/domain/welcome";
import { UPLOAD_BODY_LIMITS, bodyLimitFor } from "~/domain/body-limits";

const FORM_LIMIT = 64 * 1024;

describe("the photo upload's body limit: one path, one rule for the server and the actions", () => {
  it("the server's figure is the photo form's: 5 MB and 64 KB of multipart framing", () => {
    expect(PHOTO_BODY_LIMIT).toBe(MAX_PHOTO_BYTES + 64 * 1024);
    expect(MAX_PHOTO_BYTES).toBe(5 * 1024 * 1024);
    expect([...UPLOAD_BODY_LIMITS]).toEqual([
      [PHOTO_UPLOAD_PATH, PHOTO_BODY_LIMIT],
      [`${PHOTO_UPLOAD_PATH}.data`, PHOTO_BODY_LIMIT],
    ]);
  });

  it.each([
    ["POST", "/profile/photo", PHOTO_BODY_LIMIT],
    ["POST", "/profile/photo?x=1", PHOTO_BODY_LIMIT],
    ["POST", "/profile/photo.data", PHOTO_BODY_LIMIT],
    ["PUT", "/profile/photo", FORM_LIMIT],
    ["POST", "/profile/info", FORM_LIMIT],
    ["POST", "/profile/photo/", FORM_LIMIT],
    ["POST", "//profile/photo", FORM_LIMIT],
    ["POST", "/PROFILE/photo", FORM_LIMIT],
    ["POST", "/login", FORM_LIMIT],
  ])("%s %s may carry %i bytes", (method, url, limit) => {
    expect(bodyLimitFor(method, url, FORM_LIMIT)).toBe(limit);
  });
});

describe("what the bytes are, by their magic numbers", () => {
  it.each([
    ["JPEG", [0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "image/jpeg"],
    ["PNG", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], "image/png"],
    ["GIF", [0x47, 0x49, 0x46, 0x38, 0x39, 0x61], null],
    ["text", [...Buffer.from("hello, world")], null],
    ["a PNG cut short", [0x89, 0x50, 0x4e, 0x47], null],
    ["nothing", [], null],
  ])("%s → %s", (_name, bytes, type) => {
    expect(sniffPhotoType(new Uint8Array(bytes))).toBe(type);
  });
});

describe("where an upload without JavaScript goes back to", () => {
  it.each([
    ["/profile/info", "saved", "/profile/info?photo=saved"],
    ["/profile/info?edit=work", "not-image", "/profile/info?photo=not-image"],
    ["/welcome", "too-large", "/welcome?photo=too-large"],
    ["/welcome?redirectTo=%2Falerts&photo=saved", "removed", "/welcome?redirectTo=%2Falerts&photo=removed"],
    ["/home", "saved", "/profile/info?photo=saved"],
    ["https://evil.example/welcome", "saved", "/profile/info?photo=saved"],
    ["//evil.example/welcome", "saved", "/profile/info?photo=saved"],
    ["/\\evil.example/welcome", "saved", "/profile/info?photo=saved"],
    [null, "failed", "/profile/info?photo=failed"],
  ] as const)("%s (%s) → %s", (returnTo, outcome, path) => {
    expect(photoReturnPath(returnTo, outcome)).toBe(path);
  });
});

describe("the avatar's initials without a photo", () => {
  it.each([
    ["Olivia", "Bennett", "agent.usa", "OB"],
    ["élodie", "", "x", "É"],
    ["", "", "agent.usa", "A"],
    ["", "", "", ""],
  ])("%s %s (%s) → %s", (first, last, fallback, initials) => {
    expect(initialsOf(first, last, fallback)).toBe(initials);
  });
});

describe("/welcome: where a sign-in lands and where Continue goes", () => {
  it.each([
    ["/home", true, "/home"],
    ["/alerts", true, "/alerts"],
    ["/home", false, "/welcome"],
    ["/alerts?type=all", false, "/welcome?redirectTo=%2Falerts%3Ftype%3Dall"],
    ["/welcome", false, "/welcome"],
    ["//evil.example", false, "/welcome"],
  ])("target %s, welcomed %s → %s", (target, welcomed, landing) => {
    expect(landingAfterSignIn(target, welcomed)).toBe(landing);
  });

  it.each([
    [null, "/home"],
    ["/alerts", "/alerts"],
    ["/welcome?redirectTo=%2Falerts", "/home"],
    ["/logout", "/home"],
    ["https://evil.example", "/home"],
    ["/\\evil.example", "/home"],
  ])("Continue with redirectTo %s → %s", (redirectTo, onward) => {
    expect(onwardFrom(redirectTo)).toBe(onward);
  });
});
