import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import {
  getWithCookie,
  mswUpstream,
  portalEnv,
  profile,
  signedInSession,
  statusOf,
  thrown,
  upstreamMock,
} from "./harness";

/** The travel-document pages over the upstream's /documents calls; never a 500. */
const env = portalEnv();
const find = await import("~/routes/travel-docs/find");
const documentPage = await import("~/routes/travel-docs/document");
const pdf = await import("~/routes/travel-docs/document-pdf");
const preview = await import("~/routes/travel-docs/preview");

const API = "http://upstream.test";
const CONTENT = `${API}/api/royal/content/cruising-power`;
const calls: string[] = [];
const bodies: unknown[] = [];
const server = mswUpstream(env, [calls, bodies]);

const DOCS = ["cruise-documents", "luggage-tags", "itinerary", "invoice"] as const;
const overview = (over: Record<string, unknown> = {}) => ({
  bookingId: "3104008",
  status: "CONFIRMED",
  brand: "C",
  shipName: "Celebrity Edge",
  sailDate: "2026-12-28",
  nights: 7,
  cabinClass: "OUTSIDE",
  departurePort: "Fort Lauderdale",
  guests: [{ givenName: "Elizabeth", surname: "Evans" }],
  currency: "USD",
  totalPrice: 5146,
  amountPaid: 5146,
  amountDue: 0,
  balanceDueDate: null,
  documents: DOCS.map((kind) => ({ kind, ready: true, reason: null })),
  ...over,
});
const content = (kind: string) => ({
  kind,
  title: "Itinerary",
  booking: {
    bookingId: "3104008",
    brand: "C",
    shipName: "Celebrity Edge",
    sailDate: "2026-12-28",
    returnDate: "2027-01-04",
    nights: 7,
    cabinClass: "OUTSIDE",
    departurePort: "Fort Lauderdale",
    guests: [{ givenName: "Elizabeth", surname: "Evans", loyaltyNumber: null }],
  },
  boarding: null,
  itinerary: [{ day: 1, date: "2026-12-28", port: "Fort Lauderdale", arrival: null, departure: "16:30" }],
  invoice: null,
});
const link = (over: Record<string, unknown> = {}) => ({
  linkId: "AAAAAAAAAAAAAAAAAAAAAA",
  document: "itinerary",
  url: "http://localhost:3000/travel-docs/html/preview?token=AAAAAAAAAAAAAAAAAAAAAA.sig",
  createdAt: "2026-11-24T10:00:00.000Z",
  expiresAt: "2026-12-01T10:00:00.000Z",
  createdBy: "agent.usa",
  emailedTo: null,
  revokedAt: null,
  ...over,
});
const refusal = (status: number, errorCode: string) =>
  HttpResponse.json({ message: { message: "refused", errorCode } }, { status });

const readyPage = (page = 1) => ({
  items: [
    {
      bookingId: "3104008",
      brand: "C",
      shipName: "Celebrity Edge",
      sailDate: "2026-12-28",
      nights: 7,
      leadGuest: "Evans, Elizabeth",
      leadSurname: "Evans",
      guests: 1,
    },
  ],
  total: 11,
  page,
  pageSize: 10,
  pageCount: 2,
});

const upstream = upstreamMock(server, calls, () => [
  http.get(`${API}/documents/ready`, ({ request }) =>
    HttpResponse.json({ data: readyPage(Number(new URL(request.url).searchParams.get("page"))) }),
  ),
  http.get(`${API}/documents/find`, ({ request }) => {
    const q = new URL(request.url).searchParams;
    return q.get("bookingId") === "3104008" && q.get("surname") === "Evans" && q.get("sailDate") === "2026-12-28"
      ? HttpResponse.json({ data: overview() })
      : refusal(404, "NOT_FOUND");
  }),
  http.get(`${API}/documents/bookings/3104008/previews`, () => HttpResponse.json({ data: { items: [link()] } })),
  http.get(`${API}/documents/bookings/3104008/:kind`, ({ params }) =>
    HttpResponse.json({
      data: {
        booking: overview(),
        kind: params.kind,
        ready: true,
        reason: null,
        content: content(String(params.kind)),
      },
    }),
  ),
  http.get(`${API}/documents/bookings/3109550/:kind`, ({ params }) =>
    HttpResponse.json({
      data: {
        booking: overview({ bookingId: "3109550", amountDue: 193, balanceDueDate: "2028-06-18" }),
        kind: params.kind,
        ready: false,
        reason: "BALANCE_DUE",
        content: null,
      },
    }),
  ),
  http.get(`${API}/documents/bookings/3109550/previews`, () => HttpResponse.json({ data: { items: [] } })),
  // Another agency's booking: the upstream does not tell it apart from none.
  http.get(`${API}/documents/bookings/:other/*`, () => refusal(404, "NOT_FOUND")),
  http.get(`${CONTENT}/*`, () => HttpResponse.json({ message: "not found" }, { status: 404 })),
]);

const docsProfile = () => profile({ allowedApplicationTools: [{ toolCode: "GUEST-DOCS" }] });
type Loaded = { data: Record<string, unknown>; init?: { status?: number; headers?: Record<string, string> } };
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });
const loadFind = async (cookie: string, query: string) =>
  (await find.loader(args(getWithCookie(cookie, `/travel-docs${query}`)))) as unknown as Loaded;
const post = (cookie: string, path: string, fields: Array<[string, string]>) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Cookie: cookie, origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

describe("/travel-docs finds a booking", () => {
  it("finds the agency's booking when all three match and lists its documents", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: docsProfile() });
    const loaded = await loadFind(cookie, "?bookingId=3104008&surname=Evans&sailDate=28DEC2026");
    expect(statusOf(loaded) ?? 200).toBe(200);
    expect(loaded.data.lookup).toMatchObject({ kind: "found", booking: { bookingId: "3104008" } });
    expect(calls).toContain("GET /documents/find?bookingId=3104008&surname=Evans&sailDate=2026-12-28");
  });

  it("says 'no booking found' (404) when the upstream has none, as for another agency's", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: docsProfile() });
    const loaded = await loadFind(cookie, "?bookingId=3112165&surname=Ruiz&sailDate=2028-09-16");
    expect(statusOf(loaded)).toBe(404);
    expect(loaded.data.lookup).toEqual({ kind: "not-found" });
  });

  it("refuses malformed fields before the upstream (400), keeping what was typed", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: docsProfile() });
    const loaded = await loadFind(cookie, "?bookingId=%27%3B&surname=&sailDate=soon");
    expect(statusOf(loaded)).toBe(400);
    const lookup = loaded.data.lookup as { kind: string; fieldErrors: Record<string, string[]> };
    expect(Object.keys(lookup.fieldErrors).sort()).toEqual(["bookingId", "sailDate", "surname"]);
    expect(loaded.data.typed).toEqual({ bookingId: "';", surname: "", sailDate: "soon" });
    expect(calls.filter((c) => c.startsWith("GET /documents/find"))).toEqual([]);
  });

  it("an upstream that is down leaves the page with a notice", async () => {
    upstream(http.get(`${API}/documents/find`, () => HttpResponse.json({}, { status: 503 })));
    const { cookie } = await signedInSession({ profile: docsProfile() });
    const loaded = await loadFind(cookie, "?bookingId=3104008&surname=Evans&sailDate=2026-12-28");
    expect(loaded.data.lookup).toEqual({ kind: "unavailable" });
  });

  it("lists the agency's upcoming bookings with documents ready, the page from the URL (junk: the first)", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: docsProfile() });
    const loaded = await loadFind(cookie, "?page=2");
    expect(calls).toContain("GET /documents/ready?page=2&pageSize=10");
    expect(loaded.data.ready).toMatchObject({ total: 11, page: 2, items: [{ bookingId: "3104008" }] });
    expect(loaded.data.lookup).toEqual({ kind: "none" });
    await loadFind(cookie, "?page=%27x");
    expect(calls).toContain("GET /documents/ready?page=1&pageSize=10");
  });

  it("a list that cannot be read leaves the look-up working", async () => {
    upstream(http.get(`${API}/documents/ready`, () => HttpResponse.json({}, { status: 503 })));
    const { cookie } = await signedInSession({ profile: docsProfile() });
    const loaded = await loadFind(cookie, "?bookingId=3104008&surname=Evans&sailDate=2026-12-28");
    expect(loaded.data.ready).toBeNull();
    expect(loaded.data.lookup).toMatchObject({ kind: "found", booking: { bookingId: "3104008" } });
  });

  it("sends an agent without GUEST-DOCS to /home", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: profile() });
    const response = (await thrown(find.loader(args(getWithCookie(cookie, "/travel-docs"))))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/home");
  });
});

describe("a document page", () => {
  const params = (bookingId: string, document: string) => ({ bookingId, document });
  const loadDoc = async (cookie: string, bookingId: string, document: string, query = "") =>
    (await documentPage.loader(
      args(getWithCookie(cookie, `/travel-docs/${bookingId}/${document}${query}`), params(bookingId, document)),
    )) as unknown as { document: { ready: boolean; content: unknown }; links: unknown[] | null };

  it("shows a ready document with the booking's live links", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: docsProfile() });
    const loaded = await loadDoc(cookie, "3104008", "itinerary");
    expect(loaded.document.ready).toBe(true);
    expect(loaded.links).toHaveLength(1);
  });

  it("is 404 for another agency's booking and for an unknown document, without a call for the latter", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: docsProfile() });
    expect(statusOf(await thrown(loadDoc(cookie, "3112165", "itinerary")))).toBe(404);
    const before = calls.length;
    expect(statusOf(await thrown(loadDoc(cookie, "3104008", "passport")))).toBe(404);
    expect(calls.length).toBe(before);
  });

  it("a live-links list that fails leaves the document with a notice", async () => {
    upstream(http.get(`${API}/documents/bookings/3104008/previews`, () => HttpResponse.json({}, { status: 500 })));
    const { cookie } = await signedInSession({ profile: docsProfile() });
    const loaded = await loadDoc(cookie, "3104008", "itinerary");
    expect(loaded.document.ready).toBe(true);
    expect(loaded.links).toBeNull();
  });

  it("e-mails the guest and redirects to the confirmation (POST-redirect-GET)", async () => {
    upstream(
      http.post(`${API}/documents/bookings/3104008/itinerary/email`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ data: { sentTo: "guest@example.com", link: link() } }, { status: 201 });
      }),
    );
    const { cookie } = await signedInSession({ profile: docsProfile() });
    const response = (await documentPage.action(
      args(
        post(cookie, "/travel-docs/3104008/itinerary", [
          ["intent", "email"],
          ["email", " guest@example.com "],
        ]),
        params("3104008", "itinerary"),
      ),
    )) as Response;
    expect(response.status).toBe(302);
    // The link's id, never the guest's address, in the URL.
    expect(response.headers.get("Location")).toBe("/travel-docs/3104008/itinerary?sent=AAAAAAAAAAAAAAAAAAAAAA");
    expect(bodies).toEqual([{ email: "guest@example.com" }]);
  });

  it("refuses a malformed address before the upstream, keeping it (400)", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: docsProfile() });
    const result = (await documentPage.action(
      args(
        post(cookie, "/travel-docs/3104008/itinerary", [
          ["intent", "email"],
          ["email", "guest@"],
        ]),
        params("3104008", "itinerary"),
      ),
    )) as unknown as Loaded;
    expect(statusOf(result)).toBe(400);
    expect(result.data).toMatchObject({ typed: { email: "guest@" }, fieldErrors: { email: [expect.any(String)] } });
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual([]);
  });

  it("shares a preview link and redirects to it; a document not ready is a clear 409", async () => {
    upstream(
      http.post(`${API}/documents/bookings/3104008/itinerary/previews`, () =>
        HttpResponse.json({ data: link() }, { status: 201 }),
      ),
      http.post(`${API}/documents/bookings/3109550/itinerary/previews`, () => refusal(409, "NOT_READY")),
    );
    const { cookie } = await signedInSession({ profile: docsProfile() });
    const shared = (await documentPage.action(
      args(post(cookie, "/travel-docs/3104008/itinerary", [["intent", "share"]]), params("3104008", "itinerary")),
    )) as Response;
    expect(shared.status).toBe(302);
    expect(shared.headers.get("Location")).toMatch(/\?shared=AAAAAAAAAAAAAAAAAAAAAA#preview-links-heading$/);
    const refused = (await documentPage.action(
      args(post(cookie, "/travel-docs/3109550/itinerary", [["intent", "share"]]), params("3109550", "itinerary")),
    )) as unknown as Loaded;
    expect(statusOf(refused)).toBe(409);
    expect(refused.data.error).toMatch(/not ready yet/);
  });

  it("revokes a link; an upstream failure is a retry message (502), never a 500", async () => {
    upstream(
      http.post(`${API}/documents/previews/AAAAAAAAAAAAAAAAAAAAAA/revoke`, () =>
        HttpResponse.json({ data: link({ revokedAt: "2026-11-24T11:00:00.000Z" }) }),
      ),
      http.post(`${API}/documents/previews/BBBBBBBBBBBBBBBBBBBBBB/revoke`, () =>
        HttpResponse.json({}, { status: 500 }),
      ),
    );
    const { cookie } = await signedInSession({ profile: docsProfile() });
    const revoke = (linkId: string) =>
      documentPage.action(
        args(
          post(cookie, "/travel-docs/3104008/itinerary", [
            ["intent", "revoke"],
            ["linkId", linkId],
          ]),
          params("3104008", "itinerary"),
        ),
      );
    const ok = (await revoke("AAAAAAAAAAAAAAAAAAAAAA")) as Response;
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/travel-docs/3104008/itinerary?revoked=1#preview-links-heading");
    const failed = (await revoke("BBBBBBBBBBBBBBBBBBBBBB")) as unknown as Loaded;
    expect(statusOf(failed)).toBe(502);
  });
});

describe("a document's PDF", () => {
  const loadPdf = async (cookie: string, bookingId: string, document: string) =>
    (await pdf.loader(
      args(getWithCookie(cookie, `/travel-docs/${bookingId}/${document}/pdf`), { bookingId, document }),
    )) as Response;

  it("is a PDF made on the server, inline with a file name", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: docsProfile() });
    const response = await loadPdf(cookie, "3104008", "itinerary");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('inline; filename="itinerary-3104008.pdf"');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("is no PDF but a clear 409 for a document not ready, and 404 for another agency's booking", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: docsProfile() });
    const notReady = await loadPdf(cookie, "3109550", "luggage-tags");
    expect(notReady.status).toBe(409);
    expect(notReady.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await notReady.text()).toMatch(/not ready yet.*\$193\.00 is still due/);
    expect(statusOf(await thrown(loadPdf(cookie, "3112165", "invoice")))).toBe(404);
  });
});

describe("the public preview", () => {
  const loadPreview = async (query: string) =>
    (await preview.loader(args(new Request(`http://localhost/travel-docs/html/preview${query}`)))) as unknown as Loaded;

  it("shows the document a valid token opens, with no-store, no-referrer and noindex, and no bearer", async () => {
    let authorization: string | null = "unset";
    upstream(
      http.get(`${API}/documents/preview`, ({ request }) => {
        authorization = request.headers.get("authorization");
        return HttpResponse.json({ data: { expiresAt: "2026-12-01T10:00:00.000Z", document: content("itinerary") } });
      }),
    );
    const loaded = await loadPreview("?token=AAAAAAAAAAAAAAAAAAAAAA.sig");
    expect(statusOf(loaded) ?? 200).toBe(200);
    expect(loaded.data).toMatchObject({ kind: "document", document: { kind: "itinerary" } });
    expect(loaded.init?.headers).toMatchObject({
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
      "X-Robots-Tag": "noindex, nofollow",
    });
    expect(authorization).toBeNull();
  });

  it.each([
    [404, "LINK_INVALID", "This link is not valid"],
    [410, "LINK_EXPIRED", "This link has expired"],
    [410, "LINK_REVOKED", "This link was withdrawn"],
  ])("an upstream %i %s is its own page without data", async (status, code, heading) => {
    upstream(http.get(`${API}/documents/preview`, () => refusal(status, code)));
    const loaded = await loadPreview("?token=forged.token");
    expect(statusOf(loaded)).toBe(status);
    expect(loaded.data).toEqual({ kind: "refused", refusal: expect.objectContaining({ heading }) });
  });

  it("no token is 'not valid' without a call; an upstream that is down is a notice (503)", async () => {
    upstream(http.get(`${API}/documents/preview`, () => HttpResponse.json({}, { status: 502 })));
    const none = await loadPreview("");
    expect(statusOf(none)).toBe(404);
    expect(calls).toEqual([]);
    const down = await loadPreview("?token=x");
    expect(statusOf(down)).toBe(503);
    expect(down.data).toEqual({ kind: "unavailable" });
  });
});
