import { Aspects, Stack, type IAspect } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source, type ISource } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct, type IConstruct } from 'constructs';
import { WebConfigSchema, type WebConfig, type WebConfigInput } from '@shared/schemas/web-config';

export interface WebContentProps {
  readonly bucket: IBucket;
  /** Invalidated after each deployment of the entry files. */
  readonly distribution: IDistribution;
  /** The built SPA (`web/dist`); undefined serves a placeholder page so synth works before a web build. */
  readonly distDir?: string;
  /** The runtime config the SPA fetches as `/config.json`. Validated against WebConfigSchema. */
  readonly webConfig: WebConfigInput;
}

/** Vite writes content-hashed files under assets/: a new build never reuses a name. */
const HASHED_ASSETS = 'assets/*';
const ENTRY_FILES = ['index.html', 'config.json'];

/**
 * Puts the SPA and its runtime `config.json` in the site bucket with cache
 * headers fit for each kind of file:
 * - `assets/*` (content-hashed): cached for a year, immutable;
 * - other static files (favicon, images from web/public): cached for five minutes;
 * - `index.html` and `config.json`: `no-cache`, so a deploy is visible at once.
 * The entry files go last, so index.html never names a chunk that is not uploaded yet,
 * and nothing is pruned: a browser tab still running the previous build can keep
 * lazy-loading its chunks. One web build serves every stage; only config.json differs.
 */
export class WebContent extends Construct {
  readonly entryDeployment: BucketDeployment;
  /** The config.json content as deployed (tokens unresolved). */
  readonly webConfig: WebConfig;

  constructor(scope: Construct, id: string, props: WebContentProps) {
    super(scope, id);
    // Parse rather than trust: a config.json the SPA rejects would break every page.
    this.webConfig = WebConfigSchema.parse(props.webConfig);
    const common = { destinationBucket: props.bucket, prune: false, memoryLimit: 512 };

    let filesBefore: BucketDeployment | undefined;
    let entrySource: ISource;
    if (props.distDir) {
      const build = Source.asset(props.distDir);
      const hashedAssets = new BucketDeployment(this, 'HashedAssets', {
        ...common,
        sources: [build],
        exclude: ['*'],
        include: [HASHED_ASSETS],
        cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      });
      const staticFiles = new BucketDeployment(this, 'StaticFiles', {
        ...common,
        sources: [build],
        // Source maps never go public (the web build keeps them out of dist/ already).
        exclude: [HASHED_ASSETS, ...ENTRY_FILES, '*.map'],
        cacheControl: [CacheControl.fromString('public, max-age=300')],
      });
      staticFiles.node.addDependency(hashedAssets);
      filesBefore = staticFiles;
      entrySource = build;
    } else {
      entrySource = Source.data('index.html', PLACEHOLDER_PAGE);
    }

    this.entryDeployment = new BucketDeployment(this, 'EntryFiles', {
      ...common,
      sources: [entrySource, Source.jsonData('config.json', this.webConfig)],
      exclude: ['*'],
      include: ENTRY_FILES,
      cacheControl: [CacheControl.noCache()],
      distribution: props.distribution,
      distributionPaths: ['/*'],
    });
    if (filesBefore) this.entryDeployment.node.addDependency(filesBefore);
    Aspects.of(this.entryDeployment.handlerRole).add(
      new ScopeInvalidations(
        Stack.of(this).formatArn({
          service: 'cloudfront',
          region: '',
          resource: 'distribution',
          resourceName: props.distribution.distributionId,
        }),
      ),
    );
  }
}

const INVALIDATION_ACTION = /^cloudfront:(CreateInvalidation|GetInvalidation)$/;

/**
 * BucketDeployment grants its handler cloudfront:CreateInvalidation/GetInvalidation on `*`, though both
 * actions take the distribution as their resource (CDK's own Distribution.grantCreateInvalidation names
 * the distribution's ARN): this narrows that statement to the one distribution the deployment invalidates.
 * An aspect, because the grant is written into the handler role's policy when the deployment is built.
 */
class ScopeInvalidations implements IAspect {
  constructor(private readonly distributionArn: string) {}

  visit(node: IConstruct): void {
    if (!(node instanceof CfnPolicy)) return;
    const document = Stack.of(node).resolve(node.policyDocument) as {
      Statement: { Action: string | string[]; Resource: unknown }[];
    };
    let narrowed = false;
    for (const statement of document.Statement) {
      if (statement.Resource === '*' && [statement.Action].flat().every((action) => INVALIDATION_ACTION.test(action))) {
        statement.Resource = this.distributionArn;
        narrowed = true;
      }
    }
    if (narrowed) node.policyDocument = document;
  }
}

/** Served until `npm run build` has produced web/dist and the stack is deployed again. */
const PLACEHOLDER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Adsmith</title></head>
<body><h1>Adsmith</h1><p>The web app has not been built yet. Run <code>npm run build</code>, then deploy again.</p></body></html>
`;
