import { createServer } from 'node:http';
import path from 'node:path';
import { buckets, localBucketName, type BucketDeclaration, type BucketKey } from '@shared/buckets';
import { functionNames } from '@shared/functions';
import { LOCAL_NAME_PREFIX, twinCredentials } from '../function-environment';
import { closeServer, listenOn, urlOf } from '../listen';
import { s3Handler, type S3Options } from './s3-handler';
import { S3ObjectStore } from './s3-object-store';

export interface LocalS3 {
  url: string;
  /** Each bucket of shared/buckets.ts by key, with its physical name here. */
  bucketNames: Record<BucketKey, string>;
  /** The origins a browser may upload from (the site), as the bucket's CORS rule lists the site's. */
  allowOrigins(origins: string[]): void;
  stop(): Promise<void>;
}

/** The twin's S3: the buckets of shared/buckets.ts, objects under `<stateDir>/s3/`, SigV4 with the twin's credentials. */
export async function startLocalS3(options: { port: number; stateDir: string; region: string }): Promise<LocalS3> {
  const store = new S3ObjectStore(path.join(options.stateDir, 's3'));
  const bucketNames = {} as Record<BucketKey, string>;
  const served: S3Options['buckets'] = new Map();
  for (const key of Object.keys(buckets) as BucketKey[]) {
    const name = localBucketName(LOCAL_NAME_PREFIX, key);
    bucketNames[key] = name;
    await store.ensureBucket(name);
    served.set(name, { cors: (buckets[key] as BucketDeclaration).cors, allowedOrigins: [] });
  }
  const server = createServer();
  server.on(
    'request',
    s3Handler({ store, region: options.region, credentials: twinCredentials(functionNames()), buckets: served }),
  );
  const port = await listenOn(server, 's3', options.port);
  return {
    url: urlOf(port),
    bucketNames,
    allowOrigins(origins) {
      for (const bucket of served.values()) bucket.allowedOrigins = [...new Set(origins)];
    },
    stop: () => closeServer(server),
  };
}
