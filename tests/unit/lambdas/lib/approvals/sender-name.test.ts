import { describe, expect, it } from 'vitest';
import { defaultSenderName } from '@lambdas/lib/approvals/sender-name';
import { PRODUCT_NAME } from '@shared/constants';

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
