import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import boundaries from "eslint-plugin-boundaries";
import { importX } from "eslint-plugin-import-x";
import { readFileSync } from "node:fs";
import { SHARED_MODULES } from "./tests/vitest-projects.mjs";

// The code layout (docs/code-layout.md). A file under app/routes/ is a route module only when
// app/routes.ts names it; any other file there is of no layer, and no-unknown-files reports it.
const routeModules = [
  ...new Set([...readFileSync(new URL("app/routes.ts", import.meta.url), "utf8").matchAll(/"(routes\/[^"]+)"/g)]),
].map(([, file]) => `app/${file}`);

const LAYERS = [
  {
    type: "app-root",
    pattern: ["app/root.tsx", "app/entry.client.tsx", "app/entry.server.tsx", "app/routes.ts"],
    mode: "full",
  },
  { type: "routes", pattern: routeModules, mode: "full" },
  { type: "components", pattern: "app/components/**", mode: "full" },
  { type: "clients", pattern: "app/server/clients/**", mode: "full" },
  { type: "infra", pattern: "app/server/infra/**", mode: "full" },
  { type: "server-feature", pattern: "app/server/*", mode: "folder", capture: ["feature"] },
  { type: "domain", pattern: "app/domain/**", mode: "full" },
  { type: "assets", pattern: ["app/styles/**", "app/data/**"], mode: "full" },
];

// What one feature may import of another (docs/code-layout.md, decision 058). The shared set: any feature
// may import these modules. Add one only for a rule several features share, and say so in the doc.
const SHARED_FEATURE_MODULES = [
  "auth/auth.server.ts", // the guards, Agent
  "auth/agent.server.ts", // Agent, what a guard resolves
  "auth/acting.server.ts", // acting for an agency: the super user starts it, the shell shows its banner
  "shell/preferences.server.ts", // the page's language and the sidebar
  "shell/dictionary.server.ts", // the content's dictionaries
  "shell/intro.server.ts", // a screen's intro
  "reference/*.server.ts", // countries, currencies
  "kept-forms/kept-forms.server.ts", // a form kept over a sign-out
  "catalogue/ship-options.server.ts", // the ship select (the catalogue's searches, the insights lists)
  "registration/registration.server.ts", // the registration and recovery pages' texts, an upstream failure
].map((m) => `app/server/${m}`);

// Named couplings: one feature's use of one module of another that is not a shared rule. Each is a
// debt with its reason; move it (to its owner, app/domain/ or the shared set) rather than add one.
const FEATURE_COUPLINGS = {
  // the guard's terms gate (decision 034); the one-time-code page also takes username recovery's code
  auth: ["legal/legal.server.ts", "account/recovery.server.ts"],
  // recovery sets registration's outcome and clears a pending sign-in code
  account: ["registration/drafts.server.ts", "auth/session-state.server.ts"],
  // the header's weather unit and forecast link follow the widget settings
  shell: ["widgets/widget-settings.server.ts"],
  // an offer's pages read the promotion search and the itinerary search they came from
  promotions: ["catalogue/itinerary-search.server.ts", "catalogue/promotion-search.server.ts"],
  // /home's action queue panel
  widgets: ["insights/action-queue.server.ts"],
};

/** `from` may import these layers (values and types alike). */
const allow = (from, to, message) => ({
  from: { element: { type: from } },
  allow: { to: { element: { type: to } } },
  message,
});

const LAYER_POLICIES = [
  allow("app-root", ["components", "server-feature", "infra", "domain", "assets"]),
  // A route module is the guard, one feature call and the answer (decision 057): it never calls a
  // client itself.
  allow("routes", ["components", "server-feature", "infra", "domain", "assets"]),
  allow("components", ["components", "domain", "assets"]),
  // A component draws what the server made: it may name the server's types, never run its code.
  {
    from: { element: { type: "components" } },
    allow: { to: { element: { type: ["server-feature", "clients", "infra"] } }, dependency: { kind: "type" } },
  },
  allow("server-feature", ["clients", "infra", "domain", "assets"]),
  // A feature uses its own modules freely, another feature's only through the shared set or a named
  // coupling (decision 058).
  {
    from: { element: { type: "server-feature" } },
    disallow: { to: { element: { type: "server-feature" } } },
    message:
      "{{from.captured.feature}} may import of another feature only the shared set or a named coupling (eslint.config.js, decision 058)",
  },
  {
    from: { element: { type: "server-feature" } },
    allow: {
      to: { element: { type: "server-feature", captured: { feature: "{{ from.element.captured.feature }}" } } },
    },
  },
  {
    from: { element: { type: "server-feature" } },
    allow: { to: { element: { type: "server-feature", filePath: SHARED_FEATURE_MODULES } } },
  },
  ...Object.entries(FEATURE_COUPLINGS).map(([feature, modules]) => ({
    from: { element: { type: "server-feature", captured: { feature } } },
    allow: { to: { element: { type: "server-feature", filePath: modules.map((m) => `app/server/${m}`) } } },
  })),
  allow("clients", ["clients", "infra", "domain"]),
  allow("infra", ["infra", "domain", "assets"]),
  allow("domain", ["domain"]),
];

const IMPORT_SETTINGS = {
  "import-x/resolver": { typescript: { project: "tsconfig.json" } },
  "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
  "import-x/extensions": [".ts", ".tsx", ".js"],
};

export default tseslint.config(
  { ignores: ["build/", "node_modules/", "data/", "test-results/", "playwright-report/", ".cache/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  // Redirects carry the security headers and no-store: only through the portal's own helper.
  {
    files: ["app/**"],
    ignores: ["app/server/infra/responses.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@remix-run/node",
              importNames: ["redirect", "redirectDocument", "replace"],
              message: "Use redirect from ~/server/infra/responses.server (security headers, no-store).",
            },
          ],
        },
      ],
    },
  },
  // Each piece of session state has one owner, read and written through its typed slice
  // (sessionSlice): a key named at a session's get/set/unset outside the slice helper bypasses it.
  {
    files: ["app/**"],
    ignores: ["app/server/infra/session-slice.server.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          "CallExpression[callee.object.name=/[sS]ession$/]",
          "CallExpression[callee.object.property.name=/[sS]ession$/]",
        ].map((call) => ({
          selector: `${call}[callee.property.name=/^(get|set|unset)$/][arguments.0.type='Literal']`,
          message: "Use the owner's session slice (sessionSlice in ~/server/infra/session-slice.server), not a key.",
        })),
      ],
    },
  },
  // Playwright fixtures call their `use` argument; it is not React's hook.
  { files: ["tests/e2e/**"], rules: { "react-hooks/rules-of-hooks": "off" } },
  // vitest's shared-modules files share one module cache per worker (vitest.config.ts): a module mock
  // there would reach every file after it in that worker.
  {
    files: SHARED_MODULES,
    rules: {
      "no-restricted-properties": [
        "error",
        ...["mock", "doMock"].map((property) => ({
          object: "vi",
          property,
          message: "this file shares its modules with others (vitest.config.ts): mock in tests/integration",
        })),
      ],
    },
  },
  // No import cycles in the portal, its server or the reference upstream. Without its parsers and
  // extensions settings import-x parses no imported .ts file, finds no imports and reports nothing.
  // It skips `import type`: tests/lint/import-graph.test.ts holds the type-only cycles. Packages are not
  // followed (ignoreExternal): no cycle runs through them, and parsing them doubled the lint's time.
  {
    files: ["{app,server,upstream}/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: IMPORT_SETTINGS,
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  // The layers (docs/code-layout.md): what may import what, and every file in a layer.
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { boundaries },
    settings: {
      ...IMPORT_SETTINGS,
      "import/resolver": { typescript: { project: "tsconfig.json" } },
      "boundaries/elements": LAYERS,
      "boundaries/include": ["app/**/*"],
      // Element patterns here name files (route modules, the root files): the "full" mode, which 7.x
      // still honours, warns once per run that it is deprecated.
      "boundaries/legacy-warnings": false,
    },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          message: "{{from.type}} may not import {{to.type}} (docs/code-layout.md)",
          policies: LAYER_POLICIES,
          checkUnknownLocals: true,
        },
      ],
      "boundaries/no-unknown-files": "error",
    },
  },
);
