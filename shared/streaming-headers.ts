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
