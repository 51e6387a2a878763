import { describe, expect, it } from 'vitest';
import { factsOf, groundAnswer } from '@lambdas/lib/agent/grounding';

const insights = {
  id: 'call_1',
  name: 'get_insights',
  content: JSON.stringify({
    ok: true,
    summary: 'Spring sale: spend 120.5, 10 results at 12.05 each',
    data: { rows: [{ name: 'Spring sale', spend: 120.5, costPerResult: 12.05, frequency: 4.37 }] },
  }),
};

describe('grounded numbers', () => {
  it('collects the numbers of a tool result, in values and inside its strings', () => {
    expect(factsOf(insights.content)).toEqual(expect.arrayContaining([120.5, 12.05, 4.37, 10]));
  });

  it('keeps figures a tool gave, also rounded as written, and names the tool result', () => {
    const answer = groundAnswer('Spring sale spent $120.50 at $12.05 a result. Its frequency is 4.4.', [insights]);
    expect(answer.text).toBe('Spring sale spent $120.50 at $12.05 a result. Its frequency is 4.4.');
    expect(answer.removed).toEqual([]);
    expect(answer.sources).toEqual(['get_insights (call_1)']);
  });

  it('removes a sentence with a figure no tool gave, and reports the figure', () => {
    const answer = groundAnswer('Spring sale spent $120.50. Its ROAS was 3.8 last week.', [insights]);
    expect(answer.text).toBe('Spring sale spent $120.50.');
    expect(answer.removed).toEqual(['3.8']);
  });

  it('does not take a miscopied figure (12.5 is not 12.05)', () => {
    expect(groundAnswer('Each result cost 12.5.', [insights]).removed).toEqual(['12.5']);
  });

  it('reads small counts as words and checks dates against the results', () => {
    expect(groundAnswer('I looked at 2 things.', []).text).toBe('I looked at 2 things.');
    expect(groundAnswer('It started on 2026-11-02.', [insights]).removed).toEqual(['2026-11-02']);
  });

  it('keeps the answer’s line breaks', () => {
    expect(groundAnswer('Spend 120.5.\n\nFrequency 4.37.', [insights]).text).toBe('Spend 120.5.\n\nFrequency 4.37.');
  });
});
