import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  // House rules: which folder may import which (ARCHITECTURE.md, "Layout").
  {
    files: ['src-shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/src-server/**', '**/src-public/**', '**/src-backoffice/**'] },
      ],
    },
  },
  {
    files: ['src-public/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/src-server/**', '**/src-backoffice/**'] }] },
  },
  {
    files: ['src-backoffice/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/src-server/**', '**/src-public/**'] }] },
  },
  {
    files: ['src-server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/src-public/**', '**/src-backoffice/**'] }] },
  },
);
