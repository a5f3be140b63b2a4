import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The layer rules of docs/code-layout.md, held by eslint.config.js: each case lints a small source
// at a made-up path (the files need not exist) and says which rule, if any, must report it.
const cwd = path.resolve(import.meta.dirname, "../..");
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd });
});

const LAYER = "boundaries/dependencies";
const UNKNOWN = "boundaries/no-unknown-files";
const SESSION_KEY = "no-restricted-syntax";
const SHARED_MOCK = "no-restricted-properties";

type Case = { name: string; filePath: string; code: string; reported: string | null };

const CASES: Case[] = [
  // vitest's shared-modules files (tests/vitest-projects.mjs) may not mock a module; the others may.
  {
    name: "a unit test mocks a module",
    filePath: "tests/unit/new-piece.test.ts",
    code: 'import { vi } from "vitest";\nvi.mock("~/domain/otp");\n',
    reported: SHARED_MOCK,
  },
  {
    name: "an upstream test mocks a module later in the file",
    filePath: "upstream/new-piece.test.ts",
    code: 'import { vi } from "vitest";\nvi.doMock("./lib/context");\n',
    reported: SHARED_MOCK,
  },
  {
    name: "an integration test mocks a module (fresh modules per file)",
    filePath: "tests/integration/new-piece.test.ts",
    code: 'import { vi } from "vitest";\nvi.mock("~/domain/otp");\n',
    reported: null,
  },
  // Broken rules.
  {
    name: "a component imports a route module",
    filePath: "app/components/profile/new-piece.tsx",
    code: 'import type { loader } from "~/routes/layouts/app";\nexport type X = typeof loader;\n',
    reported: LAYER,
  },
  {
    name: "a route module imports another route module",
    filePath: "app/routes/home.tsx",
    code: 'import { loader } from "~/routes/welcome";\nexport { loader };\n',
    reported: LAYER,
  },
  {
    name: "a component runs server code",
    filePath: "app/components/new-piece.tsx",
    code: 'import { loadFooter } from "~/server/shell/footer.server";\nexport const f = loadFooter;\n',
    reported: LAYER,
  },
  {
    name: "a route module calls a client itself",
    filePath: "app/routes/home.tsx",
    code: 'import { getProfile } from "~/server/clients/api.server";\nexport const g = getProfile;\n',
    reported: LAYER,
  },
  {
    name: "a client imports a feature",
    filePath: "app/server/clients/content.server.ts",
    code: 'import { dictionary } from "~/server/shell/dictionary.server";\nexport const d = dictionary;\n',
    reported: LAYER,
  },
  {
    name: "infra imports a client",
    filePath: "app/server/infra/cache.server.ts",
    code: 'import { getProfile } from "~/server/clients/api.server";\nexport const g = getProfile;\n',
    reported: LAYER,
  },
  {
    name: "infra imports a feature",
    filePath: "app/server/infra/cache.server.ts",
    code: 'import { pageLocale } from "~/server/shell/preferences.server";\nexport const p = pageLocale;\n',
    reported: LAYER,
  },
  {
    name: "domain imports server code, even a type",
    filePath: "app/domain/profile.ts",
    code: 'import type { Shell } from "~/server/shell/shell.server";\nexport type S = Shell;\n',
    reported: LAYER,
  },
  {
    name: "domain imports a component",
    filePath: "app/domain/profile.ts",
    code: 'import { NavIcon } from "~/components/icons";\nexport const n = NavIcon;\n',
    reported: LAYER,
  },
  {
    name: "a feature imports a component",
    filePath: "app/server/shell/icons.server.tsx",
    code: 'import { NavIcon } from "~/components/icons";\nexport const n = NavIcon;\n',
    reported: LAYER,
  },
  {
    name: "a file under app/routes that app/routes.ts does not name",
    filePath: "app/routes/profile/shared-piece.tsx",
    code: "export const x = 1;\n",
    reported: UNKNOWN,
  },
  {
    name: "a loose file directly in app/server",
    filePath: "app/server/loose.server.ts",
    code: "export const x = 1;\n",
    reported: UNKNOWN,
  },
  {
    name: "a folder of no layer",
    filePath: "app/helpers/misc.ts",
    code: "export const x = 1;\n",
    reported: UNKNOWN,
  },
  {
    name: "a session key read outside its owner's slice",
    filePath: "app/server/profile/new-piece.server.ts",
    code: 'import type { PortalSession } from "~/server/infra/session.server";\nexport const f = (session: PortalSession) => session.get("profile");\n',
    reported: SESSION_KEY,
  },
  {
    name: "a session key written on an agent's session",
    filePath: "app/routes/home.tsx",
    code: 'import type { PortalSession } from "~/server/infra/session.server";\nexport const f = (agent: { session: PortalSession }) => agent.session.set("compare", []);\n',
    reported: SESSION_KEY,
  },
  // Feature to feature: only the shared set or a named coupling (decision 058).
  {
    name: "a feature imports another feature's module outside the shared set",
    filePath: "app/server/profile/new-piece.server.ts",
    code: 'import { compareList } from "~/server/catalogue/compare.server";\nexport const x = compareList;\n',
    reported: "boundaries/dependencies",
  },
  {
    name: "a named coupling is the one feature's alone",
    filePath: "app/server/profile/new-piece.server.ts",
    code: 'import { homeActionQueue } from "~/server/insights/action-queue.server";\nexport const x = homeActionQueue;\n',
    reported: "boundaries/dependencies",
  },
  {
    name: "the feature a coupling names may use it",
    filePath: "app/server/widgets/new-piece.server.ts",
    code: 'import { homeActionQueue } from "~/server/insights/action-queue.server";\nexport const x = homeActionQueue;\n',
    reported: null,
  },
  // Legal imports.
  {
    name: "a route module calls its feature and renders with components",
    filePath: "app/routes/home.tsx",
    code: 'import { loadFooter } from "~/server/shell/footer.server";\nimport { NavIcon } from "~/components/icons";\nexport const x = [loadFooter, NavIcon];\n',
    reported: null,
  },
  {
    name: "a component names a server view type with import type",
    filePath: "app/components/new-piece.tsx",
    code: 'import type { Shell } from "~/server/shell/shell.server";\nexport type S = Shell;\n',
    reported: null,
  },
  {
    name: "a feature uses another feature, a client, infra and domain",
    filePath: "app/server/profile/new-piece.server.ts",
    code: [
      'import { dictionary } from "~/server/shell/dictionary.server";',
      'import { getProfile } from "~/server/clients/api.server";',
      'import { env } from "~/server/infra/env.server";',
      'import { safeRedirect } from "~/domain/redirect";',
      "export const x = [dictionary, getProfile, env, safeRedirect];",
      "",
    ].join("\n"),
    reported: null,
  },
  {
    name: "a client uses infra and domain",
    filePath: "app/server/clients/new.server.ts",
    code: 'import { env } from "~/server/infra/env.server";\nimport { safeRedirect } from "~/domain/redirect";\nexport const x = [env, safeRedirect];\n',
    reported: null,
  },
  {
    name: "a session key through its owner's slice",
    filePath: "app/server/catalogue/new-piece.server.ts",
    code: 'import type { PortalSession } from "~/server/infra/session.server";\nimport { compareList } from "~/server/catalogue/compare.server";\nexport const f = (session: PortalSession) => compareList.read(session);\n',
    reported: null,
  },
];

describe("the code layout's layers", () => {
  it.each(CASES)("$name", async ({ filePath, code, reported }) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(cwd, filePath) });
    const rules = (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
    if (reported) expect(rules).toContain(reported);
    else expect(rules).toEqual([]);
  });
});

// import-x/no-cycle reads the imported files from disk, so each case writes its pair into a temporary
// tree linted with the project's eslint.config.js (the rule once reported nothing for want of its
// parsers and extensions settings; these cases fail if it goes quiet again).
describe("no import cycles in app/, server/ and upstream/", () => {
  const CYCLE = "import-x/no-cycle";
  let tree: string;
  let treeLint: ESLint;
  beforeAll(() => {
    tree = mkdtempSync(path.join(os.tmpdir(), "lint-cycles-"));
    treeLint = new ESLint({ cwd: tree, overrideConfigFile: path.join(cwd, "eslint.config.js") });
  });
  afterAll(() => rmSync(tree, { recursive: true, force: true }));

  /** Writes the files (path → the module it imports a value from) and lints the first. */
  async function lintPair(files: Record<string, string | null>) {
    for (const [file, imported] of Object.entries(files)) {
      const name = path.basename(file).replace(/\W/g, "_");
      const code = imported
        ? `import { value } from "${imported}";\nexport const ${name} = () => value;\nexport { ${name} as value };\n`
        : "export const value = 1;\n";
      mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
      writeFileSync(path.join(tree, file), code);
    }
    const [result] = await treeLint.lintFiles([Object.keys(files)[0]!]);
    return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
  }

  it("two features that import each other's values", async () => {
    const rules = await lintPair({
      "app/server/groups/space-chart.server.ts": "../catalogue/compare.server",
      "app/server/catalogue/compare.server.ts": "../groups/space-chart.server",
    });
    expect(rules).toContain(CYCLE);
  });

  it("a cycle through three modules of the portal's server", async () => {
    const rules = await lintPair({
      "server/a.ts": "./b",
      "server/b.ts": "./observability/c",
      "server/observability/c.ts": "../a",
    });
    expect(rules).toContain(CYCLE);
  });

  it("two upstream modules that import each other", async () => {
    const rules = await lintPair({
      "upstream/db/insight.ts": "./price-drops",
      "upstream/db/price-drops.ts": "./insight",
    });
    expect(rules).toContain(CYCLE);
  });

  it("a shared piece moved down: no cycle", async () => {
    const rules = await lintPair({
      "upstream/lib/context.ts": "./tokens",
      "upstream/lib/tokens.ts": "./token-store",
      "upstream/lib/token-store.ts": null,
    });
    expect(rules).toEqual([]);
  });
});
