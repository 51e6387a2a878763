import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, parseJsonObject, readBody } from '../http-io';

/**
 * The AWS JSON 1.1 protocol as the SDK v3 clients speak it: `POST /` with
 * `x-amz-target: <prefix>.<Operation>` and a JSON body; replies are JSON, errors
 * `{"__type","message"}` with a 4xx (the SDK turns `__type` into a typed exception).
 */
export const AWS_JSON_CONTENT_TYPE = 'application/x-amz-json-1.1';

/** Largest request the local endpoints read; PutEvents allows 256 KiB, GetSecretValue is tiny. */
const MAX_AWS_REQUEST_BYTES = 1024 * 1024;

export class AwsServiceError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = type;
  }
}

export type AwsOperation = (input: Record<string, unknown>) => Promise<unknown> | unknown;

/** Reads the operation name from `x-amz-target`; null unless it is `<prefix>.<Operation>`. */
export function operationFromTarget(target: string | string[] | undefined, prefix: string): string | null {
  if (typeof target !== 'string') return null;
  const [targetPrefix, operation, ...rest] = target.split('.');
  if (targetPrefix !== prefix || !operation || rest.length > 0 || !/^[A-Za-z]+$/.test(operation)) return null;
  return operation;
}

export function sendAwsJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': AWS_JSON_CONTENT_TYPE, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function sendAwsError(res: ServerResponse, error: AwsServiceError): void {
  sendAwsJson(res, error.status, { __type: error.type, message: error.message });
}

/** Serves one operation call; returns false when the request is not an AWS JSON call (so others may serve it). */
export async function serveAwsJsonCall(
  req: IncomingMessage,
  res: ServerResponse,
  prefix: string,
  operations: Record<string, AwsOperation>,
): Promise<boolean> {
  if (req.method !== 'POST' || req.url !== '/' || !req.headers['x-amz-target']) return false;
  try {
    const operationName = operationFromTarget(req.headers['x-amz-target'], prefix);
    const operation = operationName ? operations[operationName] : undefined;
    if (!operation) {
      throw new AwsServiceError(
        'UnknownOperationException',
        `Operation ${String(req.headers['x-amz-target'])} is not supported by the local twin`,
      );
    }
    const input = parseJsonObject((await readBody(req, MAX_AWS_REQUEST_BYTES)).toString('utf8'));
    if (!input) throw new AwsServiceError('SerializationException', 'The request body is not a JSON object');
    sendAwsJson(res, 200, await operation(input));
  } catch (error) {
    if (error instanceof AwsServiceError) sendAwsError(res, error);
    else if (error instanceof BodyTooLargeError)
      sendAwsError(res, new AwsServiceError('ValidationException', error.message, 413));
    else sendAwsError(res, new AwsServiceError('InternalFailure', 'The local endpoint failed; see the twin log', 500));
    if (!(error instanceof AwsServiceError) && !(error instanceof BodyTooLargeError))
      console.error(`[${prefix}]`, error);
  }
  return true;
}
