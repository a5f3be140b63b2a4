import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import type { ServerBuild } from "@remix-run/node";
import { LRUCache } from "lru-cache";

/** Paths served from files, never by a route: Vite's hashed build output and the public folder. */
const STATIC_PREFIXES = ["/assets/", "/images/"];

export const STATIC_ROUTE = "static";
export const UNMATCHED_ROUTE = "unmatched";

export const isStaticPath = (pathname: string) => STATIC_PREFIXES.some((prefix) => pathname.startsWith(prefix));

type RouteNode = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteNode[] };

/**
 * The route tree from the build's flat manifest, each route under its parent, as Remix builds it
 * before matching (its createRoutes is not exported from the package's entry).
 */
function routeTree(manifest: ServerBuild["routes"]): AgnosticRouteObject[] {
  const byParent = new Map<string, RouteNode[]>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const parent = route.parentId ?? "";
    const siblings = byParent.get(parent) ?? [];
    siblings.push({ id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive });
    byParent.set(parent, siblings);
  }
  const build = (parentId: string): RouteNode[] =>
    (byParent.get(parentId) ?? []).map((node) => (node.index ? node : { ...node, children: build(node.id) }));
  return build("") as AgnosticRouteObject[];
}

/**
 * Single-fetch data requests name the page they load: `/home.data` loads `/home`, and the site's
 * root, which has no name of its own, is asked for as `/_root.data` (under the basename, if any).
 */
function pagePath(pathname: string): string {
  if (!pathname.endsWith(".data")) return pathname;
  const page = pathname.slice(0, -".data".length);
  return page.endsWith("/_root") ? page.slice(0, -"_root".length) : page;
}

/**
 * The id of the deepest Remix route that answers a request path ("routes/home"), for metrics and
 * log lines: a label with a bounded set of values, where the path itself (ids, slugs) is not.
 * Answers are cached: the same few hundred paths come back all day.
 */
export function routeIdResolver(build: Pick<ServerBuild, "routes" | "basename">): (pathname: string) => string {
  const routes = routeTree(build.routes);
  const cache = new LRUCache<string, string>({ max: 2000 });
  return (pathname) => {
    const cached = cache.get(pathname);
    if (cached !== undefined) return cached;
    let id: string;
    if (isStaticPath(pathname)) id = STATIC_ROUTE;
    else {
      const matches = matchRoutes(routes, pagePath(pathname), build.basename);
      id = matches?.at(-1)?.route.id ?? UNMATCHED_ROUTE;
    }
    cache.set(pathname, id);
    return id;
  };
}
