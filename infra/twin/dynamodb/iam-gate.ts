import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { callingFunction } from '../calling-function';
import { TWIN_HOST } from '../twin-ports';
import { accessDeniedMessage, accessesOf, refusedAccess } from './iam-policy';

/**
 * The twin's IAM in front of dynalite, for the functions: each function signs with its own access key
 * (function-environment.ts), so a request is checked against that function's grants (iam-policy.ts) before it
 * reaches the tables. Anyone else (the twin's own seeding, tests, the developer's tools) signs as `local` and
 * passes, as an administrator would.
 */
export interface IamGate {
  url: string;
  stop(): Promise<void>;
}

function refusal(request: http.IncomingMessage, body: Buffer, region: string): string | undefined {
  const fn = callingFunction(request);
  if (!fn) return undefined;
  const operation = String(request.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8') || '{}');
  } catch {
    return undefined; // dynalite answers a malformed body itself, as DynamoDB does.
  }
  const refused = refusedAccess(fn, accessesOf(operation, parsed));
  return refused ? accessDeniedMessage(fn, refused, region) : undefined;
}

export function startIamGate(options: { upstream: string; region: string; port?: number }): Promise<IamGate> {
  const upstream = new URL(options.upstream);
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const denied = refusal(request, body, options.region);
      if (denied) {
        // What DynamoDB answers: 400 with the coral type, which the SDK turns into AccessDeniedException.
        process.stderr.write(`[twin iam] ${denied}\n`);
        response.writeHead(400, { 'content-type': 'application/x-amz-json-1.0' });
        response.end(JSON.stringify({ __type: 'com.amazon.coral.service#AccessDeniedException', Message: denied }));
        return;
      }
      const forwarded = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: request.method,
          path: request.url,
          headers: { ...request.headers, host: upstream.host, 'content-length': String(body.length) },
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 500, answer.headers);
          answer.pipe(response);
        },
      );
      forwarded.on('error', (error) => {
        response.writeHead(500, { 'content-type': 'application/x-amz-json-1.0' });
        response.end(
          JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: String(error) }),
        );
      });
      forwarded.end(body);
    });
  });
  // Functions keep connections open between calls, as the SDK does.
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, TWIN_HOST, () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://${TWIN_HOST}:${port}`,
        stop: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
