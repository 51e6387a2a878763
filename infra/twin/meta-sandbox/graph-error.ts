import { randomBytes } from 'node:crypto';

/**
 * The body Meta sends inside `{"error": ...}`; optional keys are omitted when absent, as Meta does
 * (developers.facebook.com/docs/graph-api/guides/error-handling). Which errors carry which keys, as real
 * replies show them:
 * - Marketing API validation refusals ("Invalid parameter", code 100 with a subcode) carry all of them:
 *   `error_data` (a JSON string naming the blamed field), `error_subcode`, `is_transient: false`,
 *   `error_user_title`, `error_user_msg` (facebook-python-business-sdk PR #563, 2020: 100/1487094 "No end date
 *   entered"; facebook-php-business-sdk issue #237: 100/1487126 "Invalid Placement"; public code quoting
 *   100/1487756 "Locations Can't Be Used" with error_data `"{\"blame_field\":\"targeting\"}"`);
 * - temporary server errors carry `is_transient: true` (code 2 "Service temporarily unavailable":
 *   facebook-nodejs-business-sdk issue #84, facebook-java-business-sdk issue #319);
 * - Graph-level errors (unknown field, unknown path, token errors 190/463) carry message, type, code, the
 *   subcode if any and fbtrace_id only (spring-social-facebook issue #172 log; many public 190/463 fixtures).
 */
export interface GraphErrorBody {
  message: string;
  type: string;
  code: number;
  /** A JSON-encoded object such as `{"blame_field_specs":[["daily_budget"]]}`, as current replies send it. */
  error_data?: string;
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
  /** The request fields Meta blames (error_data.blame_field_specs). */
  blame?: readonly string[];
}

/** `error_data` as current Graph replies carry it: a JSON string, not an object. */
export function blameFieldData(fields: readonly string[]): string {
  return JSON.stringify({ blame_field_specs: fields.map((field) => [field]) });
}

/**
 * (#100) invalid parameter. With words for people (a Marketing API validation refusal) the body carries
 * what Meta sends with those: `error_data` naming the blamed fields and `is_transient: false`, since the same
 * request fails again until it is changed.
 */
export function invalidParameter(message: string, extra: Extra = {}): GraphError {
  const forPeople = extra.userTitle !== undefined || extra.userMsg !== undefined;
  return new GraphError(400, {
    message,
    type: 'OAuthException',
    code: 100,
    ...(extra.blame !== undefined && extra.blame.length > 0 && { error_data: blameFieldData(extra.blame) }),
    ...(extra.subcode !== undefined && { error_subcode: extra.subcode }),
    ...(forPeople && { is_transient: false }),
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
