/** The HTTP reply a function's result becomes, by API Gateway's payload-format 2.0 rules. */
export interface GatewayReply {
  statusCode: number;
  headers: Record<string, string>;
  cookies: string[];
  body: Buffer;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A result with `statusCode` is taken as a structured response; anything else
 * is the body itself: a string as is, other values as JSON with status 200.
 * A malformed structured response is API Gateway's 500.
 */
export function replyFromResult(result: unknown): GatewayReply {
  if (isRecord(result) && 'statusCode' in result) {
    const statusCode = result.statusCode;
    if (typeof statusCode !== 'number' || !Number.isInteger(statusCode) || statusCode < 100 || statusCode > 599) {
      return internalServerError();
    }
    const headers: Record<string, string> = {};
    if (isRecord(result.headers)) {
      for (const [name, value] of Object.entries(result.headers)) {
        if (value !== undefined && value !== null) headers[name.toLowerCase()] = String(value);
      }
    }
    const cookies = Array.isArray(result.cookies)
      ? result.cookies.filter((c): c is string => typeof c === 'string')
      : [];
    const rawBody =
      typeof result.body === 'string'
        ? result.body
        : result.body === undefined || result.body === null
          ? ''
          : JSON.stringify(result.body);
    const body = result.isBase64Encoded === true ? Buffer.from(rawBody, 'base64') : Buffer.from(rawBody, 'utf8');
    return { statusCode, headers, cookies, body };
  }
  const body = typeof result === 'string' ? result : JSON.stringify(result ?? null);
  return {
    statusCode: 200,
    headers: { 'content-type': 'application/json' },
    cookies: [],
    body: Buffer.from(body, 'utf8'),
  };
}

/** API Gateway's own replies carry `{"message": ...}` with a JSON content type. */
export function gatewayMessage(
  statusCode: number,
  message: string,
  headers: Record<string, string> = {},
): GatewayReply {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', ...headers },
    cookies: [],
    body: Buffer.from(JSON.stringify({ message })),
  };
}

export function internalServerError(): GatewayReply {
  return gatewayMessage(500, 'Internal Server Error');
}
