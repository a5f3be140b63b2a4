import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { Link as RemixLink, type LinkProps } from "@remix-run/react";
import { followsInPage, isPlainLink, Link, LinkFollower, replacesEntry } from "~/components/link";

describe("a plain-path link is an anchor the router follows", () => {
  it("renders the HTML Remix's Link renders: href, data-discover and the caller's attributes", () => {
    const html = renderToString(
      createElement(
        StaticRouter,
        { location: "/itinerary/results" },
        createElement(
          LinkFollower,
          null,
          createElement(
            Link,
            { to: "/itinerary/detail?sailing=OA20990601&adults=2", className: "ship", "aria-current": "page" },
            "Oasis of the Seas",
          ),
        ),
      ),
    );
    expect(html).toBe(
      '<a class="ship" aria-current="page" href="/itinerary/detail?sailing=OA20990601&amp;adults=2" data-discover="true">Oasis of the Seas</a>',
    );
  });

  const click = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false, defaultPrevented: false };
  const link = (target = "", download = false) => ({
    target,
    hasAttribute: (name: string) => download && name === "download",
  });

  it.each([
    ["a plain click", true, click, link()],
    ["a click in a link for this window", true, click, link("_self")],
    ["the middle button (a new tab)", false, { ...click, button: 1 }, link()],
    ["with Ctrl (a new tab)", false, { ...click, ctrlKey: true }, link()],
    ["with Cmd (a new tab)", false, { ...click, metaKey: true }, link()],
    ["with Shift (a new window)", false, { ...click, shiftKey: true }, link()],
    ["with Alt (a download)", false, { ...click, altKey: true }, link()],
    ["a click something else already handled", false, { ...click, defaultPrevented: true }, link()],
    ["a link to another window", false, click, link("_blank")],
    ["a download link", false, click, link("", true)],
  ])("%s: followed in the page: %s", (_name, followed, event, anchor) => {
    expect(followsInPage(event, anchor)).toBe(followed);
  });
});

const LINK_CASES = [
  ["a plain path", { to: "/itinerary/results?page=2" }, true],
  ["a plain path with the caller's attributes", { to: "/home", className: "logo", title: "Home" }, true],
  ["a relative path (the router resolves it)", { to: "detail" }, false],
  ["a parent-relative path", { to: "../search" }, false],
  ["a protocol-relative URL (another host)", { to: "//example.com/x" }, false],
  ["an object", { to: { pathname: "/home", search: "?a=1" } }, false],
  ["the caller's own onClick", { to: "/home", onClick: () => {} }, false],
  ["prefetch", { to: "/home", prefetch: "intent" }, false],
  ["discover", { to: "/home", discover: "none" }, false],
  ["reloadDocument", { to: "/home", reloadDocument: true }, false],
  ["replace", { to: "/home", replace: true }, false],
  ["state", { to: "/home", state: { from: "x" } }, false],
  ["preventScrollReset", { to: "/home", preventScrollReset: true }, false],
  ["relative", { to: "/home", relative: "path" }, false],
  ["viewTransition", { to: "/home", viewTransition: true }, false],
] as const;

describe("what the portal's Link leaves to Remix's", () => {
  it.each(LINK_CASES)("%s: drawn by the portal: %s", (_name, props, plain) => {
    expect(isPlainLink(props as LinkProps)).toBe(plain);
  });

  // Drawn by either, a link is the same element in the page: Remix's Link inside the same router.
  it.each(LINK_CASES)("%s: the same anchor as Remix's Link draws", (_name, props) => {
    const inRouter = (link: ReturnType<typeof createElement>) =>
      renderToString(
        createElement(StaticRouter, { location: "/itinerary/results" }, createElement(LinkFollower, null, link)),
      );
    const portal = inRouter(createElement(Link, props as LinkProps, "Results"));
    const remix = inRouter(createElement(RemixLink, props as LinkProps, "Results"));
    expect(anchor(portal)).toEqual(anchor(remix));
    expect(anchor(portal).attributes).toHaveProperty("href");
  });

  it("a router option set to false still goes to Remix's Link (it was asked for)", () => {
    expect(isPlainLink({ to: "/home", replace: false })).toBe(false);
  });
});

describe("following a link to the page you are on replaces its history entry", () => {
  const here = { pathname: "/itinerary/results", search: "?sort=price&page=2", hash: "" };
  it.each([
    ["the same path and query", "/itinerary/results?sort=price&page=2", here, true],
    ["the same path, no query on either", "/home", { pathname: "/home", search: "", hash: "" }, true],
    ["the same path, fragment and all", "/home#news", { pathname: "/home", search: "", hash: "#news" }, true],
    ["another page of the same search", "/itinerary/results?sort=price&page=3", here, false],
    ["the same path without the query", "/itinerary/results", here, false],
    ["another path", "/itinerary/search", here, false],
    ["the same page with another fragment", "/home#top", { pathname: "/home", search: "", hash: "#news" }, false],
  ])("%s: replaced: %s", (_name, href, location, replaced) => {
    expect(replacesEntry(href, location)).toBe(replaced);
  });
});

/** An anchor's attributes (in any order, as the DOM holds them) and its text. */
function anchor(html: string) {
  const match = /^<a([^>]*)>([^<]*)<\/a>$/.exec(html);
  if (!match) throw new Error(`not one anchor: ${html}`);
  const [, attributeText = "", text = ""] = match;
  const attributes = Object.fromEntries(
    [...attributeText.matchAll(/ ([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value]),
  );
  return { attributes, text };
}
