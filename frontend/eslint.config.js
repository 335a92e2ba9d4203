// ESLint for the frontend: TypeScript, the rules of hooks, accessibility, and the import
// boundaries of the feature folders (shared → features → app; no feature imports another).
import { createRequire, Module } from 'node:module';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';

// typescript-eslint parses with TypeScript's JavaScript compiler API, which the project's
// `typescript` (7, the native compiler) no longer ships; TypeScript 5.9 is installed beside it as
// `typescript-5` (see docs/decisions.md). Before typescript-eslint loads, its
// `require('typescript')` is pointed at that copy by seeding Node's documented require cache.
const require = createRequire(import.meta.url);
const estree = require.resolve('@typescript-eslint/typescript-estree', {
  paths: [require.resolve('typescript-eslint')],
});
const typescriptEntry = createRequire(estree).resolve('typescript');
const typescript5 = new Module(typescriptEntry);
typescript5.filename = typescriptEntry;
typescript5.exports = require('typescript-5');
typescript5.loaded = true;
require.cache[typescriptEntry] = typescript5;
const { default: tseslint } = await import('typescript-eslint');

/** The layers of src/: shared code, then features, then the app that composes them. */
const elements = [
  { type: 'app', pattern: 'src/app', partialMatch: false },
  { type: 'feature', pattern: 'src/features/*', capture: ['name'], partialMatch: false },
  {
    type: 'shared',
    pattern: ['src/components', 'src/hooks', 'src/lib', 'src/types'],
    partialMatch: false,
  },
  { type: 'test-support', pattern: 'src/test', partialMatch: false },
];

const toTypes = (...types) => ({ to: { element: { types: { anyOf: types } } } });

export default defineConfig([
  globalIgnores(['dist/', 'node_modules/', 'src/types/api.gen.ts']),
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
  },
  {
    // Query and mutation keys come from the features' keys (features/<x>/api/keys.ts) or, when
    // shared, lib/query-keys.ts: an inline array would drift from the key it means to match.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/features/*/api/keys.ts', 'src/lib/query-keys.ts', 'src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name=/^(queryKey|mutationKey)$/][value.type='ArrayExpression']",
          message: 'Take the key from the feature\'s api/keys.ts or lib/query-keys.ts.',
        },
      ],
    },
  },
  {
    files: ['src/sw.ts'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['e2e/**', 'scripts/**', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/files': [
        // The page's entry and the service worker's (issue 21).
        { category: 'entry', pattern: ['src/main.tsx', 'src/sw.ts'] },
        { category: 'stylesheet', pattern: 'src/**/*.css' },
        { category: 'test', pattern: 'src/**/*.test.{ts,tsx}' },
      ],
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'import/resolver': { typescript: { project: './tsconfig.json' } },
    },
    rules: {
      'boundaries/no-unknown-files': 'error',
      'boundaries/no-unknown-dependencies': 'error',
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { from: { element: { type: 'shared' } }, allow: toTypes('shared') },
            {
              from: { element: { type: 'feature' } },
              allow: [
                toTypes('shared'),
                {
                  to: {
                    element: {
                      type: 'feature',
                      captured: { name: '{{ from.element.captured.name }}' },
                    },
                  },
                },
              ],
            },
            { from: { element: { type: 'app' } }, allow: toTypes('shared', 'feature', 'app') },
            {
              from: { file: { categories: 'entry' } },
              allow: [toTypes('shared', 'app'), { to: { file: { categories: 'stylesheet' } } }],
            },
            // Fixtures and render helpers build the shapes the features declare.
            {
              from: { element: { type: 'test-support' } },
              allow: toTypes('shared', 'feature', 'test-support'),
            },
            { from: { file: { categories: 'test' } }, allow: toTypes('test-support') },
          ],
        },
      ],
    },
  },
]);
