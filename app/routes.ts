import { type RouteConfig, index, layout, route } from "@remix-run/route-config";

/**
 * The portal's map, in the order of the specification's section 2. Pathless layouts group the
 * pages by the shell they use; every protected page sits under the auth guard of layouts/app.
 */
export default [
  // Layout family 5: protected routes behind the auth guard.
  layout("routes/layouts/app.tsx", [
    route("home", "routes/home.tsx"),
    route("logout", "routes/auth/logout.tsx"),
  ]),

  // Layout family 1: public pages with a minimal header and footer.
  layout("routes/layouts/public.tsx", [
    route("login", "routes/auth/login.tsx"),
    route("otp-verify", "routes/auth/otp-verify.tsx"),
  ]),

  route("error", "routes/error.tsx"),

  // Resource routes (no UI).
  route("session/keepalive", "routes/resources/keepalive.ts"),
  route("healthz", "routes/resources/healthz.ts"),

  index("routes/index.tsx"),
  // Every unknown path redirects to /home.
  route("*", "routes/catch-all.tsx"),
] satisfies RouteConfig;
