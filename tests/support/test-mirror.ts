import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Tests mirror the code: tests/unit/<room>/<same path>.test.ts(x) tests <room root>/<same path>.ts(x).
 * A test directly in tests/unit tests a file at the repo root (tests/unit/eslint.config.test.ts).
 * Run `npx tsx tests/support/test-mirror.ts` to list the tests that do not mirror a source file.
 */
export const roomRoots: Record<string, string> = {
  lambdas: 'lambdas',
  web: 'web/src',
  shared: 'shared',
  infra: 'infra',
  tests: 'tests',
};

const unitRoot = 'tests/unit';
const testSuffix = /\.test\.(ts|tsx)$/;
const sourceExtensions = ['.ts', '.tsx', '.js', '.mjs', '.cjs'];

/** Every unit test file, repo-relative, sorted. */
export function unitTests(repoRoot: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
      const child = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (testSuffix.test(entry.name)) found.push(child);
    }
  };
  walk(unitRoot);
  return found.sort();
}

/**
 * The source files a unit test mirrors (one per possible extension), or none when it is outside every room. A web test
 * may also mirror a file the site serves as is, outside web/src: tests/unit/web/public/signals.test.ts tests
 * web/public/signals.js.
 */
export function mirroredSources(test: string): string[] {
  const inUnit = test.slice(unitRoot.length + 1).replace(testSuffix, '');
  const [room, ...rest] = inUnit.split('/');
  if (rest.length === 0) return sourceExtensions.map((extension) => `${inUnit}${extension}`);
  const root = roomRoots[room!];
  if (root === undefined) return [];
  const base = room === 'web' && rest[0] === 'public' ? `web/${rest.join('/')}` : `${root}/${rest.join('/')}`;
  return sourceExtensions.map((extension) => `${base}${extension}`);
}

/** The unit tests with no source file at their mirrored path. */
export function unmirroredTests(repoRoot: string): string[] {
  return unitTests(repoRoot).filter(
    (test) => !mirroredSources(test).some((source) => fs.existsSync(path.join(repoRoot, source))),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const unmirrored = unmirroredTests(repoRoot);
  for (const test of unmirrored) console.log(test);
  console.log(`${unmirrored.length} of ${unitTests(repoRoot).length} unit tests do not mirror a source file`);
}
