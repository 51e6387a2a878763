import { createHmac } from 'node:crypto';
import * as z from 'zod';
import type { ZodType } from 'zod';
import { toAppError } from './graph-errors';
import { sendBatch, type BatchItemResult, type BatchRequest } from './graph-batch';
import { toSearchParams, type GraphParams } from './graph-params';
import {
  createTransport,
  invalidResponse,
  type GraphMethod,
  type GraphTransportOptions,
  type Transport,
} from './graph-transport';

/**
 * A small client for Meta's Graph/Marketing API.
 *
 * - Every authenticated call carries `access_token` and `appsecret_proof`
 *   (HMAC-SHA256 of the token keyed by the app secret, hex) as parameters: in
 *   the query for GET/DELETE, in the form body for POST. Parameters are what
 *   Meta documents everywhere and what its paging URLs use; neither value is
 *   ever put in `onCall` info, errors or logs (paths are reported without query).
 * - Failures are retried with exponential backoff and jitter only when they are
 *   transient (network, timeout, 5xx, codes 1/2, is_transient) or rate limits;
 *   a rate limit whose announced wait exceeds `maxRateLimitWaitSeconds` fails at
 *   once with RATE_LIMITED: a Lambda behind API Gateway cannot wait minutes.
 * - POSTs are not retried after a timeout or a dropped connection unless the call
 *   says it is idempotent: Meta may have applied the write (e.g. created a campaign).
 * - Replies are checked with the caller's zod schema; a reply that does not fit is
 *   UPSTREAM_ERROR "Meta returned an unexpected response.".
 * - Methods throw AppErrors from our catalogue (see graph-errors.ts `toAppError`);
 *   the GraphError with Meta's code, subcode and fbtrace_id is the `cause`.
 */

// The types callers need alongside the client, so one import serves them.
export type { GraphCallInfo, GraphMethod, GraphTransportOptions } from './graph-transport';
export { MAX_BATCH_SIZE, type BatchItemResult, type BatchRequest } from './graph-batch';

export interface GraphClientOptions extends GraphTransportOptions {
  appSecret: string;
  accessToken: string;
}

export interface RequestOptions {
  /**
   * Safe to repeat when Meta may already have applied it (a status update is; a
   * create is not). GET and DELETE are idempotent; POST defaults to false.
   */
  idempotent?: boolean;
}

export interface PaginateOptions {
  /** Stop after this many pages even when Meta offers more. Default 10. */
  maxPages?: number;
  /** Asked before each further page; false stops (e.g. the function's time is nearly up). */
  shouldContinue?: () => boolean;
}

export interface PageResult<T> {
  items: T[];
  pages: number;
  /** Meta offered a next page that was not followed (`maxPages`, or `shouldContinue` said stop). */
  hasMore: boolean;
}

export interface GraphClient {
  readonly version: string;
  get(path: string, params?: GraphParams): Promise<unknown>;
  get<T>(path: string, params: GraphParams | undefined, schema: ZodType<T>, options?: RequestOptions): Promise<T>;
  post(path: string, params: GraphParams): Promise<unknown>;
  post<T>(path: string, params: GraphParams, schema: ZodType<T>, options?: RequestOptions): Promise<T>;
  delete(path: string, params?: GraphParams): Promise<unknown>;
  delete<T>(path: string, params: GraphParams | undefined, schema: ZodType<T>, options?: RequestOptions): Promise<T>;
  paginate<T>(
    path: string,
    params: GraphParams | undefined,
    itemSchema: ZodType<T>,
    options?: PaginateOptions,
  ): Promise<PageResult<T>>;
  /**
   * A POST with a file (`multipart/form-data`, the file under `file.field`): how Meta takes a video (`source`).
   * Never retried after a timeout. On Meta's own host it goes to graph-video.facebook.com, where Meta wants
   * video uploads.
   */
  postFile<T>(path: string, params: GraphParams, file: GraphFile, schema: ZodType<T>): Promise<T>;
  /** Split into calls of at most 50; one result per request, in order. */
  batch<T = unknown>(requests: readonly BatchRequest[], itemSchema?: ZodType<T>): Promise<BatchItemResult<T>[]>;
}

export interface GraphFile {
  field: string;
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

export function appSecretProof(accessToken: string, appSecret: string): string {
  return createHmac('sha256', appSecret).update(accessToken).digest('hex');
}

export function createGraphClient(options: GraphClientOptions): GraphClient {
  const proof = appSecretProof(options.accessToken, options.appSecret);
  const transport = createTransport(options, (search) => {
    search.set('access_token', options.accessToken);
    search.set('appsecret_proof', proof);
  });
  return clientOver(transport);
}

/**
 * Calls made with the app's own credentials in the parameters (OAuth code and
 * token exchange), so without a user token or appsecret_proof.
 */
export function createAppGraphClient(options: GraphTransportOptions): GraphClient {
  return clientOver(createTransport(options, () => {}));
}

function clientOver(transport: Transport): GraphClient {
  async function call<T>(
    method: GraphMethod,
    path: string,
    params: GraphParams | undefined,
    schema: ZodType<T> | undefined,
    options: RequestOptions | undefined,
  ): Promise<T> {
    const url = transport.urlFor(path);
    const search = toSearchParams(params);
    transport.addCredentials(search);
    let body: URLSearchParams | undefined;
    if (method === 'POST') body = search;
    else url.search = search.toString();
    const reply = await transport.send({ method, url, body, idempotent: options?.idempotent ?? method !== 'POST' });
    return schema ? checkReply(schema, reply, method, url) : (reply as T);
  }

  const client: GraphClient = {
    version: transport.version,
    get: <T>(path: string, params?: GraphParams, schema?: ZodType<T>, options?: RequestOptions) =>
      call('GET', path, params, schema, options),
    post: <T>(path: string, params: GraphParams, schema?: ZodType<T>, options?: RequestOptions) =>
      call('POST', path, params, schema, options),
    delete: <T>(path: string, params?: GraphParams, schema?: ZodType<T>, options?: RequestOptions) =>
      call('DELETE', path, params, schema, options),

    async paginate<T>(
      path: string,
      params: GraphParams | undefined,
      itemSchema: ZodType<T>,
      options?: PaginateOptions,
    ) {
      const maxPages = options?.maxPages ?? 10;
      const pageSchema = z.object({
        data: z.array(itemSchema),
        paging: z.looseObject({ next: z.string().optional() }).optional(),
      });
      const items: T[] = [];
      let url = transport.urlFor(path);
      const search = toSearchParams(params);
      transport.addCredentials(search);
      url.search = search.toString();
      for (let pages = 1; ; pages++) {
        const page = checkReply(pageSchema, await transport.send({ method: 'GET', url, idempotent: true }), 'GET', url);
        items.push(...page.data);
        const next = page.paging?.next;
        if (!next) return { items, pages, hasMore: false };
        // Out of pages or out of time: the caller says so (a `partial` list) rather than timing out.
        if (pages >= maxPages || options?.shouldContinue?.() === false) return { items, pages, hasMore: true };
        url = followableNext(next, transport, url);
      }
    },

    async postFile<T>(path: string, params: GraphParams, file: GraphFile, schema: ZodType<T>) {
      const url = transport.urlFor(path);
      if (url.hostname === 'graph.facebook.com') url.hostname = 'graph-video.facebook.com';
      const search = toSearchParams(params);
      transport.addCredentials(search);
      const form = new FormData();
      for (const [key, value] of search) form.append(key, value);
      const bytes = new Uint8Array(file.bytes);
      form.append(file.field, new Blob([bytes], { type: file.contentType }), file.fileName);
      const reply = await transport.send({ method: 'POST', url, body: form, idempotent: false });
      return checkReply(schema, reply, 'POST', url);
    },

    batch: <T>(requests: readonly BatchRequest[], itemSchema?: ZodType<T>) =>
      sendBatch(transport, requests, itemSchema),
  };
  return client;
}

/**
 * Meta's `paging.next` is an absolute URL carrying its own copy of the token.
 * It is followed only on our Graph origin (anything else would receive our
 * credentials), with the credentials replaced by ours.
 */
function followableNext(next: string, transport: Transport, current: URL): URL {
  let url: URL;
  try {
    url = new URL(next);
  } catch (error) {
    throw toAppError(invalidResponse('GET', current, error));
  }
  if (url.origin !== transport.origin) {
    throw toAppError(invalidResponse('GET', current, `paging.next points to another origin (${url.origin})`));
  }
  url.searchParams.delete('access_token');
  url.searchParams.delete('appsecret_proof');
  transport.addCredentials(url.searchParams);
  return url;
}

function checkReply<T>(schema: ZodType<T>, reply: unknown, method: GraphMethod, url: URL): T {
  const parsed = schema.safeParse(reply);
  if (!parsed.success) throw toAppError(invalidResponse(method, url, parsed.error));
  return parsed.data;
}
