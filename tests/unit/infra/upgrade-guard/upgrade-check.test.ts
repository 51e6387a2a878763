import { describe, expect, it } from 'vitest';
import type { DeclaredMigration } from '@infra/upgrade-guard/declared-migrations';
import { readReleaseSnapshot } from '@infra/upgrade-guard/release-snapshot';
import { describeChange, type CfnTemplate } from '@infra/upgrade-guard/stateful-changes';
import { checkUpgrade } from '@infra/upgrade-guard/upgrade-check';

/**
 * The guard on deliberate changes to the release snapshot's own resources: what `cdk diff` would call a
 * replacement or a removal of a table, the user pool, a key, a bucket or a queue is found, named with its
 * cause, and lets the check pass only when declared with its migration.
 */
const previous = readReleaseSnapshot('prod').stacks;
const STATEFUL = 'adsmith-prod-stateful';
type Resources = Record<string, { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string }>;

/** A deep copy of the release's stacks with one change made to them. */
function changed(edit: (stacks: Record<string, { Resources: Resources }>) => void): Record<string, CfnTemplate> {
  const copy = structuredClone(previous) as Record<string, { Resources: Resources }>;
  edit(copy);
  return copy;
}

function logicalIdOf(type: string, nameIncludes = ''): string {
  const [id] = Object.entries(previous[STATEFUL]!.Resources!).find(
    ([logicalId, r]) => r.Type === type && logicalId.includes(nameIncludes),
  )!;
  return id;
}

const table = logicalIdOf('AWS::DynamoDB::Table', 'automationRules');
const declare = (change: Partial<DeclaredMigration>): DeclaredMigration => ({
  stack: STATEFUL,
  logicalId: table,
  kind: 'replace',
  reason: 'the sort key changes',
  migration: 'copy every item into the new table before switching',
  ...change,
});

describe('upgrade guard', () => {
  it('passes the release against itself', () => {
    expect(checkUpgrade(previous, structuredClone(previous), [])).toEqual({ undeclared: [], unused: [] });
  });

  it("fails when a table's key schema changes (CloudFormation replaces the table)", () => {
    const current = changed((s) => {
      const props = s[STATEFUL]!.Resources[table]!.Properties;
      props.AttributeDefinitions = [
        ...(props.AttributeDefinitions as object[]),
        { AttributeName: 'v', AttributeType: 'S' },
      ];
      props.KeySchema = [
        ...(props.KeySchema as { KeyType: string }[]).filter((k) => k.KeyType === 'HASH'),
        { AttributeName: 'v', KeyType: 'RANGE' },
      ];
    });
    const { undeclared } = checkUpgrade(previous, current, []);
    expect(undeclared).toEqual([
      { stack: STATEFUL, logicalId: table, type: 'AWS::DynamoDB::Table', kind: 'replace', causes: ['KeySchema'] },
    ]);
    expect(describeChange(undeclared[0]!)).toBe(
      `${STATEFUL}/${table} (AWS::DynamoDB::Table) would be REPLACED (a new, empty resource) because KeySchema changed`,
    );
    // Declared with its migration, the same change passes.
    expect(checkUpgrade(previous, current, [declare({})])).toEqual({ undeclared: [], unused: [] });
  });

  it('does not mind updates in place (a new attribute on a table, a changed retention on a queue)', () => {
    const current = changed((s) => {
      s[STATEFUL]!.Resources[table]!.Properties.DeletionProtectionEnabled = true;
    });
    expect(checkUpgrade(previous, current, []).undeclared).toEqual([]);
  });

  it('fails when a renamed construct gives a table a new logical id (the old one leaves the stack)', () => {
    const current = changed((s) => {
      const resources = s[STATEFUL]!.Resources;
      resources[`${table}Renamed`] = resources[table]!;
      delete resources[table];
    });
    expect(checkUpgrade(previous, current, []).undeclared).toEqual([
      expect.objectContaining({ logicalId: table, kind: 'orphan' }),
    ]);
  });

  it('fails when the user pool leaves the stack, a retained key leaves it, a bucket is renamed or a queue replaced', () => {
    const pool = logicalIdOf('AWS::Cognito::UserPool');
    const bucket = logicalIdOf('AWS::S3::Bucket', 'assets');
    const key = logicalIdOf('AWS::KMS::Key', 'MetaTokens');
    const [queue] = Object.entries(previous['adsmith-prod-stateless']!.Resources!).find(
      ([, r]) => r.Type === 'AWS::SQS::Queue',
    )!;
    const current = changed((s) => {
      delete s[STATEFUL]!.Resources[pool];
      delete s[STATEFUL]!.Resources[key];
      s[STATEFUL]!.Resources[bucket]!.Properties.BucketName = 'adsmith-prod-assets-renamed';
      s['adsmith-prod-stateless']!.Resources[queue]!.Properties.FifoQueue = true;
    });
    const found = checkUpgrade(previous, current, []).undeclared.map((c) => [c.logicalId, c.kind, c.causes]);
    expect(found).toEqual(
      expect.arrayContaining([
        [pool, 'orphan', []],
        [key, 'orphan', []],
        [bucket, 'replace', ['BucketName']],
        [queue, 'replace', ['FifoQueue']],
      ]),
    );
    expect(found).toHaveLength(4);
  });

  it('fails when a stateful resource loses its Retain policy, and when a whole stack goes', () => {
    const lostRetain = changed((s) => {
      s[STATEFUL]!.Resources[table]!.DeletionPolicy = 'Delete';
    });
    expect(checkUpgrade(previous, lostRetain, []).undeclared).toEqual([
      expect.objectContaining({ logicalId: table, kind: 'loses-retain' }),
    ]);
    const withoutEdge = changed((s) => {
      delete s['adsmith-prod-edge'];
    });
    const gone = checkUpgrade(previous, withoutEdge, []).undeclared;
    expect(gone.map((c) => c.stack)).toEqual(Array(gone.length).fill('adsmith-prod-edge'));
    expect(gone.length).toBe(Object.keys(previous['adsmith-prod-edge']!.Resources!).length);
  });

  it('fails when a queue (deleted with its stack, messages and all) is removed', () => {
    const dlq = Object.keys(previous['adsmith-prod-stateless']!.Resources!).find((id) => id.includes('Dlq'))!;
    const current = changed((s) => {
      delete s['adsmith-prod-stateless']!.Resources[dlq];
    });
    expect(checkUpgrade(previous, current, []).undeclared).toEqual([
      { stack: 'adsmith-prod-stateless', logicalId: dlq, type: 'AWS::SQS::Queue', kind: 'delete', causes: [] },
    ]);
  });

  it('fails on a declaration that matches no change (it leaves with its release)', () => {
    const stale = declare({ logicalId: 'NoSuchTable' });
    expect(checkUpgrade(previous, structuredClone(previous), [stale]).unused).toEqual([stale]);
  });
});
