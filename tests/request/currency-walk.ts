import { expect, it } from "vitest";
import { servePortal, type Portal } from "./harness";

/**
 * Every currency the itinerary search offers answers its results page and its CSV (from
 * tests/e2e/portal-language.spec.ts). The walk is split by the codes' first letter over two files,
 * so that two forks share it: currencies-a-to-l.test.ts and currencies-m-to-z.test.ts.
 */
export function currencyWalk(first: string, last: string): Portal {
  const portal = servePortal();

  it(`every currency the itinerary search offers from ${first} to ${last} answers the results page and its CSV`, async () => {
    const agent = await portal.signIn("agent.usa");
    const search = await agent.get("/itinerary/search");
    expect(search.status).toBe(200);
    const codes = offeredCurrencies(search.body);
    expect(codes.length).toBeGreaterThan(100);
    expect(codes).toContain("BTC");
    expect(new Set(codes).size).toBe(codes.length);
    // Every code is three capital letters, so the two files' letters cover them all.
    expect(codes.filter((code) => !/^[A-Z]{3}$/.test(code))).toEqual([]);
    const mine = codes.filter((code) => code[0]! >= first && code[0]! <= last);
    expect(mine.length).toBeGreaterThan(0);

    const failed: string[] = [];
    for (const code of mine) {
      const [html, csv] = await Promise.all([
        agent.get(`/itinerary/results?currency=${code}`),
        agent.get(`/itinerary/results.csv?currency=${code}`),
      ]);
      if (html.status !== 200 || /Service unavailable/.test(html.body)) failed.push(`${code} results ${html.status}`);
      // The default search (today on, 10,000 dollars at most in that currency) finds sailings in every currency.
      else if (!/[\d,]+ sailings? found/.test(html.body)) failed.push(`${code} found no sailing`);
      if (csv.status !== 200 || !/^text\/csv/.test(csv.headers.get("content-type") ?? "")) {
        failed.push(`${code} CSV ${csv.status} ${csv.headers.get("content-type")}`);
      } else if (csv.body.trim().split("\n").length < 2) failed.push(`${code} CSV has no sailing`);
    }
    expect(failed).toEqual([]);
  }, 600_000);

  return portal;
}

/** The values of the search form's Currency select, as the page offers them. */
function offeredCurrencies(html: string): string[] {
  expect(html).toContain('<label for="currency">Currency</label>');
  const select = /<select name="currency" id="currency"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? "";
  return [...select.matchAll(/<option value="([^"]*)"/g)].map(([, value]) => value!).filter(Boolean);
}
