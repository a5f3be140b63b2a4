import type { RouteConfigEntry } from "@remix-run/route-config";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { isResourcePath, loginPath, originOf } from "~/domain/redirect";

/** Every leaf route of app/routes.ts as a concrete path, with its module file. */
function leaves(entries: RouteConfigEntry[], parent = ""): Array<{ path: string; file: string }> {
  return entries.flatMap((entry) => {
    const full = entry.path === undefined ? parent : `${parent}/${entry.path}`.replace(/\/+/g, "/");
    const own = entry.children ? [] : [{ path: full || "/", file: entry.file }];
    return [...own, ...leaves(entry.children ?? [], full)];
  });
}

describe("a resource route is never the page to return to after signing in", () => {
  // Resource routes are the .ts modules of the route map (no page of their own); pages are .tsx.
  it.each(leaves(routes).map((r) => [r.path.replace(/:\w+/g, "x1").replace("*", "anything"), r.file] as const))(
    "%s (%s)",
    (path, file) => {
      expect(isResourcePath(path)).toBe(file.endsWith(".ts"));
    },
  );

  it.each([
    ["/session/keepalive", "idle", "/login?reason=idle"],
    ["/notifications/dismiss", undefined, "/login"],
    ["/insights/export/alerts?branch=MIA", "expired", "/login?reason=expired"],
    ["/travel-docs/RC1/invoice/pdf", undefined, "/login"],
    ["/profile/info", "idle", "/login?redirectTo=%2Fprofile%2Finfo&reason=idle"],
    ["/itinerary/results?ship=X", "expired", "/login?redirectTo=%2Fitinerary%2Fresults%3Fship%3DX&reason=expired"],
    [
      "/promotion/results?brand=C&destination=MEDITERRANEAN&adults=2",
      "idle",
      "/login?redirectTo=%2Fpromotion%2Fresults%3Fbrand%3DC%26destination%3DMEDITERRANEAN%26adults%3D2&reason=idle",
    ],
    ["/logout", "idle", "/login?reason=idle"],
  ] as const)("loginPath(%s, %s) is %s", (origin, reason, expected) => {
    expect(loginPath(origin, reason)).toBe(expected);
  });

  it("remembers a page without the framework's data-request parameters or a legacy token", () => {
    expect(originOf(new URL("http://portal.invalid/home?_routes=routes%2Fhome&z=tok&x=1"))).toBe("/home?x=1");
  });
});
