import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../../upstream/testing/harness";
import type * as WeatherClient from "~/server/clients/weather.server";
import { portalEnv } from "./harness";

/**
 * The places the weather widget's location search lists, as the agent reads
 * them, come from the real reference upstream over HTTP (its gazetteer and GeoNames' admin1 region
 * names) through the portal's weather client: region names, never bare admin codes, and every part
 * title-cased (the specification: "Country and region names are title-cased, except the abbreviations NY, NJ,
 * FL, USA and QLD").
 */
let upstream: Harness;
let server: ReturnType<typeof serve>;
let cleanup: () => void;
let client: typeof WeatherClient;

beforeAll(async () => {
  upstream = startHarness();
  server = serve({ fetch: upstream.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  ({ cleanup } = portalEnv({ API_URL: `http://127.0.0.1:${port}`, UPSTREAM_TIMEOUT_MS: "5000" }));
  client = await import("~/server/clients/weather.server");
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  upstream.close();
  cleanup();
});

async function labels(query: string): Promise<string[]> {
  return client.locationOptions(await client.searchLocations(query), query).map((option) => option.label);
}

describe("the location search's labels, from the reference upstream", () => {
  it.each([
    ["Mianyang", "Mianyang, Sichuan, China"],
    ["Miass", "Miass, Chelyabinsk, Russia"],
    ["Paris", "Paris, Île-de-France, France"],
    ["Rio de Janeiro", "Rio de Janeiro, Rio de Janeiro, Brazil"],
    ["Brisbane", "Brisbane, QLD, Australia"],
    ["Miami", "Miami, FL, USA"],
  ])("%s is listed first as %j", async (query, label) => {
    expect((await labels(query))[0]).toBe(label);
  });

  it("shows no bare admin code as a region", async () => {
    for (const query of ["Mianyang", "Miass", "Novosibirsk", "Shanghai", "Kraków", "Lagos", "Osaka"]) {
      for (const label of await labels(query)) expect(label, query).not.toMatch(/, \d+,/);
    }
  });
});
