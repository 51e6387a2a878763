// What this SDK's lazy chunk holds: the client, the commands used and the errors tested for (an import() of the
// package itself keeps every command of the service, its waiters and its aggregated client: esbuild cannot
// tree-shake a namespace).
export {
  S3Client,
  GetObjectCommand,
  PutObjectCommand,
  HeadObjectCommand,
  DeleteObjectCommand,
  NoSuchKey,
  NotFound,
} from '@aws-sdk/client-s3';
