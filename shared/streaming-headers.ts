/**
 * Headers of a request to a streaming route (`stream: true` in the routes table, e.g. POST /api/chat).
 * Such a route is a Lambda function URL (response streaming needs one) behind CloudFront, which signs
 * each request to it with origin access control (SigV4). Two consequences for the caller:
 */

/**
 * OAC signs with `Authorization`, overwriting the viewer's, so a signed-in visitor's bearer token
 * travels in this header instead (`Bearer <access token>`), and the function verifies it itself.
 */
export const STREAM_TOKEN_HEADER = 'x-adsmith-authorization';

/**
 * Lambda refuses unsigned payloads, and CloudFront signs the body with the hash the viewer sends: a POST
 * or PUT must carry the hex SHA-256 of its exact body bytes here, or the function URL answers 403.
 */
export const CONTENT_SHA256_HEADER = 'x-amz-content-sha256';

/**
 * Added by CloudFront to each request its `/api/chat` behaviour forwards (origin request policy): the
 * viewer's address and port (`198.51.100.10:46532`, or `2001:db8::7:46532` for IPv6, no brackets). Behind
 * CloudFront the function URL's own source address is CloudFront's, so the per-IP limit reads this one.
 * CloudFront sets it itself; a viewer cannot choose it.
 */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

/**
 * Every viewer header CloudFront forwards to a streaming route's function URL (its origin request policy),
 * besides the ones it adds itself (VIEWER_ADDRESS_HEADER): the body's type and hash, and the user's token.
 * Host is not among them: the function URL must receive its own host name, or the signature fails.
 */
export const STREAM_FORWARDED_HEADERS = [
  'content-type',
  STREAM_TOKEN_HEADER,
  CONTENT_SHA256_HEADER,
  // The workspace the web's switcher chose (shared/workspace-roles.ts), checked by the agent against memberships.
  'x-adsmith-workspace',
] as const;
