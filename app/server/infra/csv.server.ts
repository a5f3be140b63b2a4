import { stringify } from "csv-stringify";
import { Readable } from "node:stream";

/**
 * The CSV resource route helper (STYLE "As the portal grows"): rows streamed as they arrive, a
 * header row, and cells that a spreadsheet would run as a formula (=, +, -, @, tab, return) made
 * inert with a leading apostrophe (OWASP "CSV injection").
 */
export type CsvColumn<Row> = { header: string; value: (row: Row) => string | number | null | undefined };

export function inertCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? "" : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function csvResponse<Row>(
  filename: string,
  columns: ReadonlyArray<CsvColumn<Row>>,
  rows: AsyncIterable<Row>,
): Response {
  const csv = stringify({ bom: true, record_delimiter: "windows" });
  (async () => {
    try {
      csv.write(columns.map((c) => c.header));
      for await (const row of rows) {
        if (!csv.write(columns.map((c) => inertCell(c.value(row))))) {
          await new Promise((resolve) => csv.once("drain", resolve));
        }
      }
      csv.end();
    } catch (error) {
      // Headers are gone by now: cutting the stream short is the only honest signal left.
      csv.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return new Response(Readable.toWeb(csv) as ReadableStream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
