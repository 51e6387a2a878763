import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { lambdaEsbuildOptions } from '@infra/cdk/lib/lambda-bundling';
import { REPO_ROOT } from '@infra/cdk/lib/paths';

/**
 * S3's REST-XML protocol taken out of @aws-sdk/core's protocols index (aws-core-protocols-without-rest.mjs, which
 * leaves out SESv2's REST-JSON one too: aws-core-protocols-with-rest-json.mjs) and imported by S3's own protocol from
 * its file (s3-rest-xml-protocol.mjs): the stand-ins are the packages' code with only those imports changed, and a
 * bundled S3 client still reads XML while a bundled DynamoDB client still speaks JSON.
 */
const cutDir = path.join(REPO_ROOT, 'infra/cdk/lib/bundling/cut');
const toPackages = '../../../../../node_modules/';
/** A file of the installed packages, read where the stand-ins' relative imports point. */
const packageFile = (file: string) => readFileSync(path.join(cutDir, toPackages, file), 'utf8');

/** The stand-in as written: its own comments, then the package's code with `change` applied, as Prettier prints it. */
async function expectPackageCodeChangedOnly(standInName: string, original: string, change: (code: string) => string) {
  const standIn = path.join(cutDir, standInName);
  const text = readFileSync(standIn, 'utf8');
  const header = text.slice(0, text.search(/^(import|export) /m));
  const options = { ...(await resolveConfig(standIn)), filepath: standIn };
  expect(text).toBe(await format(header + change(original), options));
}

describe('the REST-XML protocol out of the protocols index', () => {
  it('leaves the index as the package writes it but for the REST-XML and REST-JSON re-exports', async () => {
    const index = packageFile('@aws-sdk/core/dist-es/submodules/protocols/index.js');
    const restJson = 'export { AwsRestJsonProtocol } from "./json/AwsRestJsonProtocol";';
    expect(index).toMatch(/from "\.\/xml\//);
    expect(index).toContain(restJson);
    const relative = (code: string) =>
      code.replaceAll('from "./', `from "${toPackages}@aws-sdk/core/dist-es/submodules/protocols/`);
    await expectPackageCodeChangedOnly('aws-core-protocols-without-rest.mjs', index, (code) =>
      relative(
        code
          .split('\n')
          .filter((line) => !line.includes('./xml/') && line !== restJson)
          .join('\n'),
      ),
    );
    await expectPackageCodeChangedOnly(
      'aws-core-protocols-with-rest-json.mjs',
      restJson,
      (code) => `export * from "./aws-core-protocols-without-rest.mjs";\n${relative(code)}`,
    );
  });

  it('leaves S3 its protocol as the package writes it but for where the REST-XML one comes from', async () => {
    const protocol = packageFile('@aws-sdk/middleware-sdk-s3/dist-es/submodules/s3/protocol/S3RestXmlProtocol.js');
    const fromIndex = 'import { AwsRestXmlProtocol } from "@aws-sdk/core/protocols";';
    expect(protocol).toContain(fromIndex);
    await expectPackageCodeChangedOnly('s3-rest-xml-protocol.mjs', protocol, (code) =>
      code.replace(
        fromIndex,
        `import { AwsRestXmlProtocol } from "${toPackages}@aws-sdk/core/dist-es/submodules/protocols/xml/AwsRestXmlProtocol";`,
      ),
    );
  });

  it('still lets a bundled S3 client read XML, a DynamoDB client JSON and an SESv2 client REST-JSON', async () => {
    const outdir = await mkdtemp(path.join(os.tmpdir(), 's3-xml-'));
    const answering = (contentType: string, body: string) => `({
      handle: async () => ({ response: new HttpResponse({ statusCode: 200, headers: { 'content-type': '${contentType}' },
        body: Readable.from([Buffer.from(${JSON.stringify(body)})]) }) }),
    })`;
    const listing =
      '<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
      '<Name>assets</Name><KeyCount>1</KeyCount><IsTruncated>false</IsTruncated>' +
      '<Contents><Key>logos/brand.png</Key><Size>2048</Size></Contents></ListBucketResult>';
    const contents = `
      import { Readable } from 'node:stream';
      import { HttpResponse } from '@smithy/core/protocols';
      import { S3Client, ListObjectsV2Command } from '@aws-sdk/client-s3';
      import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
      import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
      const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' };
      const s3 = new S3Client({ region: 'eu-west-1', credentials, requestHandler: ${answering('application/xml', listing)} });
      const dynamo = new DynamoDBClient({ region: 'eu-west-1', credentials,
        requestHandler: ${answering('application/x-amz-json-1.0', '{"Item":{"pk":{"S":"user-1"}}}')} });
      const ses = new SESv2Client({ region: 'eu-west-1', credentials,
        requestHandler: ${answering('application/json', '{"MessageId":"message-1"}')} });
      const listed = await s3.send(new ListObjectsV2Command({ Bucket: 'assets' }));
      const sent = await ses.send(new SendEmailCommand({ FromEmailAddress: 'a@example.com',
        Destination: { ToAddresses: ['b@example.com'] }, Content: { Simple: { Subject: { Data: 'Hi' }, Body: { Text: { Data: 'Hello' } } } } }));
      const read = await dynamo.send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'user-1' } } }));
      console.log(JSON.stringify({ keys: listed.Contents.map((item) => [item.Key, item.Size]), item: read.Item, sent: sent.MessageId }));
    `;
    try {
      const { metafile } = await build({
        ...lambdaEsbuildOptions,
        stdin: { contents, resolveDir: REPO_ROOT, sourcefile: 'clients.mjs' },
        entryNames: 'clients',
        outdir,
        metafile: true,
        logLevel: 'silent',
      });
      const inputs = Object.keys(metafile.inputs);
      expect(inputs.some((file) => file.endsWith('cut/s3-rest-xml-protocol.mjs'))).toBe(true);
      expect(inputs.some((file) => file.endsWith('cut/aws-core-protocols-without-rest.mjs'))).toBe(true);
      expect(inputs.some((file) => file.endsWith('cut/aws-core-protocols-with-rest-json.mjs'))).toBe(true);
      const printed = execFileSync(process.execPath, [
        '--input-type=module',
        '-e',
        `await import(${JSON.stringify(pathToFileURL(path.join(outdir, 'clients.mjs')).href)});`,
      ]);
      expect(JSON.parse(printed.toString())).toEqual({
        keys: [['logos/brand.png', 2048]],
        item: { pk: { S: 'user-1' } },
        sent: 'message-1',
      });
    } finally {
      await rm(outdir, { recursive: true, force: true });
    }
  }, 60_000);
});
