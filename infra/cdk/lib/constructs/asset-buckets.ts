import { Aws, Duration, type RemovalPolicy, Validations } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
  type IBucket,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { buckets, type BucketDeclaration, type BucketKey } from '@shared/buckets';

export interface AssetBucketsProps {
  /** Physical name prefix, e.g. `adsmith-dev`. */
  readonly namePrefix: string;
  /** The site's origin (`https://…`): the only origin browsers may use presigned URLs from. */
  readonly siteUrl: string;
  /** RETAIN keeps user files when the stack goes; DESTROY suits disposable stages (the bucket must be empty). */
  readonly removalPolicy: RemovalPolicy;
  /** @default the buckets table in shared/buckets.ts */
  readonly declarations?: Record<BucketKey, BucketDeclaration>;
}

const METHODS = { GET: HttpMethods.GET, PUT: HttpMethods.PUT, HEAD: HttpMethods.HEAD } as const;

/**
 * Every bucket of shared/buckets.ts: S3-managed encryption, public access blocked, TLS only,
 * bucket-owner-enforced objects (no ACLs), server access logs to a log bucket of its own,
 * the declared lifecycle (abort incomplete multipart uploads, expire unconfirmed uploads)
 * and CORS for presigned browser requests from the site's origin only.
 *
 * S3-managed keys rather than KMS: browsers PUT and GET through presigned URLs, which act
 * with the signing function's permissions; with a KMS key every signer would also need
 * kms:GenerateDataKey/Decrypt on it, for no gain on images the user chose to upload.
 */
export class AssetBuckets extends Construct {
  readonly byKey: Record<BucketKey, Bucket>;
  readonly logBucket: Bucket;

  constructor(scope: Construct, id: string, props: AssetBucketsProps) {
    super(scope, id);
    const declarations = props.declarations ?? buckets;

    this.logBucket = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: props.removalPolicy,
    });
    Validations.of(this.logBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log destination; logging its own access would log the log writes in a loop.',
    });

    this.byKey = Object.fromEntries(
      (Object.entries(declarations) as [BucketKey, BucketDeclaration][]).map(([key, declaration]) => {
        const bucket = new Bucket(this, key, {
          bucketName: assetBucketName(props.namePrefix, declaration),
          blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
          enforceSSL: true,
          minimumTLSVersion: 1.2,
          encryption: BucketEncryption.S3_MANAGED,
          objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
          serverAccessLogsBucket: this.logBucket,
          serverAccessLogsPrefix: `${declaration.name}/`,
          lifecycleRules: [
            {
              id: 'abort-incomplete-multipart-uploads',
              abortIncompleteMultipartUploadAfter: Duration.days(declaration.abortIncompleteMultipartUploadDays),
            },
            ...(declaration.expireUnder ?? []).map((rule) => ({
              id: `expire-${rule.prefix.replace(/\/$/, '')}`,
              prefix: rule.prefix,
              expiration: Duration.days(rule.days),
            })),
          ],
          cors: declaration.cors && [
            {
              allowedOrigins: [props.siteUrl],
              allowedMethods: declaration.cors.allowedMethods.map((method) => METHODS[method]),
              // The browser sends Content-Type (signed into the URL) and nothing else of note.
              allowedHeaders: ['content-type'],
              exposedHeaders: [...declaration.cors.exposedHeaders],
              maxAge: declaration.cors.maxAgeSeconds,
            },
          ],
          removalPolicy: props.removalPolicy,
        });
        return [key, bucket];
      }),
    ) as Record<BucketKey, Bucket>;
  }
}

/**
 * The bucket's name, known without a cross-stack reference (as the site bucket's is): the
 * stateless stack imports it by name, so its grants name the bucket literally. Account and
 * region keep it globally unique.
 */
export function assetBucketName(namePrefix: string, declaration: Pick<BucketDeclaration, 'name'>): string {
  return `${namePrefix}-${declaration.name}-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
}

/** The buckets as another stack sees them: imported by their literal names. */
export function importAssetBuckets(
  scope: Construct,
  namePrefix: string,
  declarations: Record<BucketKey, BucketDeclaration> = buckets,
): Record<BucketKey, IBucket> {
  return Object.fromEntries(
    (Object.entries(declarations) as [BucketKey, BucketDeclaration][]).map(([key, declaration]) => [
      key,
      Bucket.fromBucketName(scope, `Imported-${key}`, assetBucketName(namePrefix, declaration)),
    ]),
  ) as Record<BucketKey, IBucket>;
}
