import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import * as realProcessors from 'zod/v4/core';
import {
  functionOfEntries,
  ZOD_JSON_SCHEMA_CUT,
  ZOD_JSON_SCHEMA_KEPT_IN,
  zodJsonSchemaCutPlugin,
} from '@infra/cdk/lib/bundling/zod-json-schema-cut';
import { entryOutputOf, lambdaEsbuildOptions } from '@infra/cdk/lib/lambda-bundling';
import { REPO_ROOT } from '@infra/cdk/lib/paths';

/**
 * zod's JSON Schema conversion is cut from the functions that never convert a schema (bundling/zod-json-schema-cut.ts):
 * the stand-ins keep what zod uses the files for besides (a schema's minLength, maxValue, format…), throw, naming the
 * cut, where a conversion would run, and a build that reaches a converter without keeping it fails.
 */
const cutDir = path.join(REPO_ROOT, 'infra/cdk/lib/bundling/cut');
const CUT = /zod's JSON Schema conversion .* is cut from Lambda bundles .*ZOD_JSON_SCHEMA_KEPT_IN/;
const real = (file: string) => import(path.join(REPO_ROOT, 'node_modules/zod/v4/core', file)) as Promise<object>;
const standIn = (file: string) => import(path.join(cutDir, file)) as Promise<Record<string, unknown>>;

const dir = mkdtempSync(path.join(tmpdir(), 'zod-json-schema-cut-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Schemas whose checks aggregateChecks folds: lengths, formats, patterns, bounds, multiples, sizes. */
const schemas = () => [
  z.string().min(2).max(9),
  z.email(),
  z.string().regex(/^a+$/).length(4),
  z.base64(),
  z.iso.datetime(),
  z.number().int().gt(1).lte(40).multipleOf(3),
  z.int32(),
  z.bigint().gte(5n),
  z.date().min(new Date(0)),
  z.array(z.string()).min(1).max(3),
  z.set(z.number()).size(2),
];

describe("the stand-ins for zod's JSON Schema conversion", () => {
  it("export what the package's files export", async () => {
    for (const { module, standIn: file } of ZOD_JSON_SCHEMA_CUT) {
      const names = (m: object) => Object.keys(m).sort();
      expect(names(await standIn(path.basename(file))), module).toEqual(names(await real(path.basename(module))));
    }
  });

  it('aggregate a schema’s checks as zod does', async () => {
    const { aggregateChecks } = (await standIn('zod-json-schema-processors.mjs')) as {
      aggregateChecks: (schema: unknown) => unknown;
    };
    const theirs = (realProcessors as unknown as { aggregateChecks?: unknown }).aggregateChecks;
    const original = (theirs ??
      ((await real('json-schema-processors.js')) as { aggregateChecks: unknown }).aggregateChecks) as (
      schema: unknown,
    ) => unknown;
    for (const schema of schemas()) expect(aggregateChecks(schema)).toEqual(original(schema));
  });

  it('throw, naming the cut, where a conversion would run', async () => {
    const processors = await standIn('zod-json-schema-processors.mjs');
    expect(() => (processors.toJSONSchema as (s: unknown) => unknown)(z.string())).toThrow(CUT);
    expect(() => (processors.objectProcessor as (s: unknown) => unknown)(z.object({}))).toThrow(CUT);
    const all = processors.allProcessors as Record<string, (s: unknown) => unknown>;
    expect(() => all.string!(z.string())).toThrow(CUT);
    const conversion = await standIn('zod-to-json-schema.mjs');
    const method = (conversion.createStandardJSONSchemaMethod as (s: unknown, io: string) => () => unknown)(
      z.string(),
      'input',
    );
    expect(method).toThrow(CUT);
  });
});

/** Builds `source` as `lambdas/<fn>/handler.ts` under a scratch root with the Lambda options; its output or errors. */
async function buildAs(
  fn: string,
  source: string,
  keptIn: readonly string[] = ZOD_JSON_SCHEMA_KEPT_IN,
): Promise<{ file: string; inputs: string[] } | { error: string }> {
  const entry = path.join(dir, fn, 'lambdas', fn, 'handler.ts');
  mkdirSync(path.dirname(entry), { recursive: true });
  writeFileSync(entry, source);
  const outdir = path.join(dir, fn, 'out');
  try {
    const { metafile } = await build({
      ...lambdaEsbuildOptions,
      plugins: [zodJsonSchemaCutPlugin(keptIn)],
      entryPoints: [entry],
      outdir,
      nodePaths: [path.join(REPO_ROOT, 'node_modules')],
      absWorkingDir: REPO_ROOT,
      alias: { ...lambdaEsbuildOptions.alias, '@lambdas': path.join(REPO_ROOT, 'lambdas') },
      metafile: true,
      logLevel: 'silent',
    });
    return { file: path.resolve(REPO_ROOT, entryOutputOf(metafile)), inputs: Object.keys(metafile.inputs) };
  } catch (error) {
    return { error: String(error) };
  }
}

const run = (file: string) =>
  spawnSync(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(file)});`], {
    encoding: 'utf8',
  });

const probe = `
import * as z from 'zod';
const name = z.string().min(2).max(40);
const count = z.number().int().gte(1);
console.log(JSON.stringify({ min: name.minLength, max: name.maxLength, isInt: count.isInt, ok: name.safeParse('Ada').success }));
for (const convert of [() => z.toJSONSchema(name), () => name.toJSONSchema(), () => name['~standard'].jsonSchema.input({ target: 'draft-07' })]) {
  try { convert(); console.log('converted'); } catch (error) { console.log(error.message); }
}
`;

describe('a function bundled for Lambda', () => {
  it('without a converter, carries the stand-ins: schemas work, a conversion throws naming the cut', async () => {
    const built = await buildAs('plain', probe);
    if (!('file' in built)) throw new Error(built.error);
    expect(
      built.inputs.filter((input) => /zod\/v4\/core\/(to-json-schema|json-schema-processors)/.test(input)),
    ).toEqual([]);
    const { stdout, status, stderr } = run(built.file);
    expect(status, stderr).toBe(0);
    const [checks, ...conversions] = stdout.trim().split('\n');
    expect(JSON.parse(checks!)).toEqual({ min: 2, max: 40, isInt: true, ok: true });
    expect(conversions).toHaveLength(3);
    for (const line of conversions) expect(line).toMatch(CUT);
  });

  it('kept, converts as zod does', async () => {
    const built = await buildAs('keeper', probe, ['keeper']);
    if (!('file' in built)) throw new Error(built.error);
    const { stdout, status, stderr } = run(built.file);
    expect(status, stderr).toBe(0);
    expect(stdout.trim().split('\n').slice(1)).toEqual(['converted', 'converted', 'converted']);
  });

  it('that reaches a converter without keeping it fails to build, naming the list', async () => {
    const source = `import { strictJsonSchema } from ${JSON.stringify(path.join(REPO_ROOT, 'lambdas/lib/ai/strict-json-schema.ts'))};\nexport const s = strictJsonSchema;\n`;
    const built = await buildAs('forgetful', source);
    expect('error' in built && built.error).toMatch(
      /strict-json-schema\.ts converts zod schemas to JSON Schema, which the bundle of forgetful cuts: add the function to ZOD_JSON_SCHEMA_KEPT_IN/,
    );
  });

  it('is known by its entry, lambdas/<fn>/handler.ts', () => {
    expect(functionOfEntries([path.join(REPO_ROOT, 'lambdas/mcp/handler.ts')])).toBe('mcp');
    expect(functionOfEntries(['lambdas/health/handler.ts'])).toBe('health');
    expect(functionOfEntries([path.join(REPO_ROOT, 'tests/fixture.ts')])).toBeUndefined();
  });
});
