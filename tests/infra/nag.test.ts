import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from './support/build-app';
import { nagFindings } from './support/nag-report';

/** Every acknowledgement in the tree with its reason. */
function acknowledgements(root: IConstruct): { path: string; id: string; reason: string }[] {
  return root.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) => Object.entries(entry.data as Record<string, string | undefined>))
      .map(([id, reason]) => ({
        path: construct.node.path,
        id: id.replace(/^Annotation::/, ''),
        reason: reason ?? '',
      })),
  );
}

describe('cdk-nag AwsSolutions', () => {
  const cleanups: (() => void)[] = [];
  afterAll(() => cleanups.forEach((cleanup) => cleanup()));

  function build(context?: Record<string, string>) {
    const built = createApp({ nag: true, context });
    cleanups.push(() => built.cleanup());
    return built;
  }

  it('reports no unacknowledged finding for dev (CloudFront domain, placeholder web page)', () => {
    const { app, outdir } = build();
    expect(nagFindings(app, outdir)).toEqual([]);
  });

  it('reports no unacknowledged finding for prod with a custom domain', () => {
    const { app, outdir } = build({
      stage: 'prod',
      domainName: 'ads.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/12345678-1234-1234-1234-123456789012',
    });
    expect(nagFindings(app, outdir)).toEqual([]);
  });

  it('gives every acknowledgement a real reason', () => {
    const { app, outdir } = build();
    // Some acknowledgements (IAM wildcards) are computed by aspects during synth.
    nagFindings(app, outdir);
    const acks = acknowledgements(app);
    expect(acks.length).toBeGreaterThan(0);
    for (const ack of acks) {
      expect(ack.reason.length, `${ack.id} at ${ack.path}`).toBeGreaterThan(30);
    }
  });

  it('does not acknowledge the TLS rule when a custom domain is set', () => {
    const { app, outdir } = build({
      stage: 'prod',
      domainName: 'ads.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/12345678-1234-1234-1234-123456789012',
    });
    nagFindings(app, outdir);
    expect(acknowledgements(app).map((a) => a.id)).not.toContain('AwsSolutions-CFR4');
    expect(acknowledgements(app).map((a) => a.id)).toContain('AwsSolutions-CFR1');
  });
});
