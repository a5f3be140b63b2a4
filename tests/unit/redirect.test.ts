import { describe, expect, it } from "vitest";
import { loginPath, originOf, safeRedirect } from "~/domain/redirect";

describe("safeRedirect: redirect targets from the request are same-site paths only", () => {
  it.each([
    ["/home", "/home"],
    ["/insights/overview?brand=R#top", "/insights/overview?brand=R#top"],
    ["//evil.example", "/home"],
    ["https://evil.example", "/home"],
    ["http://evil.example/home", "/home"],
    ["/\\evil.example", "/home"],
    ["/\tevil", "/home"],
    ["\\\\evil.example", "/home"],
    ["javascript:alert(1)", "/home"],
    ["home", "/home"],
    ["", "/home"],
    [undefined, "/home"],
    [42, "/home"],
    ["/" + "a".repeat(3000), "/home"],
  ])("%j → %s", (to, expected) => {
    expect(safeRedirect(to)).toBe(expected);
  });

  it("uses the given fallback", () => {
    expect(safeRedirect("//evil.example", "/login")).toBe("/login");
  });
});

describe("the remembered origin", () => {
  it("keeps path and query but drops the legacy token z", () => {
    expect(originOf(new URL("http://x/insights/overview?brand=R&z=abc"))).toBe("/insights/overview?brand=R");
  });
  it.each([
    [undefined, undefined, "/login"],
    ["/profile/info", undefined, "/login?redirectTo=%2Fprofile%2Finfo"],
    ["/home", "idle", "/login?redirectTo=%2Fhome&reason=idle"],
    ["//evil.example", undefined, "/login"],
    ["/login?redirectTo=/home", undefined, "/login"],
    ["/logout", undefined, "/login"],
  ] as const)("loginPath(%j, %j) → %s", (origin, reason, expected) => {
    expect(loginPath(origin, reason)).toBe(expected);
  });
});

describe("links that come out of content", async () => {
  const { contentHref } = await import("~/domain/redirect");
  it.each([
    ["/terms-of-use", "/terms-of-use"],
    ["mailto:help@example.com", "mailto:help@example.com"],
    ["tel:+13055550100", "tel:+13055550100"],
    ["https://partners.example.com/x", "https://partners.example.com/x"],
    ["http://partners.example.com/x", null],
    ["javascript:alert(1)", null],
    ["//evil.example", null],
    ["data:text/html,x", null],
    ["", null],
  ])("%s → %s", (href, expected) => expect(contentHref(href)).toBe(expected));
});
