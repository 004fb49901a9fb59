import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      ".wrangler/",
      "node_modules/",
      "worker-configuration.d.ts",
      "test-results/",
      "playwright-report/",
      // The pristine qrcode-generator, third-party code kept as the oracle of the patch's test.
      "tests/fixtures/*.original.mjs",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
      eqeqeq: ["error", "smart"],
      "no-console": ["error", { allow: ["error", "warn", "info"] }],
    },
  },
  {
    files: ["app/**"],
    ignores: ["app/validation/zod.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "zod",
              message: "Import z from app/validation/zod.ts, which configures zod for the CSP.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.mjs"],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["tests/**", "*.config.ts", "*.config.js"],
    rules: { "no-console": "off" },
  },
);
