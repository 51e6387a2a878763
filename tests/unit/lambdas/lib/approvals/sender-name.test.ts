import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableName } from '@infra/twin/function-environment';
import { defaultSenderName, senderNameSources } from '@lambdas/lib/approvals/sender-name';
import { writeReportSettings } from '@lambdas/lib/reports/report-store';
import { PRODUCT_NAME } from '@shared/constants';
import { tableKey } from '@shared/table-keys';
import { startLocalAws } from '@tests/support/local-aws';

const sources = (reportSenderName?: string, workspaceName?: string) => ({
  reportSenderName: async () => reportSenderName,
  workspaceName: async () => workspaceName,
});

describe('the From name when the sender gave none', () => {
  it('is the Reports sender name first, then the workspace’s name', async () => {
    expect(await defaultSenderName(sources('Northwind Media', 'Bakery client'))).toBe('Northwind Media');
    expect(await defaultSenderName(sources(undefined, 'Bakery client'))).toBe('Bakery client');
  });

  it('is never empty: blank names are skipped, and with none at all it is the product’s', async () => {
    expect(await defaultSenderName(sources('   ', '  '))).toBe(PRODUCT_NAME);
    expect(await defaultSenderName(sources())).toBe(PRODUCT_NAME);
  });

  it('keeps a workspace name a From header can carry: quotes and angle brackets become spaces, cut to 64', async () => {
    expect(await defaultSenderName(sources(undefined, 'Joe "The Baker" <Shop>'))).toBe('Joe The Baker Shop');
    expect(await defaultSenderName(sources(undefined, 'x'.repeat(80)))).toBe('x'.repeat(64));
  });
});

describe('the Reports sender name, read from the reports table', () => {
  let aws: Awaited<ReturnType<typeof startLocalAws>>;
  const tables = () => ({
    doc: aws.doc,
    reports: localTableName('reports'),
    memberships: localTableName('workspaceMemberships'),
  });
  beforeAll(async () => {
    aws = await startLocalAws();
  });
  afterAll(() => aws?.stop());

  it('is the name the settings were saved with, and nothing for a workspace without settings', async () => {
    const settings = {
      cadence: 'weekly' as const,
      adAccountId: 'act_1',
      recipients: [],
      senderName: 'Northwind Media',
    };
    await writeReportSettings({ doc: aws.doc, table: tables().reports }, 'ws-saved', settings, new Date());
    expect(await senderNameSources(tables(), 'ws-saved', undefined).reportSenderName()).toBe('Northwind Media');
    expect(await senderNameSources(tables(), 'ws-none', undefined).reportSenderName()).toBeUndefined();
  });

  it('reads the name alone: settings of an older shape still give it, and a name that is not text gives none', async () => {
    const put = (workspaceId: string, settings: Record<string, unknown>) =>
      aws.doc.send(
        new PutCommand({
          TableName: tables().reports,
          Item: { ...tableKey('reports', workspaceId, 'settings'), settings },
        }),
      );
    await put('ws-older', { cadence: 'daily', senderName: 'Bakery Agency' });
    await put('ws-odd', { cadence: 'weekly', senderName: 42 });
    expect(await senderNameSources(tables(), 'ws-older', undefined).reportSenderName()).toBe('Bakery Agency');
    expect(await senderNameSources(tables(), 'ws-odd', undefined).reportSenderName()).toBeUndefined();
  });
});
