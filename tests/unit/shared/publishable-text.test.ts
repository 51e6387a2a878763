import { describe, expect, it } from 'vitest';
import { internalTextFindings, publishableCopyFindings } from '@shared/publishable-text';

describe('internalTextFindings', () => {
  it('finds the ad set name the rewrite leaked (the finding of issue 25)', () => {
    const names = [{ kind: 'ad set' as const, name: 'Advantage+ audience | reach' }];
    const found = internalTextFindings('Made for Advantage+ audience | reach. Comfort all day.', { names });
    expect(found.map((f) => f.kind)).toContain('object name');
    expect(found.find((f) => f.kind === 'object name')!.text).toBe('Advantage+ audience | reach');
    // A part of the name between pipes is the same leak.
    const part = internalTextFindings('Loved by Advantage+ audience everywhere', { names });
    expect(part).toEqual([{ kind: 'object name', text: 'Advantage+ audience', what: 'the ad set name' }]);
  });

  it('refuses pipes, Meta ids, act_ ids and template residue', () => {
    expect(internalTextFindings('Loved by hikers |', {}).map((f) => f.kind)).toEqual(['pipe']);
    expect(internalTextFindings('Ad 120210000000000123 is live', {})[0]).toMatchObject({
      kind: 'id',
      text: '120210000000000123',
    });
    expect(internalTextFindings('See act_1234567', {})[0]).toMatchObject({ kind: 'id', text: 'act_1234567' });
    for (const residue of [
      'Hi {{name}}!',
      'Made for ${audience}',
      'Buy [Product Name] today',
      'For {audience}',
      'Shoes for undefined',
      'Price: NaN',
      'Great [object Object]',
      'Made for <target audience>',
    ]) {
      expect(
        internalTextFindings(residue, {}).map((f) => f.kind),
        residue,
      ).toContain('template residue');
    }
  });

  it('refuses Meta’s own words for audiences and ad sets', () => {
    expect(internalTextFindings('Chosen by Advantage+ for you', {})[0]).toMatchObject({ kind: 'object name' });
    expect(internalTextFindings('Perfect for this ad set', {})[0]).toMatchObject({ kind: 'object name' });
  });

  it('lets ordinary copy through, and a name the brief itself uses', () => {
    expect(
      internalTextFindings('Trail shoes that last. Free returns, 30 days. Only $89 — 2 for $150!', {
        names: [{ kind: 'campaign', name: 'Trail shoes' }],
        allowed: ['Trail shoes for weekend hikers'],
      }),
    ).toEqual([]);
    // A one-word name is not looked for: it would match ordinary words.
    expect(internalTextFindings('For weekend hikers', { names: [{ kind: 'ad set', name: 'Hikers' }] })).toEqual([]);
    // A phone number is not an id.
    expect(internalTextFindings('Call 555 123 4567', {})).toEqual([]);
  });
});

describe('publishableCopyFindings', () => {
  it('names the field and what was found', () => {
    const found = publishableCopyFindings(
      { headline: 'Shoes | v1', primaryText: 'Fine', description: '' },
      { names: [{ kind: 'ad set', name: 'Hikers 25-45' }] },
    );
    expect(found).toEqual([{ field: 'headline', kind: 'pipe', text: '|', what: 'a pipe (|)' }]);
  });
});
