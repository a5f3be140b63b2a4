import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_KEYS, checkConfig } from "~/server/infra/config.server";

/** docs/configuration.md's table and the one schema name the same variables (decision 052). */
const doc = readFileSync(path.resolve(import.meta.dirname, "../../docs/configuration.md"), "utf8");
const documented = doc
  .split("\n")
  .filter((line) => line.startsWith("| `"))
  .flatMap((line) => [...(line.split("|")[1] ?? "").matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]));

describe("the configuration table", () => {
  it("has a row for every key of the schema", () => {
    expect(CONFIG_KEYS.filter((key) => !documented.includes(key))).toEqual([]);
  });

  it("has no row for a variable the schema does not read", () => {
    expect(documented.filter((name) => !(CONFIG_KEYS as string[]).includes(name!))).toEqual([]);
  });

  it("names each variable once", () => {
    expect(new Set(documented).size).toBe(documented.length);
  });
});

describe("the configuration check", () => {
  it("accepts an empty environment (the demo's defaults)", () => {
    expect(checkConfig({}).ok).toBe(true);
  });

  it("lists every problem at once, each with the shape expected and never the value", () => {
    const secret = "hunter2-but-short";
    const checked = checkConfig(
      { SESSION_SECRET: `${secret.repeat(2)},${secret.slice(0, 8)}`, PORT: "eighty", METRICS_TOKEN: "tiny" },
      { serving: true },
    );
    expect(checked).toEqual({
      ok: false,
      problems: [
        "PORT: must be a whole number from 0 to 65535",
        "METRICS_TOKEN: must be 16 to 200 characters",
        "SESSION_SECRET: must be one or more secrets of at least 16 characters each, separated by commas (new,old)",
      ],
    });
  });

  it("keeps idle connections 5 s into a drain unless told (longer than nginx's 4 s), never under 100 ms", () => {
    const defaults = checkConfig({});
    expect(defaults.ok && defaults.config.DRAIN_IDLE_MS).toBe(5000);
    const set = checkConfig({ DRAIN_IDLE_MS: "100" });
    expect(set.ok && set.config.DRAIN_IDLE_MS).toBe(100);
    // 0 would be Node's "no keep-alive timeout": connections would never close by idleness.
    expect(checkConfig({ DRAIN_IDLE_MS: "0" })).toEqual({
      ok: false,
      problems: ["DRAIN_IDLE_MS: must be a whole number from 100 to 600000"],
    });
  });

  it("counts an empty variable as unset", () => {
    const checked = checkConfig({ REDIS_URL: "", API_URL: "", PORT: "" }, { serving: true });
    expect(checked.ok && checked.config.PORT).toBe(3000);
  });

  it("needs PUBLIC_ORIGIN with API_URL only when the server starts", () => {
    expect(checkConfig({ API_URL: "https://api.example.com" }).ok).toBe(true);
    expect(checkConfig({ API_URL: "https://api.example.com" }, { serving: true })).toEqual({
      ok: false,
      problems: [
        "PUBLIC_ORIGIN: is required with API_URL (the portal's public address, such as https://portal.example.com)",
      ],
    });
  });
});
