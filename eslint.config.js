import js from "@eslint/js";
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      ".next/**",
      ".next-*/**",
      "dist/**",
      "node_modules/**",
      "src/generated/**",
      "sdk/dist/**",
      "sdk/src/generated/**",
      ".data/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
    ],
  },
  js.configs.recommended,
  // Plain JavaScript config files run in Node.
  { files: ["*.js", "*.mjs"], languageOptions: { globals: { process: "readonly" } } },
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { prefer: "type-imports", fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // Type-aware: a promise nobody awaits loses its error (an unhandled rejection ends the process), and
  // one handed to a callback that expects nothing back is never awaited. A deliberate fire-and-forget
  // says so with `void`.
  {
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
    },
  },
  // React's rules where React code lives (test helpers elsewhere may be named use…, as vitest's are).
  {
    files: ["src/app/**/*.tsx", "src/components/**/*.{ts,tsx}", "src/trpc/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat["recommended-latest"],
  },
  {
    plugins: { "@next/next": nextPlugin },
    rules: { ...nextPlugin.configs.recommended.rules, ...nextPlugin.configs["core-web-vitals"].rules },
  },
);
