import { describe, expect, it } from "vitest";
import type { ServerBuild } from "@remix-run/node";
import { routeIdResolver } from "../../server/observability/route-id";

/** A build's route manifest in the real shape, a few of the portal's routes from app/routes.ts. */
function manifest(withCatchAll: boolean): ServerBuild["routes"] {
  const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({
    id,
    parentId,
    path,
    index,
    caseSensitive: undefined,
    module: {} as never,
  });
  const routes = [
    route("root", undefined, ""),
    route("routes/layouts/app", "root"),
    route("routes/home", "routes/layouts/app", "home"),
    route("routes/fleet/fleet", "routes/layouts/app", "explore-our-fleet"),
    route("routes/fleet/ship", "routes/layouts/app", "explore-our-fleet/:ship"),
    route("routes/insights/export", "routes/layouts/app", "insights/export/:list"),
    route("routes/layouts/close", "root"),
    route("routes/account/reset-password", "routes/layouts/close", "account/forgot/password/reset-password"),
    route("routes/index", "root", undefined, true),
    ...(withCatchAll ? [route("routes/catch-all", "root", "*")] : []),
  ];
  return Object.fromEntries(routes.map((r) => [r.id, r]));
}

describe("routeIdResolver", () => {
  const resolve = routeIdResolver({ routes: manifest(false), basename: undefined });

  it.each([
    ["/home", "routes/home"],
    ["/home.data", "routes/home"],
    ["/_root.data", "routes/index"],
    ["/", "routes/index"],
    ["/explore-our-fleet", "routes/fleet/fleet"],
    ["/explore-our-fleet/symphony-of-the-seas", "routes/fleet/ship"],
    ["/explore-our-fleet/symphony-of-the-seas.data", "routes/fleet/ship"],
    ["/insights/export/alerts", "routes/insights/export"],
    ["/account/forgot/password/reset-password", "routes/account/reset-password"],
    ["/assets/x.js", "static"],
    ["/assets/home.data", "static"],
    ["/nope/nope", "unmatched"],
    ["/homes", "unmatched"],
  ])("%s is %s", (path, id) => {
    expect(resolve(path)).toBe(id);
  });

  it("gives the same answer from its cache", () => {
    expect(resolve("/explore-our-fleet/oasis-of-the-seas")).toBe("routes/fleet/ship");
    expect(resolve("/explore-our-fleet/oasis-of-the-seas")).toBe("routes/fleet/ship");
    expect(resolve("/nope")).toBe("unmatched");
    expect(resolve("/nope")).toBe("unmatched");
  });

  it("names the portal's catch-all for an unknown path when the build has one", () => {
    const withCatchAll = routeIdResolver({ routes: manifest(true), basename: undefined });
    expect(withCatchAll("/nope/nope")).toBe("routes/catch-all");
    expect(withCatchAll("/home")).toBe("routes/home");
  });

  it("matches under the build's basename", () => {
    const based = routeIdResolver({ routes: manifest(false), basename: "/portal" });
    expect(based("/portal/home")).toBe("routes/home");
    expect(based("/portal/_root.data")).toBe("routes/index");
    expect(based("/home")).toBe("unmatched");
  });
});
