import { spawn } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Metafile } from 'esbuild';
import { entryOutputOf, LAMBDA_MODULE_REPLACEMENTS, lambdaEsbuildOptions } from '@infra/cdk/lib/lambda-bundling';
import { functionEnvironment, type LocalResources } from '@infra/twin/function-environment';
import { REPO_ROOT } from '@infra/cdk/lib/paths';
import { httpEvent, TEST_ORIGIN_VALUE } from '@tests/support/http-event';

/**
 * A function bundled as CDK bundles it (the module replacements included) still traces and still reaches DynamoDB:
 * agent-settings' guardrails route (the membership Query of every workspace route, then a GetItem) is invoked in a
 * fresh Node process set up as Lambda sets one up with active tracing — LAMBDA_TASK_ROOT, AWS_EXECUTION_ENV, the
 * trace header in _X_AMZN_TRACE_ID, the daemon's address in AWS_XRAY_DAEMON_ADDRESS — against a local HTTP server
 * standing for DynamoDB and Secrets Manager and a local UDP socket standing for the X-Ray daemon.
 */
const TRACE_ROOT = '1-6745a1b2-0123456789abcdef01234567';
const LAMBDA_SEGMENT_ID = '53995c3f42cd8ad8';
const TRACE_HEADER = `Root=${TRACE_ROOT};Parent=${LAMBDA_SEGMENT_ID};Sampled=1`;
const ROUTE_KEY = 'GET /api/agent/guardrails';

interface AwsCall {
  target: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** DynamoDB and Secrets Manager as far as the route needs them: no membership, no stored guardrails. */
function awsReply(target: string): unknown {
  if (target === 'secretsmanager.GetSecretValue')
    return { Name: 'origin-verify', SecretString: JSON.stringify({ value: TEST_ORIGIN_VALUE }) };
  if (target === 'DynamoDB_20120810.Query') return { Items: [], Count: 0, ScannedCount: 0 };
  if (target === 'DynamoDB_20120810.GetItem') return {};
  throw new Error(`unexpected call ${target}`);
}

let dir: string;
let metafile: Metafile;
let aws: Server;
let daemon: Socket;
const calls: AwsCall[] = [];
const datagrams: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'traced-bundle-'));
  ({ metafile } = await build({
    ...lambdaEsbuildOptions,
    entryPoints: [path.join(REPO_ROOT, 'lambdas/agent-settings/handler.ts')],
    outdir: path.join(dir, 'bundle'),
    metafile: true,
    logLevel: 'silent',
  }));
  aws = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const target = String(request.headers['x-amz-target']);
      calls.push({ target, headers: request.headers, body: JSON.parse(text || '{}') as Record<string, unknown> });
      response.setHeader('content-type', 'application/x-amz-json-1.0');
      response.end(JSON.stringify(awsReply(target)));
    });
  });
  await new Promise<void>((resolve) => aws.listen(0, '127.0.0.1', resolve));
  daemon = createSocket('udp4');
  daemon.on('message', (message) => datagrams.push(message.toString()));
  await new Promise<void>((resolve) => daemon.bind(0, '127.0.0.1', resolve));
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => aws?.close(resolve));
  daemon?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Invokes the bundle's handler once in a fresh process with Lambda's environment; its reply as the runtime gets it. */
async function invokeInFreshProcess(): Promise<{ statusCode: number; body: string }> {
  const awsUrl = `http://127.0.0.1:${(aws.address() as AddressInfo).port}`;
  const local = { region: 'eu-west-1', dynamodbUrl: awsUrl, secretsManagerUrl: awsUrl } as LocalResources;
  const bundleDir = path.join(dir, 'bundle');
  const invoke = path.join(dir, 'invoke.mjs');
  writeFileSync(
    invoke,
    [
      `import ${JSON.stringify(path.join(REPO_ROOT, 'infra/twin/lambda-runtime-globals.mjs'))};`,
      `const { handler } = await import(${JSON.stringify(path.resolve(entryOutputOf(metafile)))});`,
      `const event = ${JSON.stringify(httpEvent({ routeKey: ROUTE_KEY, claims: { sub: 'owner-1' } }))};`,
      `const context = { functionName: 'agent-settings', awsRequestId: 'aws-req-1', getRemainingTimeInMillis: () => 10000 };`,
      `const reply = await handler(event, context);`,
      // Subsegments go out as each closes; give the last datagram its turn before the process ends.
      `await new Promise((resolve) => setTimeout(resolve, 50));`,
      `console.log('REPLY ' + JSON.stringify(reply));`,
    ].join('\n'),
  );
  const child = spawn(process.execPath, [invoke], {
    env: {
      ...functionEnvironment('agent-settings', local),
      PATH: process.env.PATH ?? '',
      LAMBDA_TASK_ROOT: bundleDir,
      AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
      _HANDLER: 'index.handler',
      _X_AMZN_TRACE_ID: TRACE_HEADER,
      AWS_XRAY_DAEMON_ADDRESS: `127.0.0.1:${daemon.address().port}`,
      AWS_XRAY_CONTEXT_MISSING: 'LOG_ERROR',
      POWERTOOLS_TRACE_ENABLED: 'true',
      POWERTOOLS_LOG_LEVEL: 'SILENT',
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const line = stdout.split('\n').find((text) => text.startsWith('REPLY '));
  if (code !== 0 || !line) throw new Error(`the bundle failed (exit ${code}): ${stderr}${stdout}`);
  return JSON.parse(line.slice('REPLY '.length)) as { statusCode: number; body: string };
}

/** The segment documents the daemon received: each datagram is a JSON header line, then the document. */
const segmentDocuments = () =>
  datagrams.map((datagram) => JSON.parse(datagram.slice(datagram.indexOf('\n') + 1)) as Record<string, unknown>);

describe('a function bundled for Lambda, traced', () => {
  it('carries the stand-ins instead of the files cut from the X-Ray SDK and the AWS SDK', () => {
    const inputs = Object.keys(metafile.inputs).map((file) => file.split(path.sep).join('/'));
    const carried = LAMBDA_MODULE_REPLACEMENTS.filter((cut) =>
      inputs.some((file) => file.endsWith(`node_modules/${cut.module}`)),
    );
    expect(carried.map((cut) => cut.module)).toEqual([]);
    expect(inputs.filter((file) => file.includes('/bundling/cut/')).length).toBeGreaterThan(5);
    expect(inputs.filter((file) => file.includes('node_modules/mnemonist/'))).toEqual([]);
  });

  it('serves its route, reaching DynamoDB, and sends its trace to the X-Ray daemon', async () => {
    const reply = await invokeInFreshProcess();

    expect(reply.statusCode).toBe(200);
    const dynamo = calls.filter((call) => call.target.startsWith('DynamoDB_20120810.'));
    expect(dynamo.map((call) => call.target)).toEqual(['DynamoDB_20120810.Query', 'DynamoDB_20120810.GetItem']);
    // The X-Ray patch of the client propagated the invocation's trace to DynamoDB.
    for (const call of dynamo) expect(String(call.headers['x-amzn-trace-id'])).toContain(`Root=${TRACE_ROOT}`);

    const documents = segmentDocuments();
    const handler = documents.find((doc) => doc.name === '## index.handler');
    // Powertools' handler subsegment hangs under the segment Lambda opened (the trace header's Parent)…
    expect(handler).toMatchObject({ trace_id: TRACE_ROOT, type: 'subsegment', parent_id: LAMBDA_SEGMENT_ID });
    // …and each DynamoDB call's under it.
    const dynamoSegments = documents.filter((doc) => doc.name === 'DynamoDB');
    expect(dynamoSegments.map((doc) => (doc.aws as Record<string, unknown>).operation)).toEqual(['Query', 'GetItem']);
    dynamoSegments.forEach((doc, index) => {
      expect(doc).toMatchObject({ trace_id: TRACE_ROOT, parent_id: handler!.id, http: { response: { status: 200 } } });
      // The X-Ray SDK's list of parameters to record (its AWS whitelist) still names the table.
      expect((doc.aws as Record<string, unknown>).table_name).toBe(dynamo[index]!.body.TableName);
    });
  }, 60_000);
});
