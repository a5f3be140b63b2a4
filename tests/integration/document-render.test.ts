import type { EntryContext } from "@remix-run/node";
import { createElement, Suspense } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { expectConsoleErrors } from "../setup";

// Here, not in tests/unit: a module mock, and unit files share their modules (vitest.config.ts).
// The page itself is not what is under test: RemixServer renders what the test gives it.
const page = vi.hoisted(() => ({ render: (): unknown => null }));
vi.mock("@remix-run/react", () => ({ RemixServer: () => page.render() }));

const { default: handleRequest, streamTimeout } = await import("~/entry.server");

function render() {
  return handleRequest(
    new Request("http://localhost/home", { headers: { "user-agent": "Mozilla/5.0 Chrome/130" } }),
    200,
    new Headers(),
    { isSpaMode: false } as EntryContext,
    {},
  );
}

describe("the document render leaves nothing behind once it is sent", () => {
  beforeEach(() => {
    // Only the timers: React schedules its own work with setImmediate.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a finished page clears its abort timer (left to fire, it kept the whole render in memory)", async () => {
    page.render = () => createElement("p", null, "The page");
    const response = await render();
    expect(await response.text()).toContain("<p>The page</p>");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a page still rendering after the stream timeout is cut off, and its answer ends", async () => {
    expectConsoleErrors(); // the abort, logged once
    const never = new Promise<never>(() => {});
    function Waiting(): never {
      throw never;
    }
    page.render = () =>
      createElement("main", null, createElement(Suspense, { fallback: "Loading" }, createElement(Waiting)));
    const response = await render();
    expect(vi.getTimerCount()).toBe(1);
    const text = response.text();
    await vi.advanceTimersByTimeAsync(streamTimeout + 1000);
    expect(await text).toContain("Loading");
    expect(vi.getTimerCount()).toBe(0);
  });
});
