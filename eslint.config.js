import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Zones are resolved against the repo root, not the process's cwd, so the rule means the same from any folder. */
const repoRoot = path.dirname(fileURLToPath(import.meta.url));

/** The folders directly inside `dir` (repo-relative, e.g. `lambdas/chatbot`); none when `dir` does not exist. */
function foldersIn(dir) {
  const absolute = path.join(repoRoot, dir);
  if (!fs.existsSync(absolute)) return [];
  return fs
    .readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${dir}/${entry.name}`)
    .sort();
}

/** Every file and folder directly inside `dir` except `skip` (repo-relative). */
function entriesIn(dir, skip) {
  return fs
    .readdirSync(path.join(repoRoot, dir))
    .map((name) => `${dir}/${name}`)
    .filter((entry) => !skip.includes(entry))
    .sort();
}

const webFeatures = foldersIn('web/src/features');
const lambdaLib = 'lambdas/lib';
const functionFolders = foldersIn('lambdas').filter((folder) => folder !== lambdaLib);
/** The local twin; everything else in infra/ is the CDK app (infra/cdk). */
const twinFolder = 'infra/twin';
const cdkEntries = entriesIn('infra', [twinFolder]);

/**
 * Import boundaries, one zone per room and GENERATED from the folders at config load, so a new feature or
 * function is fenced the day its folder appears (tests/unit/eslint.config.test.ts proves each kind fires).
 * Direction: web and lambdas import shared; infra imports shared and points at lambdas entries by path;
 * nothing imports infra but tests; shared imports nothing of ours.
 *
 * shared/ has no exception: its one renderer (shared/graphics/render-svg.ts) needs satori and react, which are
 * packages, not our folders, so it imports nothing of ours.
 */
const roomZones = [
  {
    target: 'shared',
    from: ['web', 'lambdas', 'infra', 'tests'],
    message: 'shared/ imports nothing of ours.',
  },
  { target: 'web', from: ['lambdas', 'infra', 'tests'], message: 'web/ may import only shared/.' },
  { target: 'lambdas', from: ['web', 'infra', 'tests'], message: 'lambdas/ may import only shared/.' },
  { target: 'infra', from: ['web/src'], message: 'infra/ deploys and serves web/dist; it does not import web code.' },
  // The twin may import lambdas: it runs the real handlers and emulates what they rely on (the outbox relay
  // reads lambdas/lib/outbox's rows; the demo seed writes the optimizer's stored shapes). The CDK app only
  // points at handler entries by path.
  ...cdkEntries.map((target) => ({
    target,
    from: ['lambdas'],
    message: 'The CDK app points at lambdas entries by path; it does not import lambdas code.',
  })),
];

const featureZones = webFeatures.map((feature) => ({
  target: feature,
  from: webFeatures.filter((other) => other !== feature),
  message: 'Features do not import each other: move what two share into web/src/components or web/src/lib.',
}));

const functionZones = [
  ...functionFolders.map((fn) => ({
    target: fn,
    from: functionFolders.filter((other) => other !== fn),
    message: 'A function folder imports only lambdas/lib and shared/, never another function folder.',
  })),
  {
    target: lambdaLib,
    from: functionFolders,
    message: 'lambdas/lib is what functions share: it never imports a function folder.',
  },
];

const boundaryZones = [...roomZones, ...featureZones, ...functionZones];

const restrictedPaths = (zones) => ['error', { basePath: repoRoot, zones }];

export default tseslint.config(
  { ignores: ['node_modules', 'web/dist', 'cdk.out', '.local', 'coverage', 'test-results', '.bench'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      'import-x/no-restricted-paths': restrictedPaths(boundaryZones),
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
  {
    // Screens are composed from small parts (issue 21): no function over 150 lines in the product code.
    files: ['web/**/*.{ts,tsx}', 'lambdas/**/*.ts', 'infra/**/*.ts', 'shared/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
);
