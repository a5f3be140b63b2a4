import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FOREX_SNAPSHOT } from "./data/forex-snapshot";
import { startHarness, type Harness } from "./testing/harness";

let h: Harness;
beforeAll(() => {
  h = startHarness();
});
afterAll(() => h.close());

const KEY = { "x-api-key": "demo-widget-key" };
const forex = (base: string) => h.call("GET", `/api/forex?base=${encodeURIComponent(base)}`, undefined, KEY);
const sixDigits = (value: number) => Number(value.toPrecision(6)) === value;

describe("GET /api/forex (snapshot)", () => {
  it("answers a list whose first item holds the USD rates of the dated snapshot", async () => {
    const { status, body } = await forex("USD");
    expect(status).toBe(200);
    expect(body).toHaveLength(1);
    const [item] = body;
    expect(item.base).toBe("USD");
    expect(item.date).toBe("2026-11-02");
    const codes = Object.keys(item.rates);
    expect(codes.length).toBeGreaterThanOrEqual(150);
    expect(item.rates.USD).toBe(1);
    for (const code of [
      "AED",
      "EUR",
      "GBP",
      "CAD",
      "BRL",
      "SGD",
      "JPY",
      "KMF",
      "XCD",
      "XPF",
      "ZWL",
      "GGP",
      "JEP",
      "IMP",
      "FOK",
      "KID",
      "CLF",
      "CNH",
      "TVD",
    ]) {
      expect(item.rates[code], code).toBeGreaterThan(0);
    }
    expect(item.rates.BTC).toBeGreaterThan(0);
    expect(item.rates.BTC).toBeLessThan(0.001);
    expect(item.rates.EUR).toBeGreaterThan(0.7);
    expect(item.rates.EUR).toBeLessThan(1.1);
    expect(item.rates.JPY).toBeGreaterThan(100);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect(Number.isFinite(item.rates[code])).toBe(true);
    }
  });

  it("cross-computes another base, rounded to six significant digits", async () => {
    const { status, body } = await forex("GBP");
    expect(status).toBe(200);
    const { base, date, rates } = body[0];
    expect(base).toBe("GBP");
    expect(date).toBe(FOREX_SNAPSHOT.date);
    expect(rates.GBP).toBe(1);
    const usd = FOREX_SNAPSHOT.rates;
    expect(rates.USD).toBe(Number((1 / usd.GBP!).toPrecision(6)));
    expect(rates.EUR).toBe(Number((usd.EUR! / usd.GBP!).toPrecision(6)));
    expect(rates.USD).toBeCloseTo(1.315, 2);
    expect(rates.JEP).toBe(1);
    expect(Object.keys(rates)).toEqual(Object.keys(usd));
    for (const [code, rate] of Object.entries(rates as Record<string, number>))
      expect(sixDigits(rate), code).toBe(true);
    // Converting there and back stays within rounding.
    expect(rates.USD * usd.GBP!).toBeCloseTo(1, 5);
  });

  it("works for every currency of the snapshot", async () => {
    const { status, body } = await forex("BRL");
    expect(status).toBe(200);
    expect(body[0].base).toBe("BRL");
    expect(body[0].rates.BRL).toBe(1);
    expect((await forex("BTC")).body[0].rates.USD).toBeGreaterThan(10_000);
  });

  it("answers 404 NOT_FOUND for a base that is not three letters or not in the snapshot", async () => {
    for (const base of ["", "US", "USDD", "12A", "U$D", "XYZ", "ABC", "__proto__", "usd", "Gbp", " USD"]) {
      const { status, body } = await forex(base);
      expect(status, base).toBe(404);
      expect(body.message.errorCode).toBe("NOT_FOUND");
    }
    expect((await h.call("GET", "/api/forex", undefined, KEY)).status).toBe(404);
  });
});
