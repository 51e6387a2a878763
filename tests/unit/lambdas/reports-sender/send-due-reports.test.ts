import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DeleteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ReportSettings } from '@shared/schemas/reports';
import { tableKey } from '@shared/table-keys';
import { localTableName } from '@infra/twin/function-environment';
import { listReportSends, writeReportSettings, STALE_CLAIM_MS } from '@lambdas/lib/reports/report-store';
import { sendDueReports, type SenderDeps } from '@lambdas/reports-sender/send-due-reports';
import type { ReportImages } from '@lambdas/lib/reports/report-pdf';
import { pdfPageImageCounts } from '@tests/support/pdf-text';
import { solidPng } from '@tests/support/png';
import { startLocalAws } from '@tests/support/local-aws';
import { adAccounts, fakeSession, type GraphCall } from '../lib/meta-session/fake-session';

/**
 * The scheduled send against the twin's DynamoDB (dynalite): each (workspace, period) is claimed by a conditional
 * put before the email goes, so two ticks at once, or one after another, send a period once.
 */
let aws: Awaited<ReturnType<typeof startLocalAws>>;
let table: string;

const NOW = new Date('2026-11-24T09:00:00Z'); // a Tuesday: the last whole week is 16–22 November
const settings: ReportSettings = {
  cadence: 'weekly',
  adAccountId: 'act_111',
  recipients: ['client@example.com', 'boss@example.com'],
  senderName: 'Northwind Agency',
};

const graph = (call: GraphCall) => {
  if (call.path === '/me/adaccounts') return adAccounts;
  if (call.path === '/act_111/insights') {
    return { data: [{ spend: '70.00', impressions: '7000', reach: '3000', date_start: '2026-11-16' }] };
  }
  throw new Error(`unexpected Graph call ${call.path}`);
};

function deps(overrides: Partial<SenderDeps> = {}) {
  const sent: { recipients: readonly string[]; periodKey: string; pdfBytes: number }[] = [];
  const value: SenderDeps = {
    store: { doc: aws.doc, table },
    openSession: async () => fakeSession(graph, NOW).session,
    sources: () => ({ changes: async () => [], brand: async () => ({ colours: ['#123456'], hasLogo: false }) }),
    send: async (recipients, data, pdf) => {
      sent.push({ recipients, periodKey: data.period.key, pdfBytes: pdf.byteLength });
      return `message-${sent.length}`;
    },
    now: NOW,
    log: () => undefined,
    ...overrides,
  };
  return { deps: value, sent };
}

async function clearWorkspace(workspaceId: string) {
  const items = await aws.doc.send(
    new QueryCommand({
      TableName: table,
      KeyConditionExpression: 'workspace_id = :w',
      ExpressionAttributeValues: { ':w': workspaceId },
    }),
  );
  for (const item of items.Items ?? []) {
    await aws.doc.send(new DeleteCommand({ TableName: table, Key: tableKey('reports', workspaceId, item.item_key) }));
  }
}

beforeAll(async () => {
  aws = await startLocalAws();
  table = localTableName('reports');
}, 60_000);

afterAll(async () => {
  await aws.stop();
});

beforeEach(async () => {
  for (const id of ['ws-1', 'ws-2', 'ws-off']) await clearWorkspace(id);
});

describe('sendDueReports', () => {
  it('sends the last whole week once to the recipients, and records the send', async () => {
    await writeReportSettings({ doc: aws.doc, table }, 'ws-1', settings, NOW);
    const { deps: d, sent } = deps();
    expect(await sendDueReports(d)).toEqual({ sent: 1, alreadySent: 0, failed: 0 });
    expect(sent).toEqual([
      { recipients: settings.recipients, periodKey: 'weekly:2026-11-16', pdfBytes: expect.any(Number) },
    ]);
    expect(sent[0]!.pdfBytes).toBeGreaterThan(1000);
    expect(await listReportSends({ doc: aws.doc, table }, 'ws-1')).toEqual([
      {
        periodKey: 'weekly:2026-11-16',
        since: '2026-11-16',
        until: '2026-11-22',
        status: 'sent',
        recipients: 2,
        at: NOW.toISOString(),
      },
    ]);
  });

  it('never sends a period twice: two ticks at once, then a later tick', async () => {
    await writeReportSettings({ doc: aws.doc, table }, 'ws-1', settings, NOW);
    await writeReportSettings({ doc: aws.doc, table }, 'ws-2', { ...settings, recipients: ['a@example.com'] }, NOW);
    const { deps: d, sent } = deps();
    const [first, second] = await Promise.all([sendDueReports(d), sendDueReports(d)]);
    expect(first.sent + second.sent).toBe(2);
    expect(first.alreadySent + second.alreadySent).toBe(2);
    const later = await sendDueReports({ ...d, now: new Date(NOW.getTime() + 3_600_000) });
    expect(later).toEqual({ sent: 0, alreadySent: 2, failed: 0 });
    expect(sent.map((s) => s.recipients.length).sort()).toEqual([1, 2]);
  });

  it("reads the period in the ad account's time zone: Sunday evening in New York is still last week's Sunday", async () => {
    await writeReportSettings({ doc: aws.doc, table }, 'ws-1', settings, NOW);
    // Monday 03:00 UTC is Sunday 22:00 in New York (the account's zone): the whole week that ended is 9–15 November.
    const mondayUtc = new Date('2026-11-23T03:00:00Z');
    const { deps: d, sent } = deps({ now: mondayUtc, openSession: async () => fakeSession(graph, mondayUtc).session });
    expect(await sendDueReports(d)).toEqual({ sent: 1, alreadySent: 0, failed: 0 });
    expect(sent.map((s) => s.periodKey)).toEqual(['weekly:2026-11-09']);
  });

  it("passes the brand kit's logo to the email and draws it in the PDF", async () => {
    await writeReportSettings({ doc: aws.doc, table }, 'ws-1', settings, NOW);
    const logo = solidPng(64, [0, 0, 0]);
    const images: ReportImages[] = [];
    const { deps: d } = deps({
      sources: () => ({
        changes: async () => [],
        brand: async () => ({ colours: ['#123456'], hasLogo: true }),
        logo: async () => logo,
      }),
      send: async (_recipients, _data, pdf, pictures) => {
        images.push(pictures);
        expect((await pdfPageImageCounts(pdf))[0]).toBe(1);
        return 'message-1';
      },
    });
    expect(await sendDueReports(d)).toEqual({ sent: 1, alreadySent: 0, failed: 0 });
    expect(images[0]?.logoPng).toEqual(logo);
  });

  it('skips a workspace whose reports are off (not in the index)', async () => {
    await writeReportSettings({ doc: aws.doc, table }, 'ws-off', { ...settings, cadence: 'off' }, NOW);
    const { deps: d, sent } = deps();
    expect(await sendDueReports(d)).toEqual({ sent: 0, alreadySent: 0, failed: 0 });
    expect(sent).toEqual([]);
  });

  it('gives the claim back when Meta could not be read, so the next tick sends', async () => {
    await writeReportSettings({ doc: aws.doc, table }, 'ws-1', settings, NOW);
    const failing = deps({ openSession: () => Promise.reject(new Error('Meta down')) });
    expect(await sendDueReports(failing.deps)).toEqual({ sent: 0, alreadySent: 0, failed: 1 });
    const claim = await aws.doc.send(
      new GetCommand({ TableName: table, Key: tableKey('reports', 'ws-1', 'send#weekly:2026-11-16') }),
    );
    expect(claim.Item).toBeUndefined();
    const { deps: d, sent } = deps();
    expect(await sendDueReports(d)).toEqual({ sent: 1, alreadySent: 0, failed: 0 });
    expect(sent).toHaveLength(1);
  });

  it('keeps an email SES refused as failed and does not send it again', async () => {
    await writeReportSettings({ doc: aws.doc, table }, 'ws-1', settings, NOW);
    const refused = deps({ send: () => Promise.reject(new Error('MessageRejected')) });
    expect(await sendDueReports(refused.deps)).toEqual({ sent: 0, alreadySent: 0, failed: 1 });
    const { deps: d, sent } = deps();
    expect(await sendDueReports(d)).toEqual({ sent: 0, alreadySent: 1, failed: 0 });
    expect(sent).toEqual([]);
    const [send] = await listReportSends({ doc: aws.doc, table }, 'ws-1');
    expect(send).toMatchObject({ status: 'failed', error: 'The email could not be sent.' });
  });

  it('takes over a claim left sending by a sender that died, once it is stale', async () => {
    await writeReportSettings({ doc: aws.doc, table }, 'ws-1', settings, NOW);
    const dying = deps({ send: () => new Promise(() => undefined) });
    void sendDueReports(dying.deps);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const soon = deps({ now: new Date(NOW.getTime() + 60_000) });
    expect(await sendDueReports(soon.deps)).toEqual({ sent: 0, alreadySent: 1, failed: 0 });
    const late = deps({ now: new Date(NOW.getTime() + STALE_CLAIM_MS + 60_000) });
    expect(await sendDueReports(late.deps)).toEqual({ sent: 1, alreadySent: 0, failed: 0 });
  });
});
