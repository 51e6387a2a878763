import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPO_ROOT } from '@infra/cdk/lib/paths';

/**
 * The stand-ins for code Lambda never runs (infra/cdk/lib/bundling/cut): each throws, naming what was cut, where
 * the code it replaces would have run; the few that do something do what the original does on Lambda.
 */
const cutDir = path.join(REPO_ROOT, 'infra/cdk/lib/bundling/cut');
const require = createRequire(import.meta.url);
const cjs = <T>(name: string) => require(path.join(cutDir, name)) as T;
const esm = <T>(name: string) => import(path.join(cutDir, name)) as Promise<T>;
const CUT = /is cut from Lambda bundles \(LAMBDA_MODULE_REPLACEMENTS, infra\/cdk\/lib\/lambda-bundling\.ts\)/;

type Fn = (...args: unknown[]) => unknown;
type Ctor = new (...args: unknown[]) => Record<string, Fn>;

describe('the X-Ray SDK stand-ins', () => {
  it('fail loudly where the host plugins, the SDK v2 patcher, the Promise patcher or SqlData would run', () => {
    expect(() => cjs<{ getData: Fn }>('xray-host-plugins.cjs').getData(() => undefined)).toThrow(
      /EC2\/ECS\/Elastic Beanstalk plugins is cut/,
    );
    const v2 = cjs<{ captureAWS: Fn; captureAWSClient: Fn }>('xray-sdk-v2-patcher.cjs');
    expect(() => v2.captureAWS({})).toThrow(CUT);
    expect(() => v2.captureAWSClient({})).toThrow(/captureAWSClient.*SDK v3/);
    expect(() => cjs<{ capturePromise: Fn }>('xray-promise-patcher.cjs').capturePromise()).toThrow(CUT);
    expect(() => new (cjs<Ctor>('xray-sql-data.cjs'))()).toThrow(/SqlData is cut/);
    expect(() => new (cjs<Ctor>('xray-incoming-request-data.cjs'))({})).toThrow(/IncomingRequestData is cut/);
  });

  it('let Lambda switch centralized sampling off, and refuse the middleware that would sample', () => {
    const middleware = cjs<Record<string, Fn>>('xray-middleware-utils.cjs');
    expect(middleware.disableCentralizedSampling!()).toBeUndefined();
    for (const name of ['resolveSampling', 'traceRequestResponseCycle', 'setSamplingRules', 'processHeaders'])
      expect(() => middleware[name]!({}), name).toThrow(new RegExp(`middleware\\.${name} is cut`));
  });

  it('keep every member the SDK exports there, so aws-xray.js still builds its namespace', () => {
    const real = (file: string) => require(`aws-xray-sdk-core/dist/lib/${file}`) as object;
    const functionsOf = (module: object) =>
      Object.keys(module)
        .filter((key) => typeof (module as Record<string, unknown>)[key] === 'function')
        .sort();
    const pairs: [string, string][] = [
      ['patchers/aws_p.js', 'xray-sdk-v2-patcher.cjs'],
      ['patchers/promise_p.js', 'xray-promise-patcher.cjs'],
      ['middleware/mw_utils.js', 'xray-middleware-utils.cjs'],
      ['segments/plugins/ec2_plugin.js', 'xray-host-plugins.cjs'],
    ];
    for (const [file, standIn] of pairs) expect(functionsOf(cjs(standIn)), file).toEqual(functionsOf(real(file)));
  });
});

describe('the AWS SDK stand-ins', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('are never reached on Lambda’s Node: node:crypto hashes sha256', async () => {
    const checksum = (await import('@smithy/core/checksum')) as Record<string, unknown>;
    expect(checksum.Sha256Node).not.toBe(checksum.Sha256Js);
  });

  it('fail loudly if the JavaScript SHA-256, the IMDS region lookup or adaptive retries are reached', async () => {
    const { Sha256Js } = await esm<{ Sha256Js: Ctor }>('sha256-js.mjs');
    expect(() => new Sha256Js()).toThrow(/Sha256Js is cut/);
    const { getInstanceMetadataRegion } = await esm<{ getInstanceMetadataRegion: Fn }>('instance-metadata-region.mjs');
    await expect(getInstanceMetadataRegion()).rejects.toThrow(/EC2 instance metadata is cut.*AWS_REGION/);
    const { AdaptiveRetryStrategy } = await esm<{ AdaptiveRetryStrategy: Ctor }>('adaptive-retry-strategy.mjs');
    expect(() => new AdaptiveRetryStrategy(() => 3)).toThrow(/adaptive retry mode is cut/);
  });

  it('build a SigV4 event header formatter, which throws only when asked to format', async () => {
    const { HeaderFormatter } = await esm<{ HeaderFormatter: Ctor }>('sigv4-event-header-formatter.mjs');
    const formatter = new HeaderFormatter();
    expect(() => formatter.format!({})).toThrow(/event stream header formatter is cut/);
  });

  it('keep the endpoint cache discovery would fill empty, and refuse to fill it', async () => {
    const { EndpointCache } = await esm<{ EndpointCache: Ctor }>('endpoint-cache-empty.mjs');
    const cache = new EndpointCache(1000);
    expect(cache.getEndpoint!('{"accessKeyId":"AKIA"}')).toBeUndefined();
    expect(cache.has!('{}')).toBe(false);
    expect(() => cache.set!('{}', [{ Address: 'dynamodb.example', CachePeriodInMinutes: 1 }])).toThrow(
      /endpoint discovery cache is cut/,
    );
  });

  it('refuse to stand in for the endpoint cache where the environment turns discovery on', async () => {
    const { EndpointCache } = await esm<{ EndpointCache: Ctor }>('endpoint-cache-empty.mjs');
    vi.stubEnv('AWS_ENABLE_ENDPOINT_DISCOVERY', 'false');
    expect(() => new EndpointCache(1000)).not.toThrow();
    vi.stubEnv('AWS_ENABLE_ENDPOINT_DISCOVERY', 'true');
    expect(() => new EndpointCache(1000)).toThrow(/endpoint discovery cache is cut/);
  });
});
