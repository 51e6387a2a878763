import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries must fire: a forbidden import fed to ESLint through the repo's own config gets the
 * restricted-paths error, and an allowed one does not. Probes are linted as text at a made-up path inside the
 * folder under test; what they import is a real file, picked from the folders as they are today, so the test
 * follows features and functions as they are added, renamed or moved.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RULE = 'import-x/no-restricted-paths';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot, overrideConfigFile: path.join(repoRoot, 'eslint.config.js') });
});

function foldersIn(dir: string): string[] {
  return fs
    .readdirSync(path.join(repoRoot, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${dir}/${entry.name}`)
    .sort();
}

/** A real module inside `dir` (repo-relative, without its extension), so the import resolves. */
function aModuleIn(dir: string): string {
  const entries = fs.readdirSync(path.join(repoRoot, dir), { withFileTypes: true });
  const file = entries.find((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'));
  if (file) return `${dir}/${file.name.replace(/\.tsx?$/, '')}`;
  for (const folder of entries.filter((entry) => entry.isDirectory())) {
    const found = tryModuleIn(`${dir}/${folder.name}`);
    if (found) return found;
  }
  throw new Error(`no TypeScript module in ${dir}`);
}

function tryModuleIn(dir: string): string | undefined {
  try {
    return aModuleIn(dir);
  } catch {
    return undefined;
  }
}

/** The repo-relative module as an alias import (`@web/...`, `@lambdas/...`, `@shared/...`, `@infra/...`). */
function aliased(module: string): string {
  if (module.startsWith('web/src/')) return `@web/${module.slice('web/src/'.length)}`;
  return `@${module}`;
}

/** The repo-relative module as a relative import from the file at `from`. */
function relative(from: string, module: string): string {
  const specifier = path.posix.relative(path.posix.dirname(from), module);
  return specifier.startsWith('.') ? specifier : `./${specifier}`;
}

/** The restricted-paths messages for a probe at `file` (repo-relative) importing `specifier`. */
async function boundaryErrors(file: string, specifier: string): Promise<string[]> {
  const code = `import * as probe from '${specifier}';\nexport { probe };\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
  const messages = result?.messages ?? [];
  const unresolved = messages.find((message) => message.fatal);
  if (unresolved) throw new Error(`${file} did not lint: ${unresolved.message}`);
  return messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
}

const webFeatures = foldersIn('web/src/features');
const functionFolders = foldersIn('lambdas').filter((folder) => folder !== 'lambdas/lib');
const cdkFolder = 'infra/cdk/lib';
const twinFolder = 'infra/twin';

const [featureA, featureB] = webFeatures as [string, string];
const [functionA, functionB] = functionFolders as [string, string];
const probe = (dir: string) => `${dir}/zz-boundary-probe.ts`;

describe('eslint import boundaries fire', () => {
  it('finds folders to fence', () => {
    expect(webFeatures.length).toBeGreaterThan(1);
    expect(functionFolders.length).toBeGreaterThan(1);
  });

  const forbidden: [string, () => [file: string, specifier: string]][] = [
    ['a web feature imports another by alias', () => [probe(featureA), aliased(aModuleIn(featureB))]],
    [
      'a web feature imports another by relative path',
      () => [probe(`${featureA}/components`), relative(probe(`${featureA}/components`), aModuleIn(featureB))],
    ],
    [
      'a lambdas function folder imports another by relative path',
      () => [probe(functionA), relative(probe(functionA), aModuleIn(functionB))],
    ],
    ['a lambdas function folder imports another by alias', () => [probe(functionB), aliased(aModuleIn(functionA))]],
    ['lambdas/lib imports a function folder', () => [probe('lambdas/lib/http'), aliased(aModuleIn(functionA))]],
    ['shared imports web', () => [probe('shared'), aliased(aModuleIn('web/src/lib'))]],
    ['shared imports lambdas', () => [probe('shared/graphics'), aliased(aModuleIn('lambdas/lib'))]],
    ['shared imports infra', () => [probe('shared'), aliased(aModuleIn(cdkFolder))]],
    ['shared imports tests', () => [probe('shared'), aliased(aModuleIn('tests/support'))]],
    ['web imports lambdas', () => [probe('web/src/lib'), aliased(aModuleIn('lambdas/lib'))]],
    ['web imports infra', () => [probe(featureA), aliased(aModuleIn(twinFolder))]],
    ['lambdas imports web', () => [probe(functionA), aliased(aModuleIn('web/src/lib'))]],
    ['lambdas imports infra', () => [probe('lambdas/lib'), aliased(aModuleIn(cdkFolder))]],
    ['the CDK app imports web/src', () => [probe(cdkFolder), aliased(aModuleIn('web/src/lib'))]],
    ['the CDK app imports lambdas code', () => [probe(cdkFolder), aliased(aModuleIn('lambdas/lib'))]],
  ];

  it.each(forbidden)('errors when %s', async (_name, makeCase) => {
    const [file, specifier] = makeCase();
    expect(await boundaryErrors(file, specifier)).toHaveLength(1);
  });

  const allowed: [string, () => [file: string, specifier: string]][] = [
    ['a web feature imports its own files', () => [probe(`${featureA}/components`), aliased(aModuleIn(featureA))]],
    ['a web feature imports web/src/lib', () => [probe(featureA), aliased(aModuleIn('web/src/lib'))]],
    ['a web feature imports web/src/components', () => [probe(featureA), aliased(aModuleIn('web/src/components'))]],
    ['a web feature imports shared', () => [probe(featureA), aliased(aModuleIn('shared'))]],
    [
      'a lambdas function folder imports its own files',
      () => [probe(functionA), relative(probe(functionA), aModuleIn(functionA))],
    ],
    ['a lambdas function folder imports lambdas/lib', () => [probe(functionA), aliased(aModuleIn('lambdas/lib'))]],
    ['a lambdas function folder imports shared', () => [probe(functionA), aliased(aModuleIn('shared'))]],
    ['lambdas/lib imports shared', () => [probe('lambdas/lib/http'), aliased(aModuleIn('shared'))]],
    ['shared imports shared', () => [probe('shared/graphics'), aliased(aModuleIn('shared'))]],
    ['the CDK app imports shared', () => [probe(cdkFolder), aliased(aModuleIn('shared'))]],
    ['the twin imports lambdas to run and emulate them', () => [probe(twinFolder), aliased(aModuleIn('lambdas/lib'))]],
    ['tests import any room', () => [probe('tests/support'), aliased(aModuleIn(featureA))]],
  ];

  it.each(allowed)('allows %s', async (_name, makeCase) => {
    const [file, specifier] = makeCase();
    expect(await boundaryErrors(file, specifier)).toEqual([]);
  });

  it('fences every web feature from every other one', async () => {
    for (const [index, feature] of webFeatures.entries()) {
      const other = webFeatures[(index + 1) % webFeatures.length]!;
      expect(await boundaryErrors(probe(feature), aliased(aModuleIn(other))), `${feature} -> ${other}`).toHaveLength(1);
    }
  });

  it('fences every lambdas function folder from every other one', async () => {
    for (const [index, fn] of functionFolders.entries()) {
      const other = functionFolders[(index + 1) % functionFolders.length]!;
      expect(await boundaryErrors(probe(fn), aliased(aModuleIn(other))), `${fn} -> ${other}`).toHaveLength(1);
    }
  });
});

/**
 * Screens are composed from small parts: a function over 150 lines fails lint in every product room, so the
 * rule cannot go inert the way the import zones once did. Blank lines and comments do not count.
 */
describe('eslint keeps functions small', () => {
  /** A function of exactly `lines` lines, its signature and closing brace included. */
  function functionOfLines(lines: number): string {
    const statements = Array.from({ length: lines - 3 }, (_, i) => `  total += ${i};`);
    return [
      'export function long(): number {',
      '  let total = 0;',
      ...statements.slice(1),
      '',
      '  // a comment',
      '  return total;',
      '}',
      '',
    ].join('\n');
  }

  async function lengthErrors(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
    return result!.messages.filter((message) => message.ruleId === 'max-lines-per-function').map((m) => m.message);
  }

  it.each([
    'web/src/features/campaigns/zz-probe.tsx',
    'lambdas/optimizer/zz-probe.ts',
    'infra/twin/zz-probe.ts',
    'shared/zz-probe.ts',
  ])('refuses a 151-line function and accepts a 150-line one in %s', async (file) => {
    expect(await lengthErrors(file, functionOfLines(150))).toEqual([]);
    expect(await lengthErrors(file, functionOfLines(151))).toEqual([expect.stringContaining('(151)')]);
  });
});
