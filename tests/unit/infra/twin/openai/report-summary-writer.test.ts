import { describe, expect, it } from 'vitest';
import { writeReportSummary as offlineSummary } from '@infra/twin/openai/report-summary-writer';
import { reportSummaryInput, reportSummaryPrompt } from '@lambdas/lib/ai/prompts/report-summary';
import { writeReportSummary } from '@lambdas/lib/reports/report-summary';
import { sampleReportData } from '@tests/support/report-fixtures';

const data = sampleReportData();
const messages = () => reportSummaryPrompt.build(reportSummaryInput(data)) as Parameters<typeof offlineSummary>[0];

describe('the offline model’s report summary', () => {
  it('writes from the prompt’s data only: every number it quotes passes the report’s check', async () => {
    const reply = offlineSummary(messages());
    expect(reply.summary).toContain('The account spent $');
    expect(reply.summary).toMatch(/did best at/);
    // Changes as the report shows them (one decimal), not the raw ratio's sixteen digits.
    expect(reply.summary).not.toMatch(/\d\.\d{3,}%/);
    expect(await writeReportSummary(data, async () => reply)).toEqual({ text: reply.summary, source: 'ai' });
  });

  it('answers an empty summary (refused by the schema, so the template is used) when there is no data', () => {
    expect(offlineSummary([{ role: 'user', content: 'no JSON here' }])).toEqual({ summary: '' });
  });
});
