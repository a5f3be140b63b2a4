import PDFDocument from "pdfkit";
import { brandName } from "~/domain/catalogue/codes";
import { moneyIn } from "~/domain/money";
import { codeLabel } from "~/domain/lists";
import { displayDate } from "~/domain/dates";
import { PAYMENT_TYPE_NAMES } from "~/domain/insights/bookings";
import { stateroomName, timeOrDash } from "~/domain/travel-docs";
import type { DocumentContent } from "~/server/clients/travel-docs.server";

/**
 * A travel document as a PDF, made on the server with pdfkit (docs/decisions/025-travel-documents.md):
 * the same content the HTML page shows, in the PDF standard fonts (no font files to ship). Resolves to
 * the whole file.
 */
export function documentPdf(d: DocumentContent): Promise<Buffer> {
  const b = d.booking;
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    info: { Title: `${d.title}: booking ${b.bookingId}`, Author: brandName(b.brand), Subject: b.shipName },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const heading = (text: string) => {
    doc.moveDown(0.8).font("Helvetica-Bold").fontSize(13).text(text).moveDown(0.3);
    doc.font("Helvetica").fontSize(10);
  };
  const fact = (term: string, value: string) => {
    doc.font("Helvetica-Bold").text(`${term}: `, { continued: true }).font("Helvetica").text(value);
  };
  /** A simple table: fixed column widths, one line a row, a new page when the page is full. */
  const table = (headers: string[], widths: number[], rows: string[][]) => {
    const left = doc.page.margins.left;
    const line = (cells: string[], bold: boolean) => {
      if (doc.y > doc.page.height - doc.page.margins.bottom - 20) doc.addPage();
      const y = doc.y;
      let x = left;
      doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(10);
      cells.forEach((cell, i) => {
        doc.text(cell, x, y, { width: (widths[i] ?? 80) - 6, lineBreak: false, ellipsis: true });
        x += widths[i] ?? 80;
      });
      doc.x = left;
      doc.y = y + 16;
    };
    line(headers, true);
    for (const row of rows) line(row, false);
    doc.moveDown(0.5);
  };

  doc.font("Helvetica-Bold").fontSize(20).text(d.title);
  doc
    .font("Helvetica")
    .fontSize(11)
    .text(`${brandName(b.brand)} · ${b.shipName} · Booking ${b.bookingId}`)
    .moveDown(0.5);
  doc.fontSize(10);
  fact("Sails", `${displayDate(b.sailDate)} from ${b.departurePort}`);
  fact("Returns", b.returnDate ? displayDate(b.returnDate) : "—");
  fact("Nights", String(b.nights));
  fact("Stateroom", stateroomName(b.cabinClass));

  if (d.boarding) {
    heading("Boarding");
    fact("Port", d.boarding.port);
    fact("Date", displayDate(d.boarding.date));
    fact("All aboard by", timeOrDash(d.boarding.allAboard));
    fact("The ship departs", timeOrDash(d.boarding.departure));
    heading("Guests on this e-ticket");
    table(
      ["Guest", "Loyalty number"],
      [280, 200],
      b.guests.map((g) => [`${g.givenName} ${g.surname}`, g.loyaltyNumber ?? "—"]),
    );
    doc.text("Bring this e-ticket and a valid passport or identity card for each guest to the terminal.");
  }

  if (d.kind === "luggage-tags") {
    heading("Luggage tags");
    b.guests.forEach((g, n) => {
      if (doc.y > doc.page.height - doc.page.margins.bottom - 110) doc.addPage();
      const top = doc.y;
      const left = doc.page.margins.left;
      doc.rect(left, top, 300, 95).dash(4, { space: 3 }).stroke().undash();
      doc
        .font("Helvetica-Bold")
        .fontSize(13)
        .text(`${g.givenName} ${g.surname}`, left + 12, top + 10);
      doc.font("Helvetica").fontSize(10);
      doc.text(`${b.shipName} · Sails ${displayDate(b.sailDate)}`, left + 12);
      doc.text(`Booking ${b.bookingId} · Guest ${n + 1} of ${b.guests.length}`, left + 12);
      doc.text(`From ${b.departurePort}`, left + 12);
      doc.x = left;
      doc.y = top + 110;
    });
  }

  if (d.itinerary) {
    heading("Day by day (local times)");
    table(
      ["Day", "Date", "Port", "Arrives", "Departs"],
      [45, 80, 220, 70, 70],
      d.itinerary.map((day) => [
        String(day.day),
        displayDate(day.date),
        day.port ?? "At sea",
        timeOrDash(day.arrival),
        timeOrDash(day.departure),
      ]),
    );
  }

  if (d.invoice) {
    const inv = d.invoice;
    heading("Amounts");
    fact("Booking status", codeLabel(inv.status));
    fact("Total price", moneyIn(inv.total, inv.currency));
    fact("Paid", moneyIn(inv.paid, inv.currency));
    fact(
      "Balance due",
      `${moneyIn(inv.due, inv.currency)}${inv.due > 0 && inv.balanceDueDate ? ` by ${displayDate(inv.balanceDueDate)}` : ""}`,
    );
    heading("Payments received");
    if (inv.payments.length === 0) doc.text("No payments have been made yet.");
    else {
      table(
        ["Date", "Payment", "Method", "Amount"],
        [90, 140, 130, 120],
        inv.payments.map((p) => [
          displayDate(p.paidOn),
          PAYMENT_TYPE_NAMES[p.paymentType as keyof typeof PAYMENT_TYPE_NAMES] ?? p.paymentType,
          p.method,
          moneyIn(p.amount, inv.currency),
        ]),
      );
    }
  }

  if (d.kind === "itinerary" || d.kind === "invoice") {
    heading("Guests");
    for (const g of b.guests) doc.text(`${g.givenName} ${g.surname}`);
  }

  doc.end();
  return done;
}
