import { describe, expect, it } from "vitest";
import { CURRENCIES, currencyByCode, isCurrencyCode } from "~/server/reference/currencies.server";

const codes = CURRENCIES.map((c) => c.code);
const get = (code: string) => {
  const entry = currencyByCode(code);
  if (!entry) throw new Error(`${code} is missing`);
  return entry;
};

/** Width and height from the IHDR chunk of a base64 PNG data URL. */
function pngSize(flag: string): { width: number; height: number } {
  const prefix = "data:image/png;base64,";
  expect(flag.startsWith(prefix)).toBe(true);
  const bytes = Buffer.from(flag.slice(prefix.length), "base64");
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.toString("ascii", 12, 16)).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const FROM_KMF_ONWARD =
  "KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLL SOS SRD SSP STN SYP SZL THB TJS TMT TND TOP TRY TTD TVD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XOF".split(
    " ",
  );

describe("the currency list entry (reference data)", () => {
  it("is alphabetical by code", () => {
    expect(codes).toEqual([...codes].sort());
  });

  it("has no duplicate codes", () => {
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("holds about 150 fiat currencies (145 to 160) plus one crypto-currency, Bitcoin", () => {
    const fiat = CURRENCIES.filter((c) => c.code !== "BTC");
    expect(fiat.length).toBeGreaterThanOrEqual(145);
    expect(fiat.length).toBeLessThanOrEqual(160);
    expect(CURRENCIES.length).toBe(fiat.length + 1);
    expect(get("BTC").name).toBe("Bitcoin");
  });

  it("begins at the UAE Dirham", () => {
    expect(CURRENCIES[0]).toMatchObject({ code: "AED", name: "UAE Dirham" });
  });

  it("runs through the Kiribati Dollar, then resumes at the Comorian franc", () => {
    const kid = codes.indexOf("KID");
    expect(get("KID").name).toBe("Kiribati Dollar");
    expect(codes[kid + 1]).toBe("KMF");
    expect(get("KMF").name).toBe("Comorian Franc");
  });

  it("holds exactly the codes seen from KMF up to the Eastern Caribbean dollar, plus XPF, YER, ZAR, ZMW, ZWL", () => {
    const fromKmf = codes.slice(codes.indexOf("KMF"));
    expect(fromKmf).toEqual(["KMF", ...FROM_KMF_ONWARD, "XCD", "XPF", "YER", "ZAR", "ZMW", "ZWL"].sort());
  });

  it.each(FROM_KMF_ONWARD)("has %s (seen from KMF onward)", (code) => {
    expect(isCurrencyCode(code)).toBe(true);
  });

  it.each(["XCD", "XPF", "YER", "ZAR", "ZMW", "ZWL"])("has %s", (code) => {
    expect(isCurrencyCode(code)).toBe(true);
  });

  it("runs through the Eastern Caribbean dollar", () => {
    expect(get("XCD").name).toBe("Eastern Caribbean Dollar");
  });

  it.each([
    ["GGP", "Guernsey Pound"],
    ["JEP", "Jersey Pound"],
    ["IMP", "Manx Pound"],
    ["FOK", "Faroese Krona"],
    ["KID", "Kiribati Dollar"],
    ["CLF", "Chilean Unit of Account (UF)"],
    ["CNH", "Chinese Yuan (Offshore)"],
  ])("has the non-standard code %s (%s)", (code, name) => {
    expect(get(code).name).toBe(name);
  });

  it("gives the euro the country code EU", () => {
    expect(get("EUR")).toMatchObject({ country: "European Union", countryCode: "EU" });
  });

  it("shares CL between the Chilean UF and the Chilean Peso", () => {
    expect(get("CLF").countryCode).toBe("CL");
    expect(get("CLP").countryCode).toBe("CL");
  });

  it("shares CN between the Chinese Yuan and its offshore variant", () => {
    expect(get("CNY").countryCode).toBe("CN");
    expect(get("CNH").countryCode).toBe("CN");
  });

  it("gives the West and Central African CFA francs the country label CFA and code CF", () => {
    for (const code of ["XOF", "XAF"]) {
      expect(get(code)).toMatchObject({ country: "CFA", countryCode: "CF" });
    }
  });

  it.each([
    ["LAK", "la"],
    ["MKD", "mk"],
    ["MWK", "mi"],
    ["SSP", "ss"],
    ["VND", "vn"],
  ])("keeps %s's country code lower case: %s", (code, countryCode) => {
    expect(get(code).countryCode).toBe(countryCode);
  });

  it("has no other lower-case country codes", () => {
    const lower = CURRENCIES.filter((c) => c.countryCode !== c.countryCode.toUpperCase());
    expect(lower.map((c) => c.countryCode).sort()).toEqual(["la", "mi", "mk", "ss", "vn"]);
  });

  it("gives Bitcoin N/A for country and country code", () => {
    expect(get("BTC")).toMatchObject({ country: "N/A", countryCode: "N/A" });
  });

  it("uses a longer code for the organisation of states (XCD, OECS)", () => {
    expect(get("XCD")).toMatchObject({
      country: "Organisation of Eastern Caribbean States",
      countryCode: "OECS",
    });
    const others = CURRENCIES.filter((c) => c.code !== "XCD" && c.code !== "BTC");
    expect(others.every((c) => /^[A-Za-z]{2}$/.test(c.countryCode))).toBe(true);
  });

  it("has 32 by 32 PNG flags, except Macau at 32 by 22", () => {
    for (const c of CURRENCIES) {
      const expected = c.code === "MOP" ? { width: 32, height: 22 } : { width: 32, height: 32 };
      expect(pngSize(c.flag), c.code).toEqual(expected);
    }
    expect(get("MOP").countryCode).toBe("MO");
  });

  it("looks currencies up by exact code", () => {
    expect(currencyByCode("USD")?.country).toBe("United States");
    expect(currencyByCode("usd")).toBeUndefined();
    expect(currencyByCode("XXX")).toBeUndefined();
    expect(isCurrencyCode("EUR")).toBe(true);
    expect(isCurrencyCode("HRK")).toBe(false);
    expect(isCurrencyCode(42)).toBe(false);
  });

  it("is read-only", () => {
    expect(Object.isFrozen(CURRENCIES)).toBe(true);
    expect(Object.isFrozen(CURRENCIES[0])).toBe(true);
  });
});

describe("a currency's flag served as an image (/currency-flags/:code)", () => {
  const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const flag = async (code: string) => {
    const { loader } = await import("~/routes/resources/currency-flag");
    return loader({ params: { code }, request: new Request(`http://localhost/currency-flags/${code}`), context: {} });
  };

  it.each(["USD", "EUR", "MOP", "BTC"])("%s is the list's PNG, cacheable", async (code) => {
    const response = await flag(code);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toMatch(/public/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual(PNG_SIGNATURE);
    const entry = CURRENCIES.find((c) => c.code === code)!;
    expect(Buffer.from(bytes).toString("base64")).toBe(entry.flag.split(",")[1]);
  });

  it.each(["usd", "XXX", "", "../USD"])("%j is not a currency: 404", async (code) => {
    expect((await flag(code)).status).toBe(404);
  });
});
