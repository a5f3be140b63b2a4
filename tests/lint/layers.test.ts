import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

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

type Case = { name: string; filePath: string; code: string; reported: string | null };

const CASES: Case[] = [
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
    filePath: "app/server/profile/new-piece.server.ts",
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
