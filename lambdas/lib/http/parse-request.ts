import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { z } from 'zod';
import { MAX_REQUEST_BODY_BYTES } from '@shared/errors';
import type { RouteDeclaration } from '@shared/routes';
import { AppError, validationError } from '../errors';

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

export interface ParsedRequest<R extends RouteDeclaration> {
  body: Infer<R['body']>;
  query: Infer<R['query']>;
  params: Infer<R['params']>;
}

function rawBody(event: APIGatewayProxyEventV2): Buffer | undefined {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  return Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
}

/** Turns zod's issues into our error: the first message up front, each field's below. */
function toValidationError(error: z.ZodError, where: string): AppError {
  const details: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = [where, ...issue.path.map(String)].join('.');
    details[path] ??= issue.message;
  }
  const first = error.issues[0];
  const firstPath = first?.path.length ? ` (${first.path.join('.')})` : '';
  return validationError(first ? `${first.message}${firstPath}` : undefined, details);
}

function check<T extends z.ZodType>(schema: T, value: unknown, where: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw toValidationError(parsed.error, where);
  return parsed.data;
}

/**
 * Checks a request against its route's declaration: size first (413, the route's maxBodyBytes), then
 * JSON, then the body, query and path schemas (400). Nothing unchecked gets through.
 */
export function parseRequest<R extends RouteDeclaration>(route: R, event: APIGatewayProxyEventV2): ParsedRequest<R> {
  const bytes = rawBody(event);
  const limit = route.maxBodyBytes ?? MAX_REQUEST_BODY_BYTES;
  if (bytes && bytes.length > limit) {
    throw new AppError('PAYLOAD_TOO_LARGE', `The request body is larger than ${limit / 1024} KiB.`);
  }

  let body: unknown = undefined;
  if (route.body) {
    if (!bytes) throw validationError('A JSON request body is required.');
    const contentType = event.headers?.['content-type'] ?? '';
    const plainText = route.plainTextBody === true && /^text\/plain\b/i.test(contentType);
    if (!plainText && !/^application\/json\b/i.test(contentType)) {
      throw validationError('The request body must be sent as application/json.');
    }
    try {
      body = JSON.parse(bytes.toString('utf8'));
    } catch {
      throw validationError('The request body is not valid JSON.');
    }
    body = check(route.body, body, 'body');
  }

  const query = route.query ? check(route.query, event.queryStringParameters ?? {}, 'query') : undefined;
  const params = route.params ? check(route.params, event.pathParameters ?? {}, 'params') : undefined;
  return { body, query, params } as ParsedRequest<R>;
}
