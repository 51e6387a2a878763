import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context } from 'aws-lambda';
import { ORIGIN_VERIFY_HEADER } from '@shared/secrets';

/** The origin-verify value a unit test's secret holds; events carry it as CloudFront would add it. */
export const TEST_ORIGIN_VALUE = 'test-origin-verify-value-0123456789abcdef';

/**
 * An HTTP API (v2) event as API Gateway sends it after the JWT authorizer passed, for a request that came
 * through CloudFront (origin-verify header set). Headers given are added to the defaults; `undefined` drops one.
 */
export function httpEvent(
  overrides: Partial<APIGatewayProxyEventV2WithJWTAuthorizer> & { claims?: Record<string, string> } = {},
): APIGatewayProxyEventV2WithJWTAuthorizer {
  const { claims, headers, ...rest } = overrides;
  const routeKey = rest.routeKey ?? 'GET /api/health';
  const [method, path] = routeKey.split(' ') as [string, string];
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', [ORIGIN_VERIFY_HEADER]: TEST_ORIGIN_VALUE, ...headers },
    isBase64Encoded: false,
    requestContext: {
      accountId: '123456789012',
      apiId: 'api',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: 'req-1',
      routeKey,
      stage: '$default',
      time: '',
      timeEpoch: Date.now(),
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: claims ?? {}, scopes: [] } },
    },
    ...rest,
  } as APIGatewayProxyEventV2WithJWTAuthorizer;
}

export const lambdaContext = {
  functionName: 'test',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:test',
  memoryLimitInMB: '128',
  awsRequestId: 'aws-req-1',
  logGroupName: 'test',
  logStreamName: 'test',
  callbackWaitsForEmptyEventLoop: true,
  getRemainingTimeInMillis: () => 10_000,
  done: () => undefined,
  fail: () => undefined,
  succeed: () => undefined,
} as Context;
