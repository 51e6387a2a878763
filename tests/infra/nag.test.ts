import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

interface NagRun {
  findings: string[];
  acknowledgements: ReturnType<typeof acknowledgements>;
}

/**
 * One nag synth per stage, read by each of its tests: a synth with cdk-nag is the cost of this file, and the
 * findings and acknowledgements (some computed by aspects during synth) are both there after it.
 */
function nagRunOf(context?: Record<string, string>): () => NagRun {
  let run: NagRun | undefined;
  let cleanup: () => void = () => undefined;
  beforeAll(() => {
    const built = createApp({ nag: true, context });
    cleanup = built.cleanup;
    const findings = nagFindings(built.app, built.outdir);
    run = { findings, acknowledgements: acknowledgements(built.app) };
  });
  afterAll(() => cleanup());
  return () => {
    if (!run) throw new Error('The nag synth did not run');
    return run;
  };
}

describe('cdk-nag AwsSolutions on dev (CloudFront domain, placeholder web page)', () => {
  const dev = nagRunOf();

  it('reports no unacknowledged finding', () => {
    expect(dev().findings).toEqual([]);
  });

  it('gives every acknowledgement a real reason', () => {
    const acks = dev().acknowledgements;
    expect(acks.length).toBeGreaterThan(0);
    for (const ack of acks) {
      expect(ack.reason.length, `${ack.id} at ${ack.path}`).toBeGreaterThan(30);
    }
  });
});

describe('cdk-nag AwsSolutions on prod with a custom domain', () => {
  const prod = nagRunOf({
    stage: 'prod',
    domainName: 'ads.example.com',
    certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/12345678-1234-1234-1234-123456789012',
  });

  it('reports no unacknowledged finding', () => {
    expect(prod().findings).toEqual([]);
  });

  it('does not acknowledge the TLS rule when a custom domain is set', () => {
    const ids = prod().acknowledgements.map((a) => a.id);
    expect(ids).not.toContain('AwsSolutions-CFR4');
    expect(ids).toContain('AwsSolutions-CFR1');
  });
});
