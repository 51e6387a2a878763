import { S3Client } from '@aws-sdk/client-s3';
import { tracer } from '../observability';

let client: S3Client | undefined;

/**
 * One S3 client per container. Its endpoint comes only from the SDK's standard variable
 * (AWS_ENDPOINT_URL_S3 on the twin, whose S3 is addressed path-style as an IP address is).
 * Checksums only when an operation requires them: a presigned PUT must not carry the SDK's
 * checksum of an empty body, which S3 would then hold the uploaded file to.
 */
export function s3Client(): S3Client {
  client ??= tracer.captureAWSv3Client(
    new S3Client({
      forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3),
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
  );
  return client;
}
