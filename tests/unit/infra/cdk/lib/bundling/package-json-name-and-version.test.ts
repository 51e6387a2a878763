import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import {
  nameAndVersion,
  PACKAGE_JSON_KEPT_FIELDS,
  TRIMMED_PACKAGE_JSON,
} from '@infra/cdk/lib/bundling/package-json-name-and-version';
import { entryOutputOf, lambdaEsbuildOptions } from '@infra/cdk/lib/lambda-bundling';
import { REPO_ROOT } from '@infra/cdk/lib/paths';

const require = createRequire(import.meta.url);
const nodeModules = path.join(REPO_ROOT, 'node_modules');
const outdir = mkdtempSync(path.join(tmpdir(), 'package-json-name-and-version-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** Every installed AWS SDK client: the packages whose manifests the plugin trims. */
const clients = readdirSync(path.join(nodeModules, '@aws-sdk')).filter((name) => name.startsWith('client-'));

/** The fields a module reads of the manifest it binds to `binding`; `*` if it uses the binding any other way. */
function fieldsRead(source: string, binding: string): string[] {
  const uses = [...source.matchAll(new RegExp(`\\b${binding}\\b(\\.[A-Za-z_$][\\w$]*)?`, 'g'))];
  // The import or require that binds it is not a read.
  const reads = uses.filter((use) => !/(import|var|let|const)\s+$/.test(source.slice(0, use.index)));
  return [...new Set(reads.map((use) => use[1]?.slice(1) ?? '*'))].sort();
}

describe('package.json files in Lambda bundles', () => {
  it('keep only the name and the version', () => {
    const manifest = readFileSync(path.join(nodeModules, '@aws-sdk/client-dynamodb/package.json'), 'utf8');
    const { name, version } = JSON.parse(manifest) as { name: string; version: string };
    expect(JSON.parse(nameAndVersion(manifest))).toEqual({ name, version });
    expect(TRIMMED_PACKAGE_JSON.test(path.join(nodeModules, '@aws-sdk/client-dynamodb/package.json'))).toBe(true);
    expect(TRIMMED_PACKAGE_JSON.test(path.join(nodeModules, 'aws-xray-sdk-core/package.json'))).toBe(true);
    expect(TRIMMED_PACKAGE_JSON.test(path.join(nodeModules, '@aws-sdk/lib-dynamodb/package.json'))).toBe(false);
    expect(TRIMMED_PACKAGE_JSON.test(path.join(nodeModules, 'openai/package.json'))).toBe(false);
  });

  it('are read for nothing else by the AWS SDK clients and the X-Ray SDK', () => {
    expect(clients.length).toBeGreaterThan(5);
    for (const client of clients) {
      const dist = path.join(nodeModules, '@aws-sdk', client, 'dist-es');
      for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'))) {
        const source = readFileSync(path.join(dist, file), 'utf8');
        const binding = /import (\w+) from "\.\.?\/(?:\.\.\/)*package\.json"/.exec(source)?.[1];
        if (binding) expect(fieldsRead(source, binding), `${client}/${file}`).toEqual(['version']);
        else expect(source, `${client}/${file}`).not.toMatch(/package\.json/);
      }
    }
    const xray = readFileSync(require.resolve('aws-xray-sdk-core/dist/lib/aws-xray.js'), 'utf8');
    expect(xray).toMatch(/pkginfo = require\('\.\.\/\.\.\/package\.json'\)/);
    const kept: string[] = [...PACKAGE_JSON_KEPT_FIELDS];
    expect(fieldsRead(xray, 'pkginfo').every((field) => kept.includes(field) || field === '*')).toBe(true);
    // `var pkginfo = {}` then `pkginfo = require(...)`: assignments, not reads; every read names a kept field.
    expect([...xray.matchAll(/\bpkginfo\.(\w+)/g)].map((m) => m[1]).sort()).toEqual([
      'name',
      'name',
      'version',
      'version',
    ]);
  });

  it('still give a bundled client its version for the user agent, in a few bytes', async () => {
    const entry = path.join(outdir, 'entry.mjs');
    writeFileSync(
      entry,
      [
        "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';",
        'export const userAgent = () => new DynamoDBClient({ region: "eu-west-1" }).config.defaultUserAgentProvider();',
      ].join('\n'),
    );
    const { metafile } = await build({
      ...lambdaEsbuildOptions,
      entryPoints: [entry],
      outdir: path.join(outdir, 'bundle'),
      nodePaths: [nodeModules],
      absWorkingDir: REPO_ROOT,
      metafile: true,
      logLevel: 'silent',
    });
    const manifests = Object.entries(metafile.outputs).flatMap(([, output]) =>
      Object.entries(output.inputs).filter(([input]) => input.endsWith('client-dynamodb/package.json')),
    );
    expect(manifests).toHaveLength(1);
    expect(manifests[0]![1].bytesInOutput).toBeLessThan(120);

    const run = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const b = await import(${JSON.stringify(path.resolve(REPO_ROOT, entryOutputOf(metafile)))}); console.log(JSON.stringify(await b.userAgent()));`,
      ],
      { encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    const { version } = require('@aws-sdk/client-dynamodb/package.json') as { version: string };
    expect(JSON.parse(run.stdout) as string[][]).toContainEqual(['aws-sdk-js', version]);
  });
});
