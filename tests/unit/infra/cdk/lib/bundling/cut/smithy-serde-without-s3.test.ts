import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { format, resolveConfig } from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFiles, entryOutputOf, lambdaEsbuildOptions } from '@infra/cdk/lib/lambda-bundling';
import { REPO_ROOT } from '@infra/cdk/lib/paths';
import { LOCAL_CREDENTIALS } from '@infra/twin/function-environment';
import { startLocalS3, type LocalS3 } from '@infra/twin/s3/s3-service';

/**
 * @smithy/core's serde index, and alike its protocols and checksum ones, without what only S3 uses
 * (smithy-<index>-without-s3.mjs) and whole for S3's packages (smithy-<index>-with-s3.mjs): the stand-ins are the
 * package's lines, split; a function that loads S3 on first use compiles none of S3's part at init; and S3, bundled
 * so, still puts, reads, heads, presigns and reports a missing key against the twin's S3.
 */
const cutDir = path.join(REPO_ROOT, 'infra/cdk/lib/bundling/cut');
const toPackages = '../../../../../node_modules/';
const submodules = '@smithy/core/dist-es/submodules/';

/** Each index's re-exports (by the file they come from) that only S3's side uses. */
const S3_ONLY: Record<string, string[]> = {
  serde: [
    './quote-header',
    './schema-serde-lib/schema-date-utils',
    './split-every',
    './split-header',
    './util-stream/checksum/ChecksumStream',
    './util-stream/checksum/createChecksumStream',
    './util-stream/createBufferedReadable',
    './util-stream/getAwsChunkedEncodingStream',
    './util-stream/headStream',
    './util-stream/sdk-stream-mixin',
    './util-stream/splitStream',
  ],
  protocols: [
    './extended-encode-uri-component',
    './HttpBindingProtocol',
    './resolve-path',
    './serde/FromStringShapeDeserializer',
    './serde/HttpInterceptingShapeDeserializer',
    './serde/HttpInterceptingShapeSerializer',
    './serde/ToStringShapeSerializer',
  ],
  checksum: [
    './hash-stream-node/fileStreamHasher',
    './hash-stream-node/readableStreamHasher',
    './md5/Md5Js',
    './md5/Md5Node',
  ],
};

/** The stand-in as written: its own comments, then `code`, as Prettier prints it. */
async function expectStandIn(standInName: string, code: string) {
  const standIn = path.join(cutDir, standInName);
  const text = readFileSync(standIn, 'utf8');
  const header = text.slice(0, text.search(/^(import|export) /m));
  const options = { ...(await resolveConfig(standIn)), filepath: standIn };
  expect(text).toBe(await format(header + code, options));
}

describe("@smithy/core's indexes without what only S3 uses", () => {
  for (const [index, s3Only] of Object.entries(S3_ONLY)) {
    it(`splits the ${index} index as the package writes it: S3's re-exports apart, every other line kept`, async () => {
      const dir = `${submodules}${index}/`;
      const lines = readFileSync(path.join(cutDir, toPackages, dir, 'index.js'), 'utf8').split('\n');
      const isS3Only = (line: string) => s3Only.some((from) => line.includes(`from "${from}"`));
      expect(s3Only.filter((from) => !lines.some((line) => line.includes(`from "${from}"`)))).toEqual([]);
      const relative = (line: string) => line.replaceAll('from "./', `from "${toPackages}${dir}`);
      await expectStandIn(
        `smithy-${index}-without-s3.mjs`,
        lines
          .filter((line) => !isS3Only(line))
          .map(relative)
          .join('\n'),
      );
      await expectStandIn(
        `smithy-${index}-with-s3.mjs`,
        [`export * from "./smithy-${index}-without-s3.mjs";`, ...lines.filter(isS3Only).map(relative)].join('\n'),
      );
    });
  }
});

describe('S3 loaded on first use, bundled with the split indexes', () => {
  let s3: LocalS3;
  let stateDir: string;
  let outdir: string;
  beforeAll(async () => {
    stateDir = await mkdtemp(path.join(os.tmpdir(), 'smithy-indexes-s3-'));
    outdir = await mkdtemp(path.join(os.tmpdir(), 'smithy-indexes-out-'));
    s3 = await startLocalS3({ port: 0, stateDir, region: 'us-east-1' });
  });
  afterAll(async () => {
    await s3?.stop();
    await rm(stateDir, { recursive: true, force: true });
    await rm(outdir, { recursive: true, force: true });
  });

  it("keeps S3's part of the indexes out of init, and S3 works from its chunk against the twin's S3", async () => {
    // DynamoDB at init, as in every HTTP function, importing the same indexes; S3 through lambdas/lib/aws/s3.ts, and
    // SESv2 on first use too, whose REST-JSON protocol also builds on the HTTP binding one.
    const contents = `
      import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
      import { presignedUrl, s3Client, s3Sdk } from './lambdas/lib/aws/s3';
      export const dynamo = new DynamoDBClient({});
      export const ses = () => import('./lambdas/lib/aws/sesv2-sdk');
      const Bucket = process.env.BUCKET;
      const { PutObjectCommand, GetObjectCommand, HeadObjectCommand } = await s3Sdk();
      const s3 = await s3Client();
      await s3.send(new PutObjectCommand({ Bucket, Key: 'logos/brand.txt', Body: 'brand colours', ContentType: 'text/plain' }));
      const read = await s3.send(new GetObjectCommand({ Bucket, Key: 'logos/brand.txt' }));
      const head = await s3.send(new HeadObjectCommand({ Bucket, Key: 'logos/brand.txt' }));
      const url = await presignedUrl(s3Client, new GetObjectCommand({ Bucket, Key: 'logos/brand.txt' }), { expiresIn: 60 });
      const missing = await s3.send(new GetObjectCommand({ Bucket, Key: 'logos/none.txt' })).catch((error) => error);
      console.log(JSON.stringify({
        body: await read.Body.transformToString(),
        type: read.ContentType,
        length: head.ContentLength,
        presigned: await (await fetch(url)).text(),
        missing: [missing.name, missing instanceof (await s3Sdk()).NoSuchKey],
      }));
    `;
    const { metafile } = await build({
      ...lambdaEsbuildOptions,
      stdin: { contents, resolveDir: REPO_ROOT, sourcefile: 'entry.ts', loader: 'ts' },
      entryNames: 'index',
      outdir,
      metafile: true,
      logLevel: 'silent',
    });
    const files = bundleFiles(metafile, entryOutputOf(metafile));
    const inputsOf = (outputs: string[]) => outputs.flatMap((output) => Object.keys(metafile.outputs[output]!.inputs));
    const s3OnlyFiles = Object.entries(S3_ONLY).flatMap(([index, froms]) =>
      froms.map((from) => `${submodules}${index}/${from.slice(2)}.js`),
    );
    const init = inputsOf(files.init);
    expect(init.some((file) => file.endsWith('cut/smithy-serde-without-s3.mjs'))).toBe(true);
    expect(s3OnlyFiles.filter((file) => init.some((input) => input.endsWith(file)))).toEqual([]);
    expect(init.filter((file) => file.endsWith('AwsRestJsonProtocol.js'))).toEqual([]);
    const lazy = inputsOf(files.lazy);
    for (const used of [
      'serde/util-stream/sdk-stream-mixin.js',
      'protocols/HttpBindingProtocol.js',
      'md5/Md5Node.js',
    ]) {
      expect(lazy.some((input) => input.endsWith(used))).toBe(true);
    }

    const { stdout } = await promisify(execFile)(process.execPath, [path.join(outdir, 'index.mjs')], {
      env: {
        PATH: process.env.PATH,
        AWS_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
        AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
        AWS_ENDPOINT_URL_S3: s3.url,
        BUCKET: s3.bucketNames.assets,
      },
    });
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({
      body: 'brand colours',
      type: 'text/plain',
      length: 13,
      presigned: 'brand colours',
      missing: ['NoSuchKey', true],
    });
  }, 60_000);
});
