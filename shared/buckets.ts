/**
 * The buckets table: every S3 bucket of Adsmith, its layout, lifecycle and CORS rule. CDK
 * creates each one (encrypted, public access blocked, TLS only), the local twin's S3 stand-in
 * serves the same buckets with the same CORS rule, and functions name them by key in
 * shared/functions.ts (`buckets`), with the exact S3 actions and key prefixes they use.
 */

export interface BucketCors {
  /** Methods a browser may use on presigned URLs from the site's origin. */
  allowedMethods: readonly ('GET' | 'PUT' | 'HEAD')[];
  /** Response headers the browser may read (the ETag of an upload). */
  exposedHeaders: readonly string[];
  /** How long a browser may cache the preflight answer. */
  maxAgeSeconds: number;
}

export interface BucketDeclaration {
  /** Logical name, also the suffix of the twin's physical name (AWS names buckets itself: names are global). */
  name: string;
  /** Lifecycle: incomplete multipart uploads are aborted after this many days. */
  abortIncompleteMultipartUploadDays: number;
  /** Lifecycle: objects under these prefixes expire after so many days (e.g. uploads never confirmed). */
  expireUnder?: readonly { prefix: string; days: number }[];
  /** Browser access through presigned URLs from the site's origin; absent = no CORS. */
  cors?: BucketCors;
}

export const buckets = {
  /**
   * Graphics assets: product photos, logos, AI images and exports. Confirmed objects live under
   * `users/{sub}/…` (USER_ASSETS_PREFIX); a browser upload first lands under `uploads/{sub}/…`
   * (UPLOADS_PREFIX) and is copied into the user's prefix only once it passed the checks, so
   * whatever is never confirmed expires by itself.
   */
  assets: {
    name: 'assets',
    abortIncompleteMultipartUploadDays: 1,
    expireUnder: [{ prefix: 'uploads/', days: 2 }],
    cors: { allowedMethods: ['GET', 'PUT', 'HEAD'], exposedHeaders: ['ETag'], maxAgeSeconds: 3000 },
  },
  /**
   * Customer lists (issue 30): the SHA-256 hashes of each list's last upload under
   * `hashes/{workspace}/{audienceId}` (CUSTOMER_HASHES_PREFIX), kept while the audience exists so a refresh sends
   * Meta only the difference, deleted with it. A list too large for a request body is PUT by the browser (presigned,
   * signed for its exact size) under `uploads/{workspace}/{uploadId}/` (CUSTOMER_UPLOADS_PREFIX) with its progress;
   * the worker deletes the file as soon as it is hashed, and the one-day lifecycle deletes whatever is left.
   */
  customerLists: {
    name: 'customer-lists',
    abortIncompleteMultipartUploadDays: 1,
    expireUnder: [{ prefix: 'uploads/', days: 1 }],
    cors: { allowedMethods: ['PUT'], exposedHeaders: ['ETag'], maxAgeSeconds: 3000 },
  },
} as const satisfies Record<string, BucketDeclaration>;

export type BucketKey = keyof typeof buckets;

/** Where a user's confirmed objects live. */
export const USER_ASSETS_PREFIX = 'users/';
/** Where the hashes of a customer list's last upload are kept. */
export const CUSTOMER_HASHES_PREFIX = 'hashes/';
/** Where a large customer list waits to be hashed, with its upload's progress (one-day lifecycle). */
export const CUSTOMER_UPLOADS_PREFIX = 'uploads/';
/** Where browser uploads land before they are checked. */
export const UPLOADS_PREFIX = 'uploads/';

/** The env var holding a bucket's physical name in a function that declares it. */
export function bucketEnvVar(key: BucketKey): string {
  return `BUCKET_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

/** `<prefix>-<declared name>`: the twin's bucket name (CDK lets CloudFormation pick a unique one). */
export function localBucketName(namePrefix: string, key: BucketKey): string {
  return `${namePrefix}-${buckets[key].name}`;
}

/** S3 object actions a function may be granted on its key prefixes. */
export type BucketAction = 's3:PutObject' | 's3:GetObject' | 's3:DeleteObject';

/** What a function may do in one bucket: actions, each on key patterns (`${sub}` = the caller's id is not IAM-known). */
export interface BucketNeed {
  actions: readonly BucketAction[];
  /** Key patterns the grant covers, e.g. `users/*`; never the whole bucket unless listed. */
  keyPatterns: readonly string[];
}
