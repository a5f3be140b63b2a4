import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readPreviewToken, previewKey, previewToken } from "./db/documents";
import { agentOfToken, unsubscribeToken } from "./insight/digest";
import type { Deps } from "./lib/context";
import { signatureMatches } from "./lib/signature";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** The other three spellings of a 43-character base64url MAC: same bytes, different spare bits. */
function respellings(mac: string): string[] {
  const last = ALPHABET.indexOf(mac.at(-1)!);
  return [0, 1, 2, 3]
    .map((spare) => (last & ~3) | spare)
    .filter((i) => i !== last)
    .map((i) => `${mac.slice(0, -1)}${ALPHABET[i]}`);
}

describe("signed tokens accept only the exact signature", () => {
  const mac = createHmac("sha256", "k").update("x").digest();

  it("the canonical encoding matches; a respelling that decodes to the same bytes does not", () => {
    const canonical = mac.toString("base64url");
    expect(signatureMatches(canonical, mac)).toBe(true);
    for (const other of respellings(canonical)) {
      expect(Buffer.from(other, "base64url").equals(mac)).toBe(true);
      expect(signatureMatches(other, mac)).toBe(false);
    }
    expect(signatureMatches(`${canonical}=`, mac)).toBe(false);
    expect(signatureMatches("", mac)).toBe(false);
  });

  it.each(["1000001", "1000002", "1000003", "42"])(
    "an unsubscribe token for agent %s with its signature respelt is refused",
    (agentId) => {
      const deps = { keys: { jwtSecret: new Uint8Array(32).fill(7) } } as unknown as Pick<Deps, "keys">;
      const [id, sig] = unsubscribeToken(deps, agentId).split(".") as [string, string];
      expect(agentOfToken(deps, `${id}.${sig}`)).toBe(agentId);
      for (const other of respellings(sig)) expect(agentOfToken(deps, `${id}.${other}`)).toBeNull();
    },
  );

  it.each(["AAAAAAAAAAAAAAAAAAAAAA", "BBBBBBBBBBBBBBBBBBBBBB", "abcdefghijklmnopqrstuv"])(
    "a travel-document preview token for link %s with its signature respelt is refused",
    (linkId) => {
      const key = previewKey(new Uint8Array(32).fill(9));
      const [, sig] = previewToken(key, linkId).split(".") as [string, string];
      expect(readPreviewToken(key, `${linkId}.${sig}`)).toBe(linkId);
      for (const other of respellings(sig)) expect(readPreviewToken(key, `${linkId}.${other}`)).toBeNull();
    },
  );
});
