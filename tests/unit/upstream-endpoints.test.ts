import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENDPOINT_WORDS, endpointTemplate } from "~/server/infra/upstream-metrics.server";

/**
 * Upstream calls are counted by endpoint template, never by raw path: an id in a path is `:id`, so
 * no agent's, booking's or ship's id becomes a label value.
 */
describe("endpointTemplate", () => {
  it.each([
    ["/agents/1000001", "/agents/:id"],
    ["/agencies/AG100102/branches", "/agencies/:id/branches"],
    ["/catalogue/ships/OA/image.svg", "/catalogue/ships/:id/image.svg"],
    ["/certificates/RC-DEMO-0100/redeem", "/certificates/:id/redeem"],
    ["/agents/agent-usa/photo.jpg?v=3", "/agents/:id/photo.jpg"],
    ["/insight/digest/unsubscribe?token=secret", "/insight/digest/unsubscribe"],
    ["/api/royal/content/cruising-power/legal/terms?lang=en", "/api/royal/content/cruising-power/:id/:id"],
    ["/auth/login", "/auth/login"],
    ["/", "/"],
  ])("%s counts as %s", (raw, template) => {
    expect(endpointTemplate(raw)).toBe(template);
  });
});

/** Every word a client writes into an upstream path (string and template literals starting with "/"). */
function pathWords(source: string): string[] {
  const words: string[] = [];
  for (const text of literals(source)) {
    if (!text.replace(/^\0+/, "").startsWith("/")) continue;
    for (const segment of (text.split("?")[0] ?? "").split("/")) {
      if (/^[A-Za-z][A-Za-z0-9._-]*$/.test(segment)) words.push(segment);
    }
  }
  return words;
}

/** The string literals of a source file, a template's `${…}` as "\u0000" (its own literals too). */
function literals(src: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < src.length; i++) {
    const q = src[i];
    if (q === "/" && src[i + 1] === "/") {
      i = src.indexOf("\n", i);
      if (i < 0) break;
      continue;
    }
    if (q === "/" && src[i + 1] === "*") {
      i = src.indexOf("*/", i) + 1;
      continue;
    }
    if (q !== '"' && q !== "'" && q !== "`") continue;
    let text = "";
    let j = i + 1;
    for (; j < src.length && src[j] !== q; j++) {
      if (src[j] === "\\") {
        text += src[++j];
        continue;
      }
      if (q === "`" && src[j] === "$" && src[j + 1] === "{") {
        const from = j + 2;
        let depth = 0;
        for (j++; j < src.length; j++) {
          if (src[j] === "{") depth++;
          else if (src[j] === "}" && --depth === 0) break;
        }
        out.push(...literals(src.slice(from, j)));
        text += "\u0000";
        continue;
      }
      if (q !== "`" && src[j] === "\n") break;
      text += src[j];
    }
    out.push(text);
    i = j;
  }
  return out;
}

describe("the endpoint words", () => {
  it("hold every word the upstream clients write into a path (else it would count as :id)", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const clients = path.join(root, "app/server/clients");
    const files = [
      ...readdirSync(clients).map((file) => path.join(clients, file)),
      path.join(root, "app/domain/insights/lists.ts"),
    ];
    const missing = new Set<string>();
    for (const file of files) {
      for (const word of pathWords(readFileSync(file, "utf8"))) if (!ENDPOINT_WORDS.has(word)) missing.add(word);
    }
    expect([...missing]).toEqual([]);
  });
});
