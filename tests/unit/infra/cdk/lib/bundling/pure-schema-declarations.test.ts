import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build, type BuildOptions } from 'esbuild';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { entryOutputOf, lambdaEsbuildOptions, PURE_SCHEMA_SOURCES } from '@infra/cdk/lib/lambda-bundling';
import { markedPure, pureSchemaDeclarationsPlugin } from '@infra/cdk/lib/bundling/pure-schema-declarations';
import { moduleSchemaFacts, NOT_PURE } from '@infra/cdk/lib/bundling/schema-declarations';
import { REPO_ROOT } from '@infra/cdk/lib/paths';

const PLUGIN = 'adsmith-pure-schema-declarations';
const fixtures = path.join(import.meta.dirname, 'fixtures', 'pure-schemas');
const outdirs: string[] = [];
afterAll(() => Promise.all(outdirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/** Which top-level declarations of `source` the rule takes, given that imports named `…Schema` are schemas. */
function taken(source: string): string[] {
  return [...moduleSchemaFacts(ts, 'module.ts', source).declarations.keys()];
}

describe('which declarations are schema declarations', () => {
  const imports = "import * as z from 'zod';\nimport { BaseSchema, makeThing } from './base';\n";

  it('takes schema expressions on zod, on local and imported schemas, through factories and type-only wrappers', () => {
    const source = `${imports}
export const A = z.object({ a: z.string().min(1), b: z.enum(['x', 'y']), c: z.iso.date(), d: z.coerce.number() });
const B = A.extend({ e: z.array(BaseSchema).max(3) }).brand<'B'>();
export const C = BaseSchema.pick({ id: true }).describe('an id') satisfies z.ZodType;
const field = (max: number, message = \`at most \${max}\`) => z.string().max(max, message);
function choice<T extends string>(values: readonly T[]) { return z.enum(values); }
export const D = z.object({ name: field(20), kind: choice(['a', 'b'] as const) }) as z.ZodType<unknown>;
export const E = z.lazy(() => z.union([A, B.shape.e]));
export const F = z.string().refine((value) => value.startsWith(makeThing()), { message: 'later' }).transform(Number);
`;
    expect(taken(source)).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    const facts = moduleSchemaFacts(ts, 'module.ts', source);
    // Only what a chain calls methods on must be a schema; an argument is only read.
    expect(facts.declarations.get('B')!.roots).toEqual(['A']);
    expect(facts.declarations.get('C')!.roots).toEqual(['BaseSchema']);
    expect(facts.imports.get('BaseSchema')).toEqual({ specifier: './base', name: 'BaseSchema' });
  });

  it('leaves what has an effect at construction, or runs our code', () => {
    const source = `${imports}
const registry = z.registry<{ id: string }>();
const Registered = z.string().register(registry, { id: 'r' });
const WithMeta = z.string().meta({ id: 'm' });
const Global = z.globalRegistry.add(z.string(), {});
const configured = z.config({});
const Parsed = BaseSchema.parse({ id: 'x' });
const Optional = z.string().isOptional();
const Called = z.object({ a: z.literal(makeThing()) });
const Built = makeThing().optional();
const Created = z.instanceof(Map).default(new Map());
const Filled = z.enum(Object.keys({ a: 1 }) as ['a']);
const Lazy = z.lazy(() => { makeThing(); return z.string(); });
const Assigned = z.object({ a: z.literal((globalThis.x = 1)) });
const Unknown = z.string().somethingNew();
const Zod = z;
let Mutable = z.string();
const factory = (schema: z.ZodString) => schema.optional();
const FromParameter = factory(z.string());
`;
    const facts = moduleSchemaFacts(ts, 'module.ts', source);
    expect([...facts.declarations.keys()]).toEqual([]);
    expect(facts.rejected.get('Registered')).toBe(NOT_PURE.register);
    expect(facts.rejected.get('WithMeta')).toBe(NOT_PURE.meta);
    expect(facts.rejected.get('Global')).toBe(NOT_PURE.globalRegistry);
    expect(facts.rejected.get('configured')).toBe(NOT_PURE.config);
    expect(facts.rejected.get('Parsed')).toBe(NOT_PURE.parse);
    expect(facts.rejected.get('FromParameter')).toMatch(/parameter schema used as a schema/);
    expect(facts.rejected.has('Mutable')).toBe(false);
  });

  it('knows the zod namespace however it is imported, and not a type-only import', () => {
    expect(taken("import { z } from 'zod';\nconst A = z.string();")).toEqual(['A']);
    expect(taken("import * as zod from 'zod/v4';\nconst A = zod.string();")).toEqual(['A']);
    expect(taken("import type * as z from 'zod';\nconst A = z.string();")).toEqual([]);
    expect(taken("import * as z from 'zod/mini';\nconst A = z.string();")).toEqual([]);
  });
});

describe('markedPure', () => {
  it('wraps each span on its own lines, so a bundle maps to the same lines', () => {
    const source = 'const a = z.object({\n  b: z.string(),\n});\nthrow new Error();\n';
    const start = source.indexOf('z.object');
    const end = source.indexOf(';');
    const marked = markedPure(source, [{ start, end }]);
    expect(marked).toBe(
      'const a = /* @__PURE__ */ (() => (z.object({\n  b: z.string(),\n})))();\nthrow new Error();\n',
    );
    expect(marked.split('\n').length).toBe(source.split('\n').length);
  });
});

/** The fixture's entry bundled as Lambda's are (ESM, code split), with the plugin on its folder or without. */
async function bundleFixture(plugin: boolean, extra: BuildOptions = {}) {
  const outdir = await mkdtemp(path.join(os.tmpdir(), 'pure-schemas-'));
  outdirs.push(outdir);
  const result = await build({
    entryPoints: [path.join(fixtures, 'entry.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    splitting: true,
    outdir,
    outExtension: { '.js': '.mjs' },
    absWorkingDir: REPO_ROOT,
    metafile: true,
    logLevel: 'silent',
    plugins: plugin ? [pureSchemaDeclarationsPlugin({ roots: [fixtures] })] : [],
    ...extra,
  });
  const text = (
    await Promise.all(
      (await readdir(outdir))
        .filter((file) => file.endsWith('.mjs'))
        .map((file) => readFile(path.join(outdir, file), 'utf8')),
    )
  ).join('\n');
  return { outdir, text, entry: path.join(outdir, 'entry.mjs'), metafile: result.metafile };
}

/** What the bundle prints, in a process of its own (zod keeps its registry and configuration in globals). */
function run(entry: string, nodeOptions: string[] = []): unknown {
  return JSON.parse(execFileSync(process.execPath, [...nodeOptions, entry], { encoding: 'utf8' }));
}

describe('pureSchemaDeclarationsPlugin on a fixture', () => {
  const unused = [
    'unused-base',
    'unused-schema',
    'unused-derived',
    'unused-satisfies',
    'unused-described',
    'unused-factory',
  ];
  const kept = ['kept-registered', 'kept-meta-id', 'kept-global-registry', 'kept-effect-argument', 'kept-plain-call'];

  it('drops the schemas no code references, keeps those with an effect, and the bundle behaves the same', async () => {
    const [without, withPlugin] = await Promise.all([bundleFixture(false), bundleFixture(true)]);
    for (const marker of unused) {
      expect(without.text, marker).toContain(marker);
      expect(withPlugin.text, marker).not.toContain(marker);
    }
    for (const marker of [...kept, 'kept-map-entry', 'kept-parse-argument', 'jitless']) {
      expect(withPlugin.text, marker).toContain(marker);
    }
    const observed = run(withPlugin.entry);
    expect(observed).toEqual(run(without.entry));
    expect(observed).toEqual({
      used: [true, false],
      named: [true, false],
      effects: ['kept-effect-argument', 'kept-plain-call', 'kept-parse-argument'],
      globalIds: ['kept-meta-id', 'kept-global-registry'],
      labelIds: ['kept-registered'],
      mapEntries: ['kept-map-entry'],
    });
  });

  it('does the same minified, as Lambda bundles are', async () => {
    const minified = await bundleFixture(true, { minify: true });
    for (const marker of unused) expect(minified.text, marker).not.toContain(marker);
    expect(run(minified.entry)).toMatchObject({
      used: [true, false],
      globalIds: ['kept-meta-id', 'kept-global-registry'],
    });
  });

  it("keeps lines: a thrown error's stack maps to the line of the source it was thrown from", async () => {
    const mapped = await bundleFixture(true, { sourcemap: true, entryPoints: [path.join(fixtures, 'throws.ts')] });
    const source = await readFile(path.join(fixtures, 'throws.ts'), 'utf8');
    const line = source.split('\n').findIndex((text) => text.includes('throw new Error')) + 1;
    const entry = path.join(mapped.outdir, 'throws.mjs');
    let stack = '';
    try {
      execFileSync(process.execPath, ['--enable-source-maps', entry], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      stack = String((error as { stderr: string }).stderr);
    }
    expect(mapped.text).toContain('@__PURE__');
    expect(stack).toContain(`${path.join(fixtures, 'throws.ts')}:${line}:`);
  });
});

describe('the Lambda bundles', () => {
  /** The agent's init output, with every plugin of Lambda's builds or without this one. */
  async function agentInit(plugin: boolean) {
    const result = await build({
      ...lambdaEsbuildOptions,
      plugins: lambdaEsbuildOptions.plugins.filter((each) => plugin || each.name !== PLUGIN),
      entryPoints: [path.join(REPO_ROOT, 'lambdas', 'agent', 'handler.ts')],
      absWorkingDir: REPO_ROOT,
      tsconfig: path.join(REPO_ROOT, 'tsconfig.json'),
      write: false,
      metafile: true,
      logLevel: 'silent',
      outdir: 'out',
    });
    const output = result.metafile.outputs[entryOutputOf(result.metafile)]!;
    return { bytes: output.bytes, rules: output.inputs['shared/schemas/rules.ts']?.bytesInOutput ?? 0 };
  }

  it('apply it to our sources: the agent no longer carries the rule schemas it never uses', async () => {
    expect(lambdaEsbuildOptions.plugins.map((plugin) => plugin.name)).toContain(PLUGIN);
    expect(PURE_SCHEMA_SOURCES).toEqual([path.join(REPO_ROOT, 'shared'), path.join(REPO_ROOT, 'lambdas')]);
    const [without, withPlugin] = await Promise.all([agentInit(false), agentInit(true)]);
    // Measured: rules.ts 4,384 → 2,338 bytes minified; what init loads 2-3 KB less (other changes move the rest).
    expect(withPlugin.rules).toBeLessThan(without.rules * 0.7);
    expect(withPlugin.bytes).toBeLessThan(without.bytes);
  }, 120_000);
});
