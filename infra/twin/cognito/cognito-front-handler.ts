import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { CognitoError, UnsupportedError } from 'cognito-local/lib/errors';
import { grantedNeeds } from '@shared/granted-needs';
import { AWS_JSON_CONTENT_TYPE } from '../aws-json/aws-json-protocol';
import { callingFunction } from '../calling-function';
import { BodyTooLargeError, parseJsonObject, readBody } from '../http-io';
import type { CognitoEmulator } from './cognito-emulator';
import { maskEmail, rewriteCognitoError } from './cognito-error-wording';
import { CognitoReplyError } from './cognito-reply-error';
import { cognitoTwinOperations } from './cognito-twin-operations';

/** Cognito's requests are small; this is far above any real one. */
const MAX_COGNITO_REQUEST_BYTES = 256 * 1024;
const POOL_ID = /^[\w-]+_[0-9a-zA-Z]+$/;

function corsHeaders(req: IncomingMessage): Record<string, string> {
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    'access-control-allow-headers':
      req.headers['access-control-request-headers'] ?? 'content-type, x-amz-target, x-amz-user-agent, cache-control',
    'access-control-expose-headers': 'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage, date',
    'access-control-max-age': '86400',
  };
}

function reply(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  // Cognito's wire format carries dates as epoch seconds. The holder (`this`) still has the
  // Date itself; `value` has already been through Date's toJSON.
  const text = JSON.stringify(body, function (this: Record<string, unknown>, key: string, value: unknown) {
    const original = this[key];
    return original instanceof Date ? Math.floor(original.getTime() / 1000) : value;
  });
  res.writeHead(status, {
    ...corsHeaders(req),
    'content-type': AWS_JSON_CONTENT_TYPE,
    'content-length': Buffer.byteLength(text),
    'x-amzn-requestid': randomUUID(),
    ...headers,
  });
  res.end(text);
}

/** Cognito never shows the full address it sent a code to. */
function maskDestination(result: unknown): unknown {
  const details = (result as { CodeDeliveryDetails?: { DeliveryMedium?: string; Destination?: string } } | null)
    ?.CodeDeliveryDetails;
  if (details?.DeliveryMedium === 'EMAIL' && details.Destination) details.Destination = maskEmail(details.Destination);
  return result;
}

function replyError(req: IncomingMessage, res: ServerResponse, status: number, type: string, message: string): void {
  reply(req, res, status, { __type: type, message }, { 'x-amzn-errortype': `${type}:` });
}

/**
 * The twin's Cognito endpoint, where Amplify and the SDK point: the AWS JSON
 * protocol over the twin's operations (see cognito-twin-operations.ts), Cognito's
 * error shapes and wording, CORS for the browser, and JWKS / OpenID metadata under the issuer.
 */
export function cognitoFrontHandler(emulator: CognitoEmulator, issuerOrigin: string): RequestListener {
  const operate = cognitoTwinOperations(emulator);
  async function handlePost(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const [service, target, ...rest] = String(req.headers['x-amz-target'] ?? '').split('.');
    if (service !== 'AWSCognitoIdentityProviderService' || !target || rest.length > 0) {
      return replyError(req, res, 400, 'UnknownOperationException', 'Missing or invalid x-amz-target header');
    }
    // IAM, for the functions: Cognito's admin operations need the action in the caller's role (the functions
    // table's `userPool`); the public ones (sign-up, sign-in) need no credentials at all.
    const fn = callingFunction(req);
    if (fn && target.startsWith('Admin') && !(grantedNeeds(fn).userPool ?? []).some((action) => action === target)) {
      const message = `User: arn:aws:sts::000000000000:assumed-role/${fn}-role/${fn} is not authorized to perform: cognito-idp:${target} (the twin checks the grants of shared/functions.ts, as IAM would)`;
      console.error(`[twin iam] ${message}`);
      return replyError(req, res, 400, 'AccessDeniedException', message);
    }
    let input: Record<string, unknown> | null;
    try {
      input = parseJsonObject((await readBody(req, MAX_COGNITO_REQUEST_BYTES)).toString('utf8'));
    } catch (error) {
      if (error instanceof BodyTooLargeError)
        return replyError(req, res, 413, 'RequestEntityTooLargeException', error.message);
      throw error;
    }
    if (!input) return replyError(req, res, 400, 'SerializationException', 'The request body is not a JSON object');
    try {
      reply(req, res, 200, maskDestination(await operate(target, input)));
    } catch (error) {
      if (error instanceof CognitoReplyError) return replyError(req, res, error.status, error.type, error.message);
      if (error instanceof CognitoError) {
        const rewrite = rewriteCognitoError(target, input, error.code, error.message);
        if (rewrite && 'simulatedReply' in rewrite) return reply(req, res, 200, rewrite.simulatedReply);
        return replyError(req, res, 400, rewrite?.type ?? error.code, rewrite?.message ?? error.message);
      }
      if (error instanceof UnsupportedError) {
        console.error(`[cognito] cognito-local does not support ${target}: ${error.message}`);
        return replyError(
          req,
          res,
          500,
          'CognitoLocal#Unsupported',
          `Cognito Local unsupported feature: ${error.message}`,
        );
      }
      console.error(`[cognito] ${target} failed:`, error);
      replyError(req, res, 500, 'InternalErrorException', 'The local user pool failed; see the twin log');
    }
  }

  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, corsHeaders(req));
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/') {
      return void handlePost(req, res).catch((error: unknown) => {
        console.error('[cognito] request failed:', error);
        if (!res.headersSent) replyError(req, res, 500, 'InternalErrorException', 'The local user pool failed');
      });
    }
    const [, poolId, wellKnown, document, ...more] = url.pathname.split('/');
    if (req.method === 'GET' && poolId && POOL_ID.test(poolId) && wellKnown === '.well-known' && more.length === 0) {
      const issuer = `${issuerOrigin}/${poolId}`;
      if (document === 'jwks.json')
        return reply(req, res, 200, { keys: [emulator.publicJwk] }, { 'content-type': 'application/json' });
      if (document === 'openid-configuration') {
        return reply(
          req,
          res,
          200,
          {
            issuer,
            jwks_uri: `${issuer}/.well-known/jwks.json`,
            id_token_signing_alg_values_supported: ['RS256'],
            subject_types_supported: ['public'],
          },
          { 'content-type': 'application/json' },
        );
      }
    }
    if (req.method === 'GET' && url.pathname === '/health')
      return reply(req, res, 200, { ok: true }, { 'content-type': 'application/json' });
    replyError(req, res, 404, 'ResourceNotFoundException', 'Not Found');
  };
}
