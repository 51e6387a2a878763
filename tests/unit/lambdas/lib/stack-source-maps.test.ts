import { spawnSync } from 'node:child_process';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippedBuildOptions } from '@infra/cdk/lib/lambda-bundling';
import { REPO_ROOT } from '@infra/cdk/lib/paths';
import { findOrigins, sourceMappedStack, withSourceMappedStack } from '@lambdas/lib/stack-source-maps';

const fixtures = path.join(REPO_ROOT, 'tests/fixtures/stack-source-maps');
const handlerSource = path.join(fixtures, 'brief-handler.ts');
const renderSource = path.join(fixtures, 'render-brief.ts');

/** The 1-based line of `text` in a source file. */
function lineOf(file: string, text: string): number {
  const index = readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((line) => line.includes(text));
  if (index < 0) throw new Error(`${text} is not in ${file}`);
  return index + 1;
}

/**
 * Records every `.map` file read through node:fs, in `globalThis.mapReads`: set up before the bundle loads (as
 * Lambda's runtime is), and seen by the bundle's own `import { readFileSync } from 'node:fs'`.
 */
const RECORD_MAP_READS = `import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
Object.defineProperty(globalThis, 'mapReads', { value: [] });
for (const name of ['readFileSync', 'readFile', 'openSync', 'open']) {
  const original = fs[name];
  fs[name] = function (file, ...rest) {
    if (String(file).endsWith('.map')) globalThis.mapReads.push(String(file));
    return original.call(this, file, ...rest);
  };
}
syncBuiltinESMExports();
`;

interface Run {
  /** The log line of the error. */
  logged: { error: LoggedError };
  /** The maps read while the bundle was imported (init), and by the end of the invocation. */
  readAtInit: string[];
  readByEnd: string[];
}

interface LoggedError {
  name: string;
  location: string;
  message: string;
  stack: string;
  cause?: LoggedError;
  code?: string;
}

describe('a logged error of a bundle shipped with source maps, Node started without --enable-source-maps', () => {
  let dir: string;
  let preload: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'adsmith-stack-maps-'));
    await build({ ...shippedBuildOptions(handlerSource, path.join(dir, 'bundle')), logLevel: 'silent' });
    preload = path.join(dir, 'record-map-reads.mjs');
    writeFileSync(preload, RECORD_MAP_READS);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Imports the bundle in a fresh Node, as Lambda does, and invokes it once with `brief`. */
  function invoke(brief: string): Run {
    const entry = pathToFileURL(path.join(dir, 'bundle', 'index.mjs')).href;
    const script = `const { handler } = await import(${JSON.stringify(entry)}); const readAtInit = [...globalThis.mapReads]; await handler(${JSON.stringify(brief)}); console.log(JSON.stringify({ readAtInit, readByEnd: globalThis.mapReads }));`;
    const result = spawnSync(
      process.execPath,
      ['--import', pathToFileURL(preload).href, '--input-type=module', '-e', script],
      {
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', POWERTOOLS_LOG_LEVEL: 'ERROR', POWERTOOLS_METRICS_DISABLED: 'true' },
      },
    );
    expect(result.status).toBe(0);
    // Powertools writes an error's line to stderr; the script its findings to stdout.
    const logged = JSON.parse(result.stderr.trim()) as Run['logged'];
    const { readAtInit, readByEnd } = JSON.parse(result.stdout.trim()) as Omit<Run, 'logged'>;
    return { logged, readAtInit, readByEnd };
  }

  it('names the source file and line where it was thrown, and its cause', () => {
    const { logged } = invoke('');
    const thrownAt = lineOf(handlerSource, "throw new Error('brief is empty'");
    expect(logged.error.message).toBe('brief is empty');
    expect(logged.error.location).toBe(`${handlerSource}:${thrownAt}`);
    expect(logged.error.stack.split('\n')[1]).toMatch(
      new RegExp(`^ {4}at checkBrief \\(${handlerSource}:${thrownAt}:\\d+\\)$`),
    );
    expect(logged.error.stack).toContain(`${handlerSource}:${lineOf(handlerSource, 'checkBrief(brief);')}:`);
    expect(logged.error.stack).not.toMatch(/index\.mjs/);
    expect(logged.error.cause).toMatchObject({ name: 'TypeError', message: 'no text in the request' });
    expect(logged.error.cause!.stack.split('\n')[1]).toContain(`${handlerSource}:${thrownAt}:`);
  });

  it('maps frames of a lazily loaded chunk with the map beside that chunk', () => {
    const { logged, readByEnd } = invoke('launch');
    const renderAt = lineOf(renderSource, 'new RangeError(');
    expect(logged.error).toMatchObject({ name: 'RangeError', code: 'E_RENDER' });
    expect(logged.error.stack.split('\n')[1]).toContain(`${renderSource}:${renderAt}:`);
    expect(logged.error.stack).toContain(`${handlerSource}:${lineOf(handlerSource, 'renderBrief(brief);')}:`);
    const bundle = path.join(dir, 'bundle');
    const renderChunk = readdirSync(bundle).find(
      (file) =>
        /^chunk-[A-Z0-9]+\.mjs$/.test(file) && readFileSync(path.join(bundle, file), 'utf8').includes('cannot render'),
    );
    expect(readByEnd.sort()).toEqual([`${bundle}/${renderChunk}.map`, `${bundle}/index.mjs.map`].sort());
  });

  it("finds every position's origin as Node's own SourceMap does, in the entry and in a chunk", () => {
    const bundle = path.join(dir, 'bundle');
    const files = readdirSync(bundle).filter((file) => file.endsWith('.mjs'));
    expect(files.length).toBeGreaterThan(1);
    let mapped = 0;
    let asked = 0;
    for (const file of files) {
      const payload = JSON.parse(readFileSync(path.join(bundle, `${file}.map`), 'utf8')) as SourceMapPayload;
      // Every 37th column of every line, and a column past each line's end.
      const positions = readFileSync(path.join(bundle, file), 'utf8')
        .split('\n')
        .flatMap((text, index) => [
          ...Array.from({ length: Math.ceil(text.length / 37) }, (_, step) => ({
            line: index + 1,
            column: step * 37 + 1,
          })),
          { line: index + 1, column: text.length + 5 },
        ]);
      const node = new SourceMap(payload);
      const expected = positions.map(({ line, column }) => {
        const origin = node.findOrigin(line, column);
        return 'fileName' in origin
          ? { source: origin.fileName, line: origin.lineNumber, column: origin.columnNumber, name: origin.name }
          : undefined;
      });
      // Asked for in reverse, as a stack lists them: the answers come back in the order asked.
      const found = findOrigins(payload, [...positions].reverse()).reverse();
      mapped += expected.filter(Boolean).length;
      asked += positions.length;
      positions.forEach((position, index) => {
        const [ours, nodes] = [found[index], expected[index]];
        expect(ours && { ...ours, name: undefined }, `${file} ${JSON.stringify(position)}`).toEqual(
          nodes && { ...nodes, name: undefined },
        );
        // A name only where the mapping names one: Node's SourceMap carries the last name on to the mappings after
        // it, which name nothing (Source Map v3: the fifth field is the segment's own).
        if (ours?.name !== undefined) expect(ours.name).toBe(nodes?.name);
      });
    }
    // Most positions are in our code or a package's; the rest (the banner, a chunk of imports only) in none.
    expect(mapped).toBeGreaterThan(asked / 2);
  });

  it('reads no map at init: only the first logged error reads one, each once', () => {
    const { readAtInit, readByEnd } = invoke('');
    expect(readAtInit).toEqual([]);
    expect(readByEnd).toEqual([path.join(dir, 'bundle', 'index.mjs.map')]);
  });
});

describe('stacks without a map beside their files', () => {
  it('are left as they are: frames of the sources, and of a bundle file with no map', () => {
    const own = new Error('in a test').stack!;
    expect(sourceMappedStack(own)).toBe(own);
    const bundled =
      'Error: failed\n    at Zr (file:///var/task/no-such-bundle/index.mjs:1:2345)\n    at file:///var/task/no-such-bundle/index.mjs:1:99';
    expect(sourceMappedStack(bundled)).toBe(bundled);
  });

  it('log the error itself, fields and all', () => {
    const error = Object.assign(new Error('failed'), { code: 'E_BRIEF' });
    expect(withSourceMappedStack(error)).toBe(error);
  });
});
