import { expect, it } from "vitest";
import { currencyWalk } from "./currency-walk";

const portal = currencyWalk("A", "L");

it("prices in Bitcoin keep the precision the currency needs in the CSV", async () => {
  const agent = await portal.signIn("agent.usa");
  const csv = await agent.get("/itinerary/results.csv?currency=BTC");
  expect(csv.status).toBe(200);
  expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
  const [header, first] = csv.body.split("\n");
  expect(header).toContain("per guest (BTC)");
  // Never "0" or "0.01": eight decimals with a figure that is not zero.
  expect(first).toMatch(/,0\.\d{8},/);
  expect(first).not.toMatch(/,0\.0{8},/);
});
