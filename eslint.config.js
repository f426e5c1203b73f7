// ESLint, with typescript-eslint: JavaScript's and TypeScript's recommended rules, and the rules that
// hold the project's shape. tests/architecture.test.ts holds the rest of it (the rooms, cycles through
// type-only imports, the length of functions); `npm test` runs both.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/** From outside src/, the engine is its package's entries (package.json `exports`), never a path into its sources. */
const INTO_SRC = {
  regex: '^(\\.\\./)+src/',
  message: 'import the engine by its name: trn-site, trn-site/theme, trn-site/serve or trn-site/internal/… (package.json exports)',
};

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'preview/', 'coverage/', 'schemas/', '.site-cache/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  {
    // Resolved as Node does, package.json `exports` included, so an import by the package's own name is an edge too.
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-imports': ['error', { patterns: [INTO_SRC] }],
      // `_`-names are kept on purpose: what a destructuring leaves out, a parameter a signature needs.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // The engine looks for control characters on purpose (hidden characters, what XML cannot hold, terminal colours).
      'no-control-regex': 'off',
    },
  },
  {
    files: ['templates/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [INTO_SRC, { regex: '^trn-site(?!/theme$)', message: 'templates import the engine through trn-site/theme only' }],
        },
      ],
    },
  },
  {
    // The launchers and the engine's one JavaScript module run in Node as they are.
    files: ['**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
