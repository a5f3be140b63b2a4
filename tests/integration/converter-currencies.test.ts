import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { portalEnv } from "./harness";

/**
 * The specification: "A currency picker draws on a fixed reference list of world currencies." The
 * converter on /home offered a bare "ANG" (a rate the forex service has, a code the reference list
 * lacks) with no name. It offers only the reference list's currencies that have a rate.
 */
const env = portalEnv();
const { converterWidget } = await import("~/server/widgets/converter.server");
const { currencyByCode } = await import("~/server/reference/currencies.server");

const API = "http://upstream.test";
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  env.cleanup();
});

const usd = { currencies: [{ currencyCode: "USD", primaryCurrency: true }] };
const ratesWithAng = () =>
  server.use(
    http.get(`${API}/api/forex`, () =>
      HttpResponse.json([{ base: "USD", date: "2026-03-09", rates: { ANG: 1.79, EUR: 0.92, USD: 1, CAD: 1.35 } }]),
    ),
  );
const choices = (packed: string) => packed.split("\n").map((line) => line.split("\t") as [string, string]);

describe("the currency converter offers the reference list's currencies only", () => {
  it("a rate for a code the reference list lacks (ANG) is no choice; every choice has its name", async () => {
    expect(currencyByCode("ANG")).toBeUndefined();
    ratesWithAng();
    const widget = await converterWidget(usd, new URLSearchParams());
    if (!widget.ok) throw new Error(widget.message);
    expect(choices(widget.options)).toEqual([
      ["CAD", "CAD – Canadian Dollar"],
      ["EUR", "EUR – Euro"],
      ["USD", "USD – US Dollar"],
    ]);
  });

  it("asked to convert to ANG without JavaScript, it says the currency is unknown", async () => {
    ratesWithAng();
    const widget = await converterWidget(usd, new URLSearchParams({ amount: "10", from: "USD", to: "ANG" }));
    if (!widget.ok) throw new Error(widget.message);
    expect(widget.initial.errors.to).toBeTruthy();
    expect(widget.initial.to).not.toBe("ANG");
  });
});
