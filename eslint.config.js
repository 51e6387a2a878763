import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries: web and lambdas import shared; infra imports
 * shared and points at lambdas; nothing imports infra but tests; shared imports nothing
 * of ours; web features do not import each other.
 */
const boundaries = [
  {
    target: './shared',
    from: ['./web', './lambdas', './infra', './tests'],
    message: 'shared/ imports nothing of ours.',
  },
  { target: './lambdas', from: ['./web', './infra'], message: 'lambdas/ may import only shared/.' },
  { target: './web', from: ['./lambdas', './infra'], message: 'web/ may import only shared/.' },
  { target: './infra/cdk', from: ['./web/src'], message: 'infra/ deploys web/dist; it does not import web code.' },
  {
    target: './web/src/features/*',
    from: './web/src/features/*',
    except: ['.'],
    message: 'Features do not import each other: move what two share into components/ or lib/.',
  },
];

export default tseslint.config(
  { ignores: ['node_modules', 'web/dist', 'cdk.out', '.local', 'coverage', 'test-results', '.bench'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../../*'], message: 'Use the path aliases (@shared, @web, @lambdas, @infra, @tests).' },
          ],
        },
      ],
      // `import { z }` pulls every zod locale into each bundle (450 KB); the namespace import tree-shakes to 85 KB.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z'][importKind!='type']",
          message: "Use `import * as z from 'zod'`: it tree-shakes.",
        },
      ],
    },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'tests/unit/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
