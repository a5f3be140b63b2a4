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

  // An open redirect: the helper checked the raw string but returned the URL parser's normalised one.
  // Payloads from the security probe, then the OWASP open-redirect list and PayloadsAllTheThings.
  it.each([
    "/.//evil.com",
    "/..//evil.com",
    "/%2e//evil.com",
    "/%2e%2e//evil.com",
    "/x/..//evil.com",
    "/./../..//evil.com",
    "///evil.com",
    "////evil.com/",
    "/\\/evil.com",
    "/\\evil.com",
    "\\/\\/evil.com",
    "/\u0009/evil.com",
    "/\r\n/evil.com",
    "/\u007f/evil.com",
    "https:evil.com",
    "http:/evil.com",
    "http:\\\\evil.com",
    "//evil.com/%2f..",
    "//google.com@evil.com",
    "/\\@evil.com",
    "javascript://%0aalert(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    " //evil.com",
    "\u3031evil.com",
  ])("%j never leaves the site", (payload) => {
    const target = safeRedirect(payload);
    expect(target).toBe("/home");
  });

  it.each([
    ["/%2f%2fevil.com", "/%2f%2fevil.com"],
    ["/%5cevil.com", "/%5cevil.com"],
    ["/%09/evil.com", "/%09/evil.com"],
    ["/ /evil.com", "/%20/evil.com"],
    ["/a/../profile/info", "/profile/info"],
    ["/%2e/home", "/home"],
  ])("%j stays a path on this site → %s", (payload, expected) => {
    expect(safeRedirect(payload)).toBe(expected);
  });

  it("what it returns always resolves on this site, whatever it is given", () => {
    const base = "http://portal.invalid";
    const pieces = ["/", "//", ".", "..", "%2e", "%2f", "\\", "evil.com", "@", ":", "?", "#", "%09", "x"];
    for (const a of pieces)
      for (const b of pieces)
        for (const c of pieces) {
          const target = safeRedirect(`/${a}${b}${c}`);
          expect(target.startsWith("/") && !target.startsWith("//") && !target.startsWith("/\\")).toBe(true);
          expect(new URL(target, base).origin).toBe(base);
        }
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
