import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'coverage', 'tests/e2e/.tmp', 'src-server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: [
      'src-public/**/*.{ts,tsx}',
      'src-backoffice/**/*.{ts,tsx}',
      'src-shared/**/*.{ts,tsx}',
      'tests/**/*.tsx',
    ],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // House rules: which folder may import which (ARCHITECTURE.md, "Layout"), checked by
  // eslint-plugin-boundaries on every import, export and dynamic import (type-only ones included).
  // Tests are no element: they may import anything.
  {
    files: ['src-*/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      // Resolves the imports without extension to the .ts and .tsx files they name.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      // First match wins: the server's lower layers before the rest of the server.
      'boundaries/elements': [
        { type: 'shared', pattern: 'src-shared', partialMatch: false },
        { type: 'public', pattern: 'src-public', partialMatch: false },
        { type: 'backoffice', pattern: 'src-backoffice', partialMatch: false },
        { type: 'modules', pattern: 'src-server/modules', partialMatch: false },
        {
          type: 'server-base',
          pattern: 'src-server/{plugins,db,lib,embedded-postgres}',
          partialMatch: false,
        },
        { type: 'server', pattern: 'src-server', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'shared' } },
              disallow: { to: { element: { types: { noneOf: ['shared'] } } } },
              message: 'src-shared imports only src-shared (it runs in the browser and the server)',
            },
            {
              from: { element: { type: 'public' } },
              disallow: { to: { element: { types: { noneOf: ['public', 'shared'] } } } },
              message: 'src-public imports only src-public and src-shared',
            },
            {
              from: { element: { type: 'backoffice' } },
              disallow: { to: { element: { types: { noneOf: ['backoffice', 'shared'] } } } },
              message: 'src-backoffice imports only src-backoffice and src-shared',
            },
            {
              from: { element: { types: { anyOf: ['modules', 'server-base', 'server'] } } },
              disallow: { to: { element: { types: { anyOf: ['public', 'backoffice'] } } } },
              message: 'src-server never imports a web entry (src-public, src-backoffice)',
            },
            {
              from: { element: { type: 'server-base' } },
              disallow: { to: { element: { type: 'modules' } } },
              message:
                'plugins/, db/, lib/ and embedded-postgres/ never import modules/: move the helper down into lib/',
            },
          ],
        },
      ],
    },
  },
);
