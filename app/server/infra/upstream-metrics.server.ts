import { Counter, Histogram, register } from "prom-client";

/** How an upstream call ended, as operators count them. */
export type UpstreamOutcome = "ok" | "http_4xx" | "http_5xx" | "timeout" | "unavailable" | "malformed";

const DURATION = "portal_upstream_request_duration_seconds";
const CALLS = "portal_upstream_requests_total";

/**
 * The path segments an upstream address is made of when they are not data: every word the clients
 * (app/server/clients) write into a path, the insight API's default prefix and the content service's
 * site. Any other segment (an agent's id, a ship's code, a content page) is written `:id`, so a
 * label never holds a raw id and the series stay few. tests/unit/upstream-endpoints.test.ts fails
 * when a client writes a word that is missing here.
 */
export const ENDPOINT_WORDS: ReadonlySet<string> = new Set([
  ...[
    "accounts",
    "act-for",
    "agencies",
    "agency-lookup",
    "agent-email-verification",
    "agent-photos",
    "agents",
    "alert-centre",
    "alerts",
    "api",
    "archived",
    "auth",
    "bookings",
    "branches",
    "casino",
    "casino-reservations",
    "catalogue",
    "certificates",
    "commissions",
    "content",
    "coupon-application-details",
    "coupons",
    "credits",
    "details",
    "digest",
    "dismissed-notification",
    "documents",
    "email",
    "end-others",
    "export",
    "find",
    "forex",
    "forgot-password",
    "forgot-username",
    "future-compensation",
    "generate",
    "groups",
    "image.svg",
    "individual-and-group-reservations",
    "insights",
    "invitation-lookup",
    "invitations",
    "legal-acceptance",
    "live",
    "location",
    "locations",
    "login",
    "logout",
    "mfa",
    "npc-transmission-details",
    "offers",
    "onboard-sales",
    "otp",
    "password",
    "photo",
    "photo.jpg",
    "ports",
    "preview",
    "previews",
    "price-drops",
    "promotions",
    "public-key",
    "qa-mode",
    "ready",
    "recover-username",
    "redeem",
    "redirect",
    "reduced-rates",
    "reference",
    "refresh-token",
    "register",
    "remoteCPAccess",
    "requests",
    "reset-password",
    "revoke",
    "royal",
    "sailings",
    "send-notification",
    "ships",
    "sign-ins",
    "summary",
    "super-user",
    "transmissions",
    "unsubscribe",
    "userProfile",
    "validate",
    "validate-legacy-token",
    "weather",
    "welcome",
    "withdraw",
  ],
  "insight",
  "cruising-power",
]);

/** The endpoint template of an upstream path: no query, every segment that is not a known word `:id`. */
export function endpointTemplate(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? "";
  const template = bare
    .split("/")
    .map((segment) => (segment === "" || ENDPOINT_WORDS.has(segment) ? segment : ":id"))
    .join("/");
  return template || "/";
}

/**
 * The upstream-call metrics, in prom-client's default registry: the one the portal's server serves
 * and the cluster's primary collects (prom-client is not bundled into the app's build, so the build
 * and the server share it). Taken from the registry when already there, since this module is
 * evaluated more than once in one process (the build's copy, the tests' reloads) and a second
 * registration throws.
 */
const histogram = (): Histogram<"service" | "outcome"> =>
  (register.getSingleMetric(DURATION) as Histogram<"service" | "outcome"> | undefined) ??
  new Histogram({
    name: DURATION,
    help: "Time of each upstream call from sending to its outcome, by service and outcome.",
    labelNames: ["service", "outcome"],
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });

/** A counter, not a histogram, by endpoint: one series per endpoint and outcome, not one per bucket too. */
const calls = (): Counter<"service" | "endpoint" | "outcome"> =>
  (register.getSingleMetric(CALLS) as Counter<"service" | "endpoint" | "outcome"> | undefined) ??
  new Counter({
    name: CALLS,
    help: "Upstream calls by service, endpoint template (ids written :id) and outcome.",
    labelNames: ["service", "endpoint", "outcome"],
  });

/** Records one finished upstream call to `path`; `started` is its performance.now() at sending. */
export function recordUpstream(service: string, outcome: UpstreamOutcome, started: number, path: string): void {
  histogram().observe({ service, outcome }, (performance.now() - started) / 1000);
  calls().inc({ service, endpoint: endpointTemplate(path), outcome });
}
