import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { followsInPage, Link, LinkFollower } from "~/components/link";

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
