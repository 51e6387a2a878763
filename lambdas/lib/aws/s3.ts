import type { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type * as S3SdkModule from './s3-sdk';
import { tracer } from '../observability';

/**
 * The S3 SDK, loaded by the first request that touches a bucket: with its client it is ~150 KB bundled, which a
 * cold start of the routes that never read a bucket (most of the chat's, graphics', audiences' routes) need not load
 * (issue 23 req 15). The modules that use S3 take their commands from here, never from a static import.
 */
export type S3Sdk = typeof S3SdkModule;

let sdk: Promise<S3Sdk> | undefined;

export function s3Sdk(): Promise<S3Sdk> {
  sdk ??= import('./s3-sdk').catch((error: unknown) => {
    sdk = undefined;
    throw error;
  });
  return sdk;
}

/** A client, or the factory of one (handlers pass `s3Client` itself, so nothing is built before it is used). */
export type S3Access = S3Client | (() => Promise<S3Client>);

export async function s3Of(access: S3Access): Promise<S3Client> {
  return typeof access === 'function' ? access() : access;
}

let client: Promise<S3Client> | undefined;

/**
 * One S3 client per container, created on first use. Its endpoint comes only from the SDK's standard variable
 * (AWS_ENDPOINT_URL_S3 on the twin, whose S3 is addressed path-style as an IP address is).
 * Checksums only when an operation requires them: a presigned PUT must not carry the SDK's
 * checksum of an empty body, which S3 would then hold the uploaded file to.
 */
export function s3Client(): Promise<S3Client> {
  client ??= s3Sdk().then(({ S3Client }) =>
    tracer.captureAWSv3Client(
      new S3Client({
        forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3),
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    ),
  );
  return client;
}

/** The presigner, loaded with the SDK on first use for the same reason. */
export async function presignedUrl(
  access: S3Access,
  command: GetObjectCommand | PutObjectCommand,
  options: { expiresIn: number; signableHeaders?: Set<string> },
): Promise<string> {
  const [{ getSignedUrl }, s3] = await Promise.all([import('@aws-sdk/s3-request-presigner'), s3Of(access)]);
  return getSignedUrl(s3, command, options);
}
