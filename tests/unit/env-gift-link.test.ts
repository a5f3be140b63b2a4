import { afterEach, describe, expect, it, vi } from "vitest";

/** The gift link's credentials: the stand-in's demo pair only goes to the stand-in (docs/configuration.md, GIFT_LINK_BASIC_AUTH). */

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  vi.resetModules();
});

async function envWith(vars: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(vars)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  vi.resetModules();
  return (await import("~/server/infra/env.server")).env;
}

describe("GIFT_LINK_BASIC_AUTH", () => {
  it("defaults to the stand-in's pair when the post goes to the stand-in", async () => {
    const env = await envWith({
      GIFT_LINK_URL: undefined,
      GIFT_LINK_BASIC_AUTH: undefined,
      API_URL: "http://127.0.0.1:3001",
    });
    expect(env.GIFT_LINK_URL).toBe("http://127.0.0.1:3001/gift-link");
    expect(env.GIFT_LINK_BASIC_AUTH).toBe("portal:gift-demo");
  });

  it("is required when GIFT_LINK_URL names another service: the start stops with the reason", async () => {
    await expect(
      envWith({ GIFT_LINK_URL: "https://gifts.example.com/link", GIFT_LINK_BASIC_AUTH: undefined }),
    ).rejects.toThrow(/GIFT_LINK_BASIC_AUTH: is required when GIFT_LINK_URL is set/);
  });

  it("is used as given with GIFT_LINK_URL", async () => {
    const env = await envWith({
      GIFT_LINK_URL: "https://gifts.example.com/link",
      GIFT_LINK_BASIC_AUTH: "portal:s3cret",
    });
    expect(env.GIFT_LINK_BASIC_AUTH).toBe("portal:s3cret");
  });
});
