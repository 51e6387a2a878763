import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { primaryCopyLanguage } from '@lambdas/lib/business-languages/business-languages';

/** The ad optimizer's fallback language (issue 29 req 3): the business's primary one, as the engine writes it. */

const table = (item: Record<string, unknown> | undefined | Error) => ({
  table: 'graphics',
  doc: {
    send: async () => {
      if (item instanceof Error) throw item;
      return { Item: item };
    },
  } as unknown as DynamoDBDocumentClient,
});

describe('primaryCopyLanguage', () => {
  it('is the base of the first business language, English when none is chosen or it cannot be read', async () => {
    expect(await primaryCopyLanguage(table({ languages: ['es-MX', 'en'] }), 'ws-1')).toBe('es');
    expect(await primaryCopyLanguage(table(undefined), 'ws-1')).toBe('en');
    expect(await primaryCopyLanguage(undefined, 'ws-1')).toBe('en');
    const logged: string[] = [];
    expect(await primaryCopyLanguage(table(new Error('throttled')), 'ws-1', (m) => logged.push(m))).toBe('en');
    expect(logged).toEqual(['Business languages not read']);
  });
});
