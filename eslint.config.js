// The linter of `npm run lint` (inside `npm test`): typescript-eslint's strict rules, the React
// hooks rules, jsx-a11y for the islands and the Astro plugin for the .astro files. Formatting is
// Prettier's (`npm run format:check`); the one layout rule here is the line length, for what Prettier does not
// wrap: comments, strings and templates (a long string is written as parts joined with `+`, which the build joins
// back into one). Only a URL or a regular expression may run longer.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import astro from 'eslint-plugin-astro';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist',
      '.releases/',
      '.astro/',
      '.cache/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'data/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // unused arguments keep a callback's shape readable when they start with _
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // `el!` stays where the same component renders the markup it queries (custom elements) or a
      // preHandler has set the value (req.user after requireUser): a missing one is a bug the e2e
      // and API tests meet at once, and a check there would only restate the framework's guarantee
      '@typescript-eslint/no-non-null-assertion': 'off',
      'max-len': [
        'error',
        {
          code: 120,
          ignoreUrls: true,
          ignoreRegExpLiterals: true,
        },
      ],
    },
  },
  {
    // hooks live in .tsx components and in .ts hook modules (use-*.ts)
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // the two rules of hooks; the React Compiler's stricter set is for a codebase built on it
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'jsx-a11y': jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // the option cards put their text two elements deep inside the label
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },
  {
    // Kysely's migrations take Kysely<any> by design: a migration must not depend on today's schema type
    files: ['migrations/**', 'src/platform/db/migrate.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // tests read JSON answers whose shape is what they assert: `any` there is the assertion's input
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
