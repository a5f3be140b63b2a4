import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

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
  // Redirects carry the security headers and no-store: only through the portal's own helper. Links
  // go through the portal's Link (decision 029).
  {
    files: ["app/**"],
    ignores: ["app/server/infra/responses.server.ts", "app/components/link.tsx"],
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
            {
              name: "@remix-run/react",
              importNames: ["Link"],
              message: "Use Link from ~/components/link (plain paths without the router's cost, decision 029).",
            },
          ],
        },
      ],
    },
  },
  // Playwright fixtures call their `use` argument; it is not React's hook.
  { files: ["tests/e2e/**"], rules: { "react-hooks/rules-of-hooks": "off" } },
);
