import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCycles, importGraph } from "./import-graph";

// No import cycles, type-only ones included (import-x/no-cycle skips `import type`): docs/code-layout.md.
const repo = path.resolve(import.meta.dirname, "../..");

describe("the import graph", () => {
  let tree: string;
  beforeAll(() => {
    tree = mkdtempSync(path.join(os.tmpdir(), "import-graph-"));
  });
  afterAll(() => rmSync(tree, { recursive: true, force: true }));

  /** A fresh folder of the temporary tree holding these files. */
  function fixture(name: string, files: Record<string, string>): string {
    const root = path.join(tree, name);
    for (const [file, code] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), code);
    }
    return root;
  }

  it("reports a cycle made only of `import type`, with its path", () => {
    const root = fixture("type-pair", {
      "upstream/db/a.ts": 'import type { B } from "./b";\nexport type A = { b?: B };\n',
      "upstream/db/b.ts": 'import type { A } from "./a";\nexport type B = { a?: A };\n',
    });
    expect(importCycles(importGraph(root, ["upstream"]))).toEqual([
      ["upstream/db/a.ts", "upstream/db/b.ts", "upstream/db/a.ts"],
    ]);
  });

  it("follows `~/` to app/ and `export … from` round a longer cycle", () => {
    const root = fixture("re-export", {
      "app/server/auth/auth.server.ts":
        'import type { Branch } from "~/server/insights/context.server";\nexport type Agent = { branch: Branch };\n',
      "app/server/insights/context.server.ts":
        'export type { Agent as Holder } from "../auth/state.server";\nexport type Branch = string;\n',
      "app/server/auth/state.server.ts": 'export type { Agent } from "./auth.server";\n',
    });
    expect(importCycles(importGraph(root, ["app"]))).toEqual([
      [
        "app/server/auth/auth.server.ts",
        "app/server/insights/context.server.ts",
        "app/server/auth/state.server.ts",
        "app/server/auth/auth.server.ts",
      ],
    ]);
  });

  it("finds no cycle when both sides import a smaller module below them", () => {
    const root = fixture("moved-down", {
      "upstream/lib/context.ts":
        'import type { Token } from "./token";\nimport { issue } from "./tokens";\nexport const c = (t: Token) => issue(t);\n',
      "upstream/lib/tokens.ts": 'import type { Token } from "./token";\nexport const issue = (t: Token) => t;\n',
      "upstream/lib/token.ts": "export type Token = string;\n",
    });
    expect(importCycles(importGraph(root, ["upstream"]))).toEqual([]);
  });

  it("app/, server/ and upstream/ hold no import cycle, type-only imports included", () => {
    const graph = importGraph(repo, ["app", "server", "upstream"]);
    expect(graph.size).toBeGreaterThan(100);
    expect(importCycles(graph).map((cycle) => cycle.join(" → "))).toEqual([]);
  });
});
