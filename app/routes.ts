import { type RouteConfig, index, layout, route } from "@remix-run/route-config";

/**
 * The portal's map, in the order of the specification's screens and routes. Pathless layouts group the pages
 * by the shell they use (the five layout families). The areas' wildcard routes (`/travel-docs/*`, …) share one module:
 * a path under their area that is none of its pages is "Page not found" in the shell.
 */
const areaNotFound = (path: string) =>
  route(path, "routes/area-not-found.tsx", { id: `not-found/${path.replace("/*", "")}` });

export default [
  // 5. Protected routes behind the auth guard (/welcome draws the minimal shell).
  layout("routes/layouts/app.tsx", [
    route("home", "routes/home.tsx"),
    route("welcome", "routes/welcome.tsx"),
    route("logout", "routes/auth/logout.tsx"),
    route("legacy/:app", "routes/legacy/open.tsx"),
    route("tools/:toolCode", "routes/legacy/tool.tsx"),
    route("gift-link", "routes/resources/gift-link.ts"),
    route("super-user", "routes/super-user/search.tsx"),
    route("super-user/agency-found", "routes/super-user/agency-found.tsx"),
    route("super-user/stop", "routes/super-user/stop.ts"),
    route("explore-our-fleet", "routes/fleet/fleet.tsx"),
    route("explore-our-fleet/:ship", "routes/fleet/ship.tsx"),
    route("promotion/home", "routes/promotion/home.tsx"),
    route("promotion/brand", "routes/promotion/brand.tsx"),
    route("promotion/results", "routes/promotion/results.tsx"),
    route("promotion/results.csv", "routes/promotion/results-csv.ts"),
    route("promotion/detail", "routes/promotion/detail.tsx"),
    route("promotion/featured-offers", "routes/promotion/featured.tsx"),
    route("promotion/archived-offers", "routes/promotion/archived.tsx"),
    route("promotion/offers-list", "routes/promotion/offers-list.tsx"),
    route("insights", "routes/redirects/insights.tsx"),
    route("insights/overview", "routes/insights/overview.tsx"),
    route("insights/alert-centre", "routes/insights/alert-centre.tsx"),
    route("insights/coupon-application-details", "routes/insights/coupons.tsx"),
    route("insights/future-compensation", "routes/insights/future-compensation.tsx"),
    route("insights/individual-and-group-reservations", "routes/insights/reservations.tsx"),
    route("insights/npc-transmission-details", "routes/insights/transmissions.tsx"),
    route("insights/set-up-automated-emails", "routes/insights/set-up-automated-emails.tsx"),
    route("insights/onboard-sales", "routes/insights/onboard-sales.tsx"),
    route("insights/casino-reservations", "routes/insights/casino.tsx"),
    route("insights/price-drops", "routes/insights/price-drops.tsx"),
    route("insights/view-another-branch", "routes/insights/view-another-branch.tsx"),
    route("insights/booking/:bookingId", "routes/insights/booking.tsx"),
    route("insights/export/:list", "routes/insights/export.ts"),
    route("user-management", "routes/user-management/list.tsx"),
    route("user-management/agents/:agentId", "routes/user-management/agent.tsx"),
    route("user-management/invite", "routes/user-management/invite.tsx"),
    areaNotFound("user-management/*"),
    route("group-travel-hub", "routes/group-travel-hub/hub.tsx"),
    route("group-travel-hub/request", "routes/group-travel-hub/request.tsx"),
    route("group-travel-hub/groups.csv", "routes/group-travel-hub/groups-csv.ts"),
    route("group-travel-hub/:groupId", "routes/group-travel-hub/group.tsx"),
    areaNotFound("group-travel-hub/*"),
    route("profile", "routes/redirects/profile.tsx"),
    route("profile/info", "routes/profile/info.tsx"),
    route("profile/communications", "routes/profile/communications.tsx"),
    route("profile/agency", "routes/profile/agency.tsx"),
    route("profile/security", "routes/profile/security.tsx"),
    route("certificate-redemption", "routes/certificate-redemption.tsx"),
    route("travel-docs", "routes/travel-docs/find.tsx"),
    route("travel-docs/:bookingId/:document", "routes/travel-docs/document.tsx"),
    route("travel-docs/:bookingId/:document/pdf", "routes/travel-docs/document-pdf.ts"),
    areaNotFound("travel-docs/*"),
    route("alerts", "routes/alerts.tsx", { id: "screen/alerts" }),
    route("reduced-rates", "routes/reduced-rates/list.tsx"),
    route("reduced-rates/request", "routes/reduced-rates/request.tsx"),
    route("reduced-rates/requests", "routes/reduced-rates/requests.tsx"),
    route("reduced-rates/sailings.csv", "routes/reduced-rates/sailings-csv.ts"),
    areaNotFound("reduced-rates/*"),
    route("itinerary/search", "routes/itinerary/search.tsx"),
    route("itinerary/results", "routes/itinerary/results.tsx"),
    route("itinerary/results.csv", "routes/itinerary/results-csv.ts"),
    route("itinerary/detail", "routes/itinerary/detail.tsx"),
    route("itineraries/compare", "routes/itinerary/compare.tsx"),
  ]),

  // 1. Public pages with a minimal header and footer.
  layout("routes/layouts/public.tsx", [
    route("login", "routes/auth/login.tsx"),
    route("otp-verify", "routes/auth/otp-verify.tsx"),
    route("travel-docs/html/preview", "routes/travel-docs/preview.tsx"),
    route("unsubscribe", "routes/unsubscribe.tsx"),
  ]),

  // 3. Back button and logo; a signed-in user is sent to /home.
  layout("routes/layouts/back.tsx", [
    route("register", "routes/register/find-agency.tsx"),
    route("register/stepper", "routes/register/stepper.tsx"),
    route("register-agency", "routes/register-agency/start.tsx"),
    route("register-agency/stepper", "routes/register-agency/stepper.tsx"),
    route("register-agency/stepperSuccess", "routes/register-agency/stepper-success.tsx"),
    route("register-agency/verify", "routes/register-agency/verify.tsx"),
    route("register-agency/email-sent", "routes/register-agency/email-sent.tsx"),
    route("register-agency/email-resend", "routes/register-agency/email-resend.tsx"),
    route("register-agency/welcome", "routes/register-agency/welcome.tsx"),
    route("register-agency/sales-agreement", "routes/register-agency/sales-agreement.tsx"),
  ]),

  // 2. A top-right close button that goes to /login by default.
  layout("routes/layouts/close.tsx", [
    route("account/forgot", "routes/account/forgot.tsx"),
    route("account/forgot/password", "routes/account/forgot-password.tsx"),
    route("account/forgot/password/email-verified", "routes/account/email-verified.tsx"),
    route("account/forgot/password/reset-password", "routes/account/reset-password.tsx"),
    route("account/forgot/password/reset-success", "routes/account/reset-success.tsx"),
    route("account/forgot/username", "routes/account/forgot-username.tsx"),
    route("account/forgot/username/recovery", "routes/account/username-recovery.tsx"),
    route("account/forgot/username/phone-verification", "routes/account/phone-verification.tsx"),
  ]),

  // 4. The signed-in shell when signed in with the terms accepted, else the minimal shell.
  layout("routes/layouts/conditional.tsx", [
    route("terms-of-use", "routes/legal/legal-page.tsx", { id: "legal:terms-of-use" }),
    route("privacy-policy", "routes/legal/legal-page.tsx", { id: "legal:privacy-policy" }),
    route("travel-agent-guidelines", "routes/legal/legal-page.tsx", { id: "legal:travel-agent-guidelines" }),
  ]),

  route("error", "routes/error.tsx"),

  // Resource routes (no UI).
  route("session/keepalive", "routes/resources/keepalive.ts"),
  route("kept-forms", "routes/resources/kept-forms.ts"),
  route("healthz", "routes/resources/healthz.ts"),
  route("language", "routes/resources/language.ts"),
  route("legal-acceptance", "routes/legal/accept.ts"),
  route("api/weather/live/current", "routes/api/weather-current.ts"),
  route("api/weather/live/weekly", "routes/api/weather-weekly.ts"),
  route("api/weather/locations", "routes/api/weather-locations.ts"),
  route("api/forex", "routes/api/forex.ts"),
  route("preferences/widgets", "routes/resources/widget-settings.ts"),
  route("notifications/dismiss", "routes/resources/dismiss-notification.ts"),
  route("preferences/sidebar", "routes/resources/sidebar.ts"),
  route("chat/token", "routes/resources/chat-token.ts"),
  route("currency-flags/:code", "routes/resources/currency-flag.ts"),
  route("ship-images/:ship", "routes/resources/ship-image.ts"),
  route("offer-images/:offer", "routes/resources/offer-image.ts"),
  // The profile photo: the one upload (its own body limit), and uploaded photos on the portal's origin.
  route("profile/photo", "routes/profile/photo.ts"),
  route("agent-photos/:file", "routes/resources/agent-photo.ts"),
  route("icons.svg", "routes/resources/icon-sprite.ts"),

  index("routes/index.tsx"),
  // Every unknown path redirects to /home.
  route("*", "routes/catch-all.tsx"),
] satisfies RouteConfig;
