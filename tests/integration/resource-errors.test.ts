import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { mswUpstream, portalEnv, profile, signedInSession, thrown, upstreamMock } from "./harness";

/**
 * Resource routes (the notification dismissal, the CSV exports, the travel-document
 * PDF) have no error boundary. An upstream that fails must not answer raw JSON
 * ({"message":"Unexpected Server Error"}) that replaces the agent's screen: a browser's document
 * request gets the portal's page with 'Error fetching data' and a way back; the
 * dismissal made by a fetcher (JavaScript on) gets the message as data, shown in place.
 */

const env = portalEnv();
const dismiss = await import("~/routes/resources/dismiss-notification");
const insightsExport = await import("~/routes/insights/export");
const promotionCsv = await import("~/routes/promotion/results-csv");
const itineraryCsv = await import("~/routes/itinerary/results-csv");
const reducedRatesCsv = await import("~/routes/reduced-rates/sailings-csv");
const groupsCsv = await import("~/routes/group-travel-hub/groups-csv");
const documentPdf = await import("~/routes/travel-docs/document-pdf");

const API = "http://upstream.test";
const calls: string[] = [];
const server = mswUpstream(env, [calls]);
/** Every upstream call fails as a service that is down does. */
const upstreamDown = upstreamMock(server, calls, () => [http.all(`${API}/*`, () => HttpResponse.error())]);

const everyTool = profile({
  allowedApplicationTools: ["SEE-OUR-SHIPS", "SEARCH-PROMOTIONS", "GUEST-DOCS", "INSIGHT", "COUPON"].map(
    (toolCode) => ({ toolCode }),
  ),
});
// The clients cache an agent's answers by username: each test signs in as someone new.
let agents = 0;
const signIn = (p: Record<string, unknown> = everyTool) =>
  signedInSession({ profile: p, auth: { username: `agent.r${++agents}` } });

/** A link followed (or a form posted) by a browser: a document request. */
const documentHeaders = (cookie: string) => ({
  Cookie: cookie,
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "Sec-Fetch-Dest": "document",
});
const visit = (cookie: string, path: string) =>
  new Request(`http://localhost${path}`, { headers: documentHeaders(cookie) });
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
const dismissal = (redirectTo = "/alerts?type=ALL") =>
  new URLSearchParams({
    notificationId: "n-1",
    startDate: "2026-01-01T00:00:00.000Z",
    endDate: "2099-01-01T00:00:00.000Z",
    redirectTo,
  });

/** The portal's error page: its title, heading, message and the link back, as a browser gets it. */
async function expectErrorPage(answer: unknown, status: number, back: string, message: RegExp) {
  expect(answer).toBeInstanceOf(Response);
  const response = answer as Response;
  expect(response.status).toBe(status);
  expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  const html = await response.text();
  expect(html).not.toContain("Unexpected Server Error");
  expect(html).toContain('<html lang="en">');
  expect(html).toContain("<title>Error fetching data | Professional Portal</title>");
  expect(html).toMatch(/<h1 id="error-heading">Error fetching data<\/h1>/);
  expect(html).toMatch(message);
  expect(html).toContain(`<a href="${back.replaceAll("&", "&amp;")}">`);
  expect(html).not.toMatch(/<script/);
}

describe("a failed notification dismissal ('Error fetching data')", () => {
  it("without JavaScript: the portal's page with the message and the way back to the page it was on", async () => {
    upstreamDown();
    const { cookie } = await signIn();
    const request = new Request("http://localhost/notifications/dismiss", {
      method: "POST",
      headers: { ...documentHeaders(cookie), "content-type": "application/x-www-form-urlencoded" },
      body: dismissal(),
    });
    const answer = await thrown(dismiss.action(args(request)));
    await expectErrorPage(
      answer,
      503,
      "/alerts?type=ALL",
      /<p role="alert">The notification could not be dismissed. Please try again.<\/p>/,
    );
    expect(calls).toContain("POST /userProfile/dismissed-notification");
  });

  it("without JavaScript, a way back from another site is not followed: /home", async () => {
    upstreamDown();
    const { cookie } = await signIn();
    const request = new Request("http://localhost/notifications/dismiss", {
      method: "POST",
      headers: { ...documentHeaders(cookie), "content-type": "application/x-www-form-urlencoded" },
      body: dismissal("//evil.example/home"),
    });
    await expectErrorPage(await thrown(dismiss.action(args(request))), 503, "/home", /could not be dismissed/);
  });

  it("with JavaScript (a fetcher): the message comes back as data for the item to show in place, nothing thrown", async () => {
    upstreamDown();
    const { cookie } = await signIn();
    const request = new Request("http://localhost/notifications/dismiss", {
      method: "POST",
      headers: { Cookie: cookie, Accept: "*/*", "content-type": "application/x-www-form-urlencoded" },
      body: dismissal(),
    });
    const result = (await dismiss.action(args(request))) as { data: { error: string }; init: { status: number } };
    expect(result.init.status).toBe(503);
    expect(result.data.error).toBe("Error fetching data. The notification could not be dismissed. Please try again.");
  });

  it("a dismissal that succeeds without JavaScript goes back to the page it was on", async () => {
    upstreamMock(server, calls, () => [
      http.post(`${API}/userProfile/dismissed-notification`, () =>
        HttpResponse.json({ data: { dismissedNotifications: [] } }),
      ),
    ])();
    const { cookie } = await signIn();
    const request = new Request("http://localhost/notifications/dismiss", {
      method: "POST",
      headers: { ...documentHeaders(cookie), "content-type": "application/x-www-form-urlencoded" },
      body: dismissal(),
    });
    const response = (await dismiss.action(args(request))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/alerts?type=ALL");
  });
});

describe("a CSV export or the travel-document PDF while the upstream is down", () => {
  it.each([
    [
      "/insights/export/alerts?type=FINAL_PAYMENT_DUE",
      "/insights/alert-centre?type=FINAL_PAYMENT_DUE",
      insightsExport,
      { list: "alerts" },
    ],
    ["/promotion/results.csv?brand=R", "/promotion/results?brand=R", promotionCsv, {}],
    ["/itinerary/results.csv?brand=R&adults=2", "/itinerary/results?brand=R&adults=2", itineraryCsv, {}],
    ["/reduced-rates/sailings.csv?brand=R", "/reduced-rates?brand=R", reducedRatesCsv, {}],
    ["/group-travel-hub/groups.csv?brand=C", "/group-travel-hub?brand=C", groupsCsv, {}],
    [
      "/travel-docs/3104008/itinerary/pdf",
      "/travel-docs/3104008/itinerary",
      documentPdf,
      { bookingId: "3104008", document: "itinerary" },
    ],
  ] as const)("%s: the portal's page with the message and the way back to %s", async (path, back, route, params) => {
    upstreamDown();
    const { cookie } = await signIn();
    const answer = await thrown(route.loader(args(visit(cookie, path), { ...params })));
    await expectErrorPage(answer, 503, back, /<p role="alert">Service unavailable, please try again later<\/p>/);
    expect(calls.length).toBeGreaterThan(0);
  });

  it("the page gives the request's reference for the agent to quote (issue 38)", async () => {
    upstreamDown();
    const { cookie } = await signIn();
    const { requestContext } = await import("~/server/infra/request-context.server");
    const answer = await requestContext.run({ requestId: "ref-1234", clientAddress: "127.0.0.1" }, () =>
      thrown(promotionCsv.loader(args(visit(cookie, "/promotion/results.csv?brand=R")))),
    );
    expect(await (answer as Response).text()).toContain("<p>Reference: ref-1234</p>");
  });

  it("the guard's own failure (the profile cannot be read) is the same page", async () => {
    upstreamDown();
    const { cookie } = await signedInSession({ auth: { username: `agent.r${++agents}` } });
    const answer = await thrown(promotionCsv.loader(args(visit(cookie, "/promotion/results.csv"))));
    await expectErrorPage(answer, 503, "/promotion/results", /Service unavailable, please try again later/);
    expect(calls).toContain("GET /userProfile");
  });

  it("a request that is not a document gets the message as JSON, with the status", async () => {
    upstreamDown();
    const { cookie } = await signIn();
    const request = new Request("http://localhost/promotion/results.csv", { headers: { Cookie: cookie } });
    const answer = (await thrown(promotionCsv.loader(args(request)))) as Response;
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ message: "Service unavailable, please try again later" });
  });

  it("signed out, an export still goes to /login (no error page)", async () => {
    upstreamDown();
    const answer = (await thrown(promotionCsv.loader(args(visit("", "/promotion/results.csv"))))) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toMatch(/^\/login/);
  });
});
