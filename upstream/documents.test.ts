import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "./db/index";
import {
  PREVIEW_TTL_MS,
  documentReadiness,
  previewKey,
  previewState,
  previewToken,
  readPreviewToken,
} from "./db/documents";
import { startHarness, type Harness } from "./testing/harness";
import { undoDocumentsMigration } from "./testing/schema";

let h: Harness;
beforeAll(() => {
  h = startHarness();
});
afterAll(() => h.close());

beforeEach(() => h.reset());
const as = (username: string, method: string, path: string, body?: unknown) => h.as(username, method, path, body);

type Booking = { booking_id: string; sail_date: string; surname: string };

/** A booking of AG100101 (agent.usa's agency): paid in full and active, or with a balance due. */
function bookingOf(kind: "paid" | "due" | "cancelled", agencyId = "AG100101"): Booking {
  const where = {
    paid: "b.due_cents = 0 AND b.status != 'CANCELLED'",
    due: "b.due_cents > 0 AND b.status != 'CANCELLED'",
    cancelled: "b.status = 'CANCELLED'",
  }[kind];
  const row = h.db
    .prepare(
      `SELECT b.booking_id, b.sail_date, g.surname FROM insight_bookings b
       JOIN insight_guests g ON g.booking_id = b.booking_id AND g.position = 1
       WHERE b.agency_id = ? AND ${where} ORDER BY b.booking_id LIMIT 1`,
    )
    .get(agencyId) as Booking | undefined;
  if (!row) throw new Error(`no ${kind} booking of ${agencyId}`);
  return row;
}

const tokenOfUrl = (url: string) => new URL(url).searchParams.get("token") ?? "";

describe("the readiness rule", () => {
  it.each([
    ["invoice", "CANCELLED", 100, true],
    ["invoice", "OPEN", 100, true],
    ["itinerary", "CONFIRMED", 0, true],
    ["itinerary", "CONFIRMED", 1, false],
    ["luggage-tags", "CANCELLED", 0, false],
    ["cruise-documents", "OPEN", 0, true],
  ] as const)("%s of a %s booking with %i cents due: ready %s", (kind, status, due, ready) => {
    expect(documentReadiness(kind, { status, due_cents: due }).ready).toBe(ready);
  });
});

describe("the agency's upcoming bookings with documents ready", () => {
  type Ready = { bookingId: string; sailDate: string; leadSurname: string | null };
  it("lists the bookings sailing from today whose documents are all ready, soonest first, paged", async () => {
    const reply = await as("agent.usa", "GET", "/documents/ready?pageSize=100");
    expect(reply.status).toBe(200);
    const { items, total, pageCount } = reply.body.data as { items: Ready[]; total: number; pageCount: number };
    expect(total).toBeGreaterThan(0);
    expect(pageCount).toBe(Math.ceil(total / 100));
    const today = "2026-03-02"; // the harness's clock
    expect(items.every((b) => b.sailDate >= today)).toBe(true);
    const dates = items.map((b) => b.sailDate);
    expect(dates).toEqual([...dates].sort());
    for (const b of items.slice(0, 5)) {
      const booking = (await as("agent.usa", "GET", `/documents/bookings/${b.bookingId}`)).body.data;
      expect(booking.documents.every((d: { ready: boolean }) => d.ready)).toBe(true);
      // The lead surname finds the booking with the look-up.
      const find = new URLSearchParams({ bookingId: b.bookingId, surname: b.leadSurname!, sailDate: b.sailDate });
      expect((await as("agent.usa", "GET", `/documents/find?${find}`)).status).toBe(200);
    }
    const expected = h.db
      .prepare(
        `SELECT count(*) FROM insight_bookings WHERE agency_id = 'AG100101' AND status != 'CANCELLED'
         AND due_cents = 0 AND sail_date >= ? AND branch_code IN ('MIA', 'FLL', 'ORL')`,
      )
      .pluck()
      .get(today) as number;
    expect(total).toBeLessThanOrEqual(expected);
    // Another agency's bookings are not in the list.
    const other = (await as("admin.can", "GET", "/documents/ready?pageSize=100")).body.data.items as Ready[];
    const own = new Set(items.map((b) => b.bookingId));
    expect(other.some((b) => own.has(b.bookingId))).toBe(false);
  });

  it.each(["page=0", "pageSize=1000", "other=1"])("answers 400 for %s", async (query) => {
    expect((await as("agent.usa", "GET", `/documents/ready?${query}`)).status).toBe(400);
  });
});

describe("preview tokens", () => {
  const key = previewKey(new Uint8Array(32).fill(7));
  it("reads back the link id of a token it signed, and nothing of a forged or malformed one", () => {
    const token = previewToken(key, "AAAAAAAAAAAAAAAAAAAAAA");
    expect(readPreviewToken(key, token)).toBe("AAAAAAAAAAAAAAAAAAAAAA");
    expect(readPreviewToken(previewKey(new Uint8Array(32).fill(8)), token)).toBeNull();
    expect(readPreviewToken(key, `BAAAAAAAAAAAAAAAAAAAAA${token.slice(22)}`)).toBeNull();
    expect(readPreviewToken(key, "hello")).toBeNull();
    expect(readPreviewToken(key, "")).toBeNull();
  });
});

describe("a preview link's state", () => {
  const at = 1_000_000;
  it.each([
    [{ expires_at: at + 1, revoked_at: null }, "LIVE"],
    [{ expires_at: at, revoked_at: null }, "EXPIRED"],
    [{ expires_at: at - 1, revoked_at: null }, "EXPIRED"],
    [{ expires_at: at + 1, revoked_at: at - 5 }, "REVOKED"],
    [{ expires_at: at - 1, revoked_at: at - 5 }, "REVOKED"],
  ] as const)("%j is %s", (row, state) => {
    expect(previewState(row, at)).toBe(state);
  });
});

describe("GET /documents/find", () => {
  it("asks for a bearer", async () => {
    expect((await h.call("GET", "/documents/find?bookingId=1&surname=a&sailDate=2026-01-01")).status).toBe(401);
  });

  it("finds the agency's booking when id, surname (any case) and sail date all match", async () => {
    const b = bookingOf("paid");
    const q = new URLSearchParams({ bookingId: b.booking_id, surname: b.surname.toUpperCase(), sailDate: b.sail_date });
    const reply = await as("agent.usa", "GET", `/documents/find?${q}`);
    expect(reply.status).toBe(200);
    expect(reply.body.data.bookingId).toBe(b.booking_id);
    expect(reply.body.data.documents).toEqual([
      { kind: "cruise-documents", ready: true, reason: null },
      { kind: "luggage-tags", ready: true, reason: null },
      { kind: "itinerary", ready: true, reason: null },
      { kind: "invoice", ready: true, reason: null },
    ]);
    expect(JSON.stringify(reply.body.data)).not.toMatch(/commission/i);
  });

  it("answers 404 when one of the three does not match, and for another agency's booking", async () => {
    const b = bookingOf("paid");
    const wrongs = [
      { bookingId: b.booking_id, surname: "Nobody", sailDate: b.sail_date },
      { bookingId: b.booking_id, surname: b.surname, sailDate: "2001-01-01" },
      { bookingId: "0000000", surname: b.surname, sailDate: b.sail_date },
    ];
    for (const wrong of wrongs) {
      const reply = await as("agent.usa", "GET", `/documents/find?${new URLSearchParams(wrong)}`);
      expect(reply.status).toBe(404);
    }
    const theirs = await as(
      "agent.basic",
      "GET",
      `/documents/find?${new URLSearchParams({ ...b, sailDate: b.sail_date, bookingId: b.booking_id })}`,
    );
    expect(theirs.status).toBe(404);
  });

  it("answers 400 for a malformed query", async () => {
    const reply = await as("agent.usa", "GET", "/documents/find?bookingId=%27%3B&surname=&sailDate=x");
    expect(reply.status).toBe(400);
  });
});

describe("GET /documents/bookings/{id}/{document}", () => {
  it("gives a paid booking's itinerary day by day and its invoice without the commission", async () => {
    const b = bookingOf("paid");
    const itinerary = await as("agent.usa", "GET", `/documents/bookings/${b.booking_id}/itinerary`);
    expect(itinerary.status).toBe(200);
    expect(itinerary.body.data.ready).toBe(true);
    expect(itinerary.body.data.content.itinerary.length).toBeGreaterThan(1);
    expect(itinerary.body.data.content.itinerary[0]).toMatchObject({ day: 1, date: b.sail_date });
    const invoice = await as("agent.usa", "GET", `/documents/bookings/${b.booking_id}/invoice`);
    expect(invoice.body.data.content.invoice).toMatchObject({ due: 0 });
    expect(JSON.stringify(invoice.body.data.content)).not.toMatch(/commission/i);
  });

  it("has no content for a document of a booking with a balance due, but the invoice", async () => {
    const b = bookingOf("due");
    const tags = await as("agent.usa", "GET", `/documents/bookings/${b.booking_id}/luggage-tags`);
    expect(tags.body.data).toMatchObject({ ready: false, reason: "BALANCE_DUE", content: null });
    const invoice = await as("agent.usa", "GET", `/documents/bookings/${b.booking_id}/invoice`);
    expect(invoice.body.data.ready).toBe(true);
  });

  it("answers 404 for another agency's booking and an unknown document", async () => {
    const b = bookingOf("paid");
    expect((await as("agent.basic", "GET", `/documents/bookings/${b.booking_id}/invoice`)).status).toBe(404);
    expect((await as("agent.basic", "GET", `/documents/bookings/${b.booking_id}`)).status).toBe(404);
    expect((await as("agent.usa", "GET", `/documents/bookings/${b.booking_id}/passport`)).status).toBe(404);
  });
});

describe("preview links", () => {
  it("creates a link that opens the document without a bearer until it is revoked", async () => {
    const b = bookingOf("paid");
    const created = await as("agent.usa", "POST", `/documents/bookings/${b.booking_id}/itinerary/previews`);
    expect(created.status).toBe(201);
    expect(created.body.data.url).toMatch(/^http:\/\/.+\/travel-docs\/html\/preview\?token=/);
    expect(Date.parse(created.body.data.expiresAt) - Date.parse(created.body.data.createdAt)).toBe(PREVIEW_TTL_MS);
    const token = tokenOfUrl(created.body.data.url);

    const open = await h.call("GET", `/documents/preview?token=${encodeURIComponent(token)}`);
    expect(open.status).toBe(200);
    expect(open.body.data.document).toMatchObject({ kind: "itinerary", booking: { bookingId: b.booking_id } });
    expect(JSON.stringify(open.body.data)).not.toMatch(/commission|agency|AG100101|agent\.usa/i);

    const live = await as("agent.usa", "GET", `/documents/bookings/${b.booking_id}/previews`);
    expect(live.body.data.items).toHaveLength(1);
    expect(live.body.data.items[0].url).toBe(created.body.data.url);

    // Another agency can neither list nor revoke it.
    expect((await as("agent.basic", "GET", `/documents/bookings/${b.booking_id}/previews`)).status).toBe(404);
    const linkId = created.body.data.linkId as string;
    expect((await as("agent.basic", "POST", `/documents/previews/${linkId}/revoke`)).status).toBe(404);

    const revoked = await as("agent.usa", "POST", `/documents/previews/${linkId}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.revokedAt).toEqual(expect.any(String));
    const after = await h.call("GET", `/documents/preview?token=${encodeURIComponent(token)}`);
    expect(after.status).toBe(410);
    expect(after.body.message.errorCode).toBe("LINK_REVOKED");
    expect(after.body.data).toBeUndefined();
    expect((await as("agent.usa", "GET", `/documents/bookings/${b.booking_id}/previews`)).body.data.items).toEqual([]);
  });

  it("expires after 7 days", async () => {
    const b = bookingOf("paid");
    const created = await as("agent.usa", "POST", `/documents/bookings/${b.booking_id}/invoice/previews`);
    const path = `/documents/preview?token=${encodeURIComponent(tokenOfUrl(created.body.data.url))}`;
    h.clock.advance(PREVIEW_TTL_MS - 1000);
    expect((await h.call("GET", path)).status).toBe(200);
    h.clock.advance(1000);
    const expired = await h.call("GET", path);
    expect(expired.status).toBe(410);
    expect(expired.body.message.errorCode).toBe("LINK_EXPIRED");
  });

  it.each(["", "hello", "AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"])(
    "answers 404 LINK_INVALID for the malformed or forged token %j",
    async (token) => {
      const reply = await h.call("GET", `/documents/preview?token=${encodeURIComponent(token)}`);
      expect(reply.status).toBe(404);
      expect(reply.body.message.errorCode).toBe("LINK_INVALID");
    },
  );

  it("refuses to share a document that is not ready (409 NOT_READY)", async () => {
    const b = bookingOf("due");
    const reply = await as("agent.usa", "POST", `/documents/bookings/${b.booking_id}/cruise-documents/previews`);
    expect(reply.status).toBe(409);
    expect(reply.body.message.errorCode).toBe("NOT_READY");
  });
});

describe("POST /documents/bookings/{id}/{document}/email", () => {
  it("puts a message with the document's preview link in the outbox", async () => {
    const b = bookingOf("paid");
    const reply = await as("agent.usa", "POST", `/documents/bookings/${b.booking_id}/luggage-tags/email`, {
      email: "guest@example.com",
    });
    expect(reply.status).toBe(201);
    const outbox = await h.call("GET", "/dev/outbox?recipient=guest@example.com");
    expect(outbox.body[0]).toMatchObject({ purpose: "travel_document", link: reply.body.data.link.url });
    expect(outbox.body[0].body).toContain(reply.body.data.link.url);
    const live = await as("agent.usa", "GET", `/documents/bookings/${b.booking_id}/previews`);
    expect(live.body.data.items[0].emailedTo).toBe("guest@example.com");
  });

  it("answers 400 for a malformed address and 409 for a document not ready", async () => {
    const paid = bookingOf("paid");
    expect(
      (await as("agent.usa", "POST", `/documents/bookings/${paid.booking_id}/invoice/email`, { email: "nope" })).status,
    ).toBe(400);
    const due = bookingOf("due");
    expect(
      (
        await as("agent.usa", "POST", `/documents/bookings/${due.booking_id}/itinerary/email`, {
          email: "g@example.com",
        })
      ).status,
    ).toBe(409);
  });
});

describe("migration 10", () => {
  it("adds the preview links table to a database from before it", () => {
    undoDocumentsMigration(h.db);
    const { db } = openDatabase(h.dataDir);
    try {
      const count = db.prepare("SELECT count(*) AS n FROM document_previews").get() as { n: number };
      expect(count.n).toBe(0);
    } finally {
      db.close();
    }
  });
});
