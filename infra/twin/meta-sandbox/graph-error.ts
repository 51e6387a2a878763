import { randomBytes } from 'node:crypto';

/** The body Meta sends inside `{"error": ...}`; optional keys are omitted when absent, as Meta does. */
export interface GraphErrorBody {
  message: string;
  type: string;
  code: number;
  error_subcode?: number;
  is_transient?: boolean;
  error_user_title?: string;
  error_user_msg?: string;
  fbtrace_id: string;
}

/** Meta's trace ids are 27 url-safe characters starting with "A". */
export function newTraceId(): string {
  return `A${randomBytes(20).toString('base64url').slice(0, 26)}`;
}

/**
 * A Graph API failure: thrown anywhere inside a request and turned into the
 * Meta-shaped reply in one place (the router), so handlers stay linear.
 */
export class GraphError extends Error {
  readonly body: GraphErrorBody;

  constructor(
    readonly httpStatus: number,
    body: Omit<GraphErrorBody, 'fbtrace_id'>,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
    this.body = { ...body, fbtrace_id: newTraceId() };
  }
}

interface Extra {
  subcode?: number;
  userTitle?: string;
  userMsg?: string;
}

/** (#100) invalid parameter. */
export function invalidParameter(message: string, extra: Extra = {}): GraphError {
  return new GraphError(400, {
    message,
    type: 'OAuthException',
    code: 100,
    ...(extra.subcode !== undefined && { error_subcode: extra.subcode }),
    ...(extra.userTitle !== undefined && { error_user_title: extra.userTitle }),
    ...(extra.userMsg !== undefined && { error_user_msg: extra.userMsg }),
  });
}

export function nonexistingField(field: string, nodeType: string): GraphError {
  return invalidParameter(`(#100) Tried accessing nonexisting field (${field}) on node type (${nodeType})`);
}

export function enumParameter(param: string, values: readonly string[]): GraphError {
  return invalidParameter(`(#100) Param ${param} must be one of {${values.join(', ')}}`);
}

/** Unknown ids and ids the token may not see answer alike, so ids cannot be probed. */
export function unsupportedRequest(method: 'get' | 'post' | 'delete', id: string): GraphError {
  return new GraphError(400, {
    message: `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    type: 'GraphMethodException',
    code: 100,
    error_subcode: 33,
  });
}

export function unknownPath(components: string): GraphError {
  return new GraphError(400, { message: `Unknown path components: ${components}`, type: 'OAuthException', code: 2500 });
}

export function missingPermission(message: string): GraphError {
  return new GraphError(403, { message, type: 'OAuthException', code: 200 });
}

export function invalidToken(message: string, subcode?: number): GraphError {
  return new GraphError(
    400,
    { message, type: 'OAuthException', code: 190, ...(subcode !== undefined && { error_subcode: subcode }) },
    { 'WWW-Authenticate': `OAuth "Facebook Platform" "invalid_token" "${message.replace(/"/g, "'")}"` },
  );
}

export function transientServerError(): GraphError {
  return new GraphError(500, {
    message: 'An unexpected error has occurred. Please retry your request later.',
    type: 'OAuthException',
    is_transient: true,
    code: 2,
  });
}

export const LATEST_VERSION = 'v26.0';

export function deprecatedVersion(): GraphError {
  return new GraphError(400, {
    message: `(#2635) You are calling a deprecated version of the Ads API. Please update to the latest version: ${LATEST_VERSION}.`,
    type: 'OAuthException',
    code: 2635,
  });
}

/**
 * Code 1 for a synchronous insights request too big to answer in time (Meta
 * sends it as HTTP 500). The way out is an asynchronous report run or a smaller
 * request, not the same request again.
 */
export function reduceDataError(): GraphError {
  const text = "Please reduce the amount of data you're asking for, then retry your request";
  return new GraphError(500, {
    message: text,
    type: 'OAuthException',
    code: 1,
    error_subcode: 99,
    error_user_title: 'Please reduce the amount of data',
    error_user_msg: text,
  });
}
