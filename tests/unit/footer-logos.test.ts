import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { FooterView } from "~/components/shell/footer";
import { contentImageSrc } from "~/domain/redirect";

/**
 * The specification's footer: "… It also shows a logo, subsidiary logos and copyright text"; "Footer
 * content: footerLogo, subsidiaryLogos (list), copyrightText". The group logo is drawn.
 */
const logo = (path: string, description: string) => ({ path, description, width: 180, height: 48 });

const render = (footer: Parameters<typeof FooterView>[0]["footer"]) =>
  renderToStaticMarkup(createElement(StaticRouter, { location: "/login" }, createElement(FooterView, { footer })));

describe("the footer draws the content's group logo", () => {
  it("draws footerLogo with its description as the alternative text, before the subsidiary logos", () => {
    const html = render({
      logo: logo("/images/content/logos/royal-caribbean-group.svg", "Royal Caribbean Group logo"),
      subsidiaryLogos: [logo("/images/content/logos/silversea.svg", "Silversea Cruises logo")],
      copyright: "© 2026 Royal Caribbean Group",
      links: [],
    });
    expect(html).toContain(
      '<img src="/images/content/logos/royal-caribbean-group.svg" alt="Royal Caribbean Group logo" width="180" height="48" loading="lazy"/>',
    );
    expect(html.indexOf("royal-caribbean-group.svg")).toBeLessThan(html.indexOf("silversea.svg"));
  });

  it("draws no image without a logo", () => {
    expect(render({ logo: null, subsidiaryLogos: [], copyright: "©", links: [] })).not.toContain("<img");
  });
});

describe("content image addresses: a path of this site or https:, nothing else (as the CSP's img-src)", () => {
  it.each([
    ["/images/content/logos/royal-caribbean-group.svg", "/images/content/logos/royal-caribbean-group.svg"],
    ["https://cdn.example.com/logo.svg", "https://cdn.example.com/logo.svg"],
    ["javascript:alert(1)", null],
    ["data:image/svg+xml;base64,PHN2Zz4=", null],
    ["http://cdn.example.com/logo.svg", null],
    ["//evil.example/logo.svg", null],
    ["/\\evil.example/logo.svg", null],
    ['/logo.svg" onerror="alert(1)', null],
    ["/images/../../secret", null],
    ["logo.svg", null],
    ["", null],
    [undefined, null],
  ])("%j → %j", (src, expected) => {
    expect(contentImageSrc(src)).toBe(expected);
  });
});
