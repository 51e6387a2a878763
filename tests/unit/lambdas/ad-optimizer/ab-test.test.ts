import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdTest } from '@shared/schemas/ad-optimizer';
import type { ObjectChangeDeps } from '@lambdas/lib/meta-changes/apply-object-change';

const change = vi.hoisted(() => ({ createAdCopy: vi.fn(), deleteAdCopy: vi.fn() }));
vi.mock('@lambdas/lib/meta-changes/ad-copy-change', () => change);
const { approveAdTest, undoAdTest } = await import('@lambdas/ad-optimizer/ab-test');

const docMock = mockClient(DynamoDBDocumentClient);
const now = new Date('2026-03-10T12:00:00Z');

const proposed: AdTest = {
  id: '5b0e4a52-7a43-4c1e-9b7e-2f1d9a3c6e11',
  adAccountId: 'act_111',
  adId: '88',
  adName: 'Trail boots',
  adsetId: '77',
  status: 'proposed',
  reason: 'Its CTR fell.',
  original: { headline: 'Old', primaryText: 'Old text', description: '' },
  variants: [],
  model: 'offline',
  offline: true,
  createdAt: now.toISOString(),
};
const copy = { headline: 'New', primaryText: 'New text', description: '' };
const made = {
  adAccountId: 'act_111',
  campaignId: '42',
  adsetId: '77',
  copyAdId: '901',
  copyAdName: 'Trail boots — B',
  copyCreativeId: '900',
  after: undefined,
  reused: false,
};

function deps() {
  return {
    store: { doc: DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1' })), table: 'tests-table' },
    changes: {} as ObjectChangeDeps,
    userId: 'user-1',
    now: () => now,
  };
}
const stored = (test: AdTest, claimedAt?: number) =>
  docMock.on(GetCommand).resolves({ Item: { record: test, ...(claimedAt ? { claimed_at: claimedAt } : {}) } });
const updates = () =>
  docMock.commandCalls(UpdateCommand).map((c) => {
    const input = c.args[0].input;
    return {
      to: (input.ExpressionAttributeValues as Record<string, unknown>)[':to'],
      condition: input.ConditionExpression,
    };
  });

describe('approving a rewrite: the paused A/B copy, once', () => {
  beforeEach(() => {
    docMock.reset();
    docMock.on(UpdateCommand).resolves({});
    change.createAdCopy.mockReset().mockResolvedValue(made);
    change.deleteAdCopy.mockReset().mockResolvedValue({ deleted: true });
  });

  it('claims the rewrite, creates the copy with the approved text and key, and records it', async () => {
    stored(proposed);
    const result = await approveAdTest(deps(), proposed.id, copy);
    expect(change.createAdCopy).toHaveBeenCalledWith(expect.anything(), {
      userId: 'user-1',
      adId: '88',
      copy,
      key: proposed.id,
      source: `ad-optimizer:${proposed.id}`,
    });
    expect(result).toMatchObject({
      status: 'created',
      copyAdId: '901',
      approvedCopy: copy,
      approvedAt: now.toISOString(),
      undoUntil: '2026-03-11T12:00:00.000Z',
    });
    expect(updates()).toEqual([
      { to: 'creating', condition: '#status = :from' },
      { to: 'created', condition: '#status = :from' },
    ]);
  });

  it('refuses copy carrying the ad set’s name, a pipe or template text with a 400 naming it; nothing is sent to Meta', async () => {
    stored({ ...proposed, adsetName: 'Advantage+ audience | reach' });
    const leaked = {
      headline: 'Comfort all day',
      primaryText: 'Made for Advantage+ audience | reach',
      description: '',
    };
    await expect(approveAdTest(deps(), proposed.id, leaked)).rejects.toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('The primary text contains the ad set name “Advantage+ audience | reach”.'),
    });
    await expect(
      approveAdTest(deps(), proposed.id, { headline: 'Hi {{name}}', primaryText: 'Fine', description: '' }),
    ).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining('template text “{{name}}”') });
    expect(change.createAdCopy).not.toHaveBeenCalled();
    expect(updates()).toEqual([]);
  });

  it('a carousel’s copy needs a headline per card, each checked like the rest of the copy', async () => {
    const carousel: AdTest = {
      ...proposed,
      adsetName: 'Hikers | reach',
      original: { ...proposed.original, cardHeadlines: ['Boot 1', 'Boot 2', 'Boot 3'] },
    };
    stored(carousel);
    await expect(approveAdTest(deps(), proposed.id, copy)).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('This carousel has 3 cards'),
    });
    await expect(
      approveAdTest(deps(), proposed.id, { ...copy, cardHeadlines: ['Mud', 'Hikers | reach', 'Snow'] }),
    ).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining('ad set name “Hikers | reach”') });
    expect(change.createAdCopy).not.toHaveBeenCalled();
    const cards = { ...copy, cardHeadlines: ['Mud', 'Summits', 'Snow'] };
    await approveAdTest(deps(), proposed.id, cards);
    expect(change.createAdCopy).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ copy: cards }));
  });

  it('answers a finished approval again without creating anything', async () => {
    stored({ ...proposed, status: 'created', copyAdId: '901' });
    expect((await approveAdTest(deps(), proposed.id, copy)).copyAdId).toBe('901');
    expect(change.createAdCopy).not.toHaveBeenCalled();
    expect(updates()).toEqual([]);
  });

  it('refuses while another approval is creating the copy (409), and resumes one that died with its first text', async () => {
    const first = { headline: 'First', primaryText: 'First text', description: '' };
    stored({ ...proposed, status: 'creating', approvedCopy: first }, now.getTime() - 5_000);
    await expect(approveAdTest(deps(), proposed.id, copy)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(change.createAdCopy).not.toHaveBeenCalled();

    stored({ ...proposed, status: 'creating', approvedCopy: first }, now.getTime() - 120_000);
    await approveAdTest(deps(), proposed.id, copy);
    expect(change.createAdCopy.mock.calls[0]![1]).toMatchObject({ copy: first, key: proposed.id });
    expect(updates()[0]).toEqual({ to: 'creating', condition: '#status = :from AND claimed_at = :claimedAt' });
  });

  it('a second tab that loses the claim creates nothing', async () => {
    stored(proposed);
    docMock
      .on(UpdateCommand)
      .rejects(Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' }));
    await expect(approveAdTest(deps(), proposed.id, copy)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(change.createAdCopy).not.toHaveBeenCalled();
  });

  it('gives the rewrite back when Meta refuses, so it can be approved again', async () => {
    stored(proposed);
    change.createAdCopy.mockRejectedValue(new Error('(#100) Invalid parameter'));
    await expect(approveAdTest(deps(), proposed.id, copy)).rejects.toThrow(/Invalid parameter/);
    expect(updates().map((u) => u.to)).toEqual(['creating', 'proposed']);
  });

  it('another user’s rewrite is not found', async () => {
    docMock.on(GetCommand).resolves({});
    await expect(approveAdTest(deps(), proposed.id, copy)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('undo deletes the created copy; a rewrite without one cannot be undone', async () => {
    stored({ ...proposed, status: 'created', copyAdId: '901', approvedAt: '2026-03-10T09:00:00.000Z' });
    const undone = await undoAdTest(deps(), proposed.id);
    expect(change.deleteAdCopy).toHaveBeenCalledWith(expect.anything(), {
      userId: 'user-1',
      copyAdId: '901',
      source: `ad-optimizer-undo:${proposed.id}`,
    });
    expect(undone.status).toBe('deleted');
    stored(proposed);
    await expect(undoAdTest(deps(), proposed.id)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  const hour = 3600_000;
  const createdAt = (approvedAgoMs: number, withUntil: boolean): AdTest => {
    const approvedAt = new Date(now.getTime() - approvedAgoMs);
    return {
      ...proposed,
      status: 'created',
      copyAdId: '901',
      approvedAt: approvedAt.toISOString(),
      ...(withUntil ? { undoUntil: new Date(approvedAt.getTime() + 24 * hour).toISOString() } : {}),
    };
  };
  it.each([
    { name: 'a minute before the 24 hours end', ago: 24 * hour - 60_000, withUntil: true, allowed: true },
    { name: 'exactly at the end of the 24 hours', ago: 24 * hour, withUntil: true, allowed: true },
    { name: 'a second after the 24 hours', ago: 24 * hour + 1000, withUntil: true, allowed: false },
    { name: 'two days later', ago: 48 * hour, withUntil: true, allowed: false },
    {
      name: 'a copy made before the window was recorded, within a day',
      ago: 2 * hour,
      withUntil: false,
      allowed: true,
    },
    { name: 'a copy made before the window was recorded, days ago', ago: 72 * hour, withUntil: false, allowed: false },
  ])('undo $name: allowed = $allowed', async ({ ago, withUntil, allowed }) => {
    stored(createdAt(ago, withUntil));
    if (allowed) {
      expect((await undoAdTest(deps(), proposed.id)).status).toBe('deleted');
      expect(change.deleteAdCopy).toHaveBeenCalledTimes(1);
      return;
    }
    await expect(undoAdTest(deps(), proposed.id)).rejects.toMatchObject({
      code: 'CONFLICT',
      statusCode: 409,
      message: 'The 24 hours in which this change could be undone have passed.',
    });
    // Nothing claimed, nothing sent to Meta.
    expect(change.deleteAdCopy).not.toHaveBeenCalled();
    expect(updates()).toEqual([]);
  });
});

describe('approving a one-element test', () => {
  const variant = {
    angle: 'benefit' as const,
    headline: 'Old',
    primaryText: 'Old text',
    description: '',
    callToAction: 'SHOP_NOW' as const,
  };
  const elementTest: AdTest = {
    ...proposed,
    original: { ...proposed.original, callToAction: 'LEARN_MORE' },
    variants: [variant],
    elementTest: {
      element: 'callToAction',
      elementLabel: 'Call to action',
      control: 'LEARN_MORE',
      controlLabel: 'Learn more',
      variant: 'SHOP_NOW',
      variantLabel: 'Shop now',
      basis: 'winner',
      probability: 0.99,
      groupLabel: 'Sales · Purchases',
      why: 'Call to action “Shop now” won.',
      expectedEffect: 'Expected: a lower cost per result.',
      controlElements: { angle: 'benefit', callToAction: 'LEARN_MORE', offer: 'No offer', language: 'en' },
    },
  };
  const withElements = () => ({
    ...deps(),
    elements: { doc: DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1' })), table: 'elements' },
  });

  beforeEach(() => {
    docMock.reset();
    docMock.on(UpdateCommand).resolves({});
    docMock.on(PutCommand).resolves({});
    change.createAdCopy.mockReset().mockResolvedValue(made);
  });

  it('sends the copy as proposed and records the copy with only the one element changed', async () => {
    stored(elementTest);
    const { angle: _angle, ...body } = variant;
    expect((await approveAdTest(withElements(), elementTest.id, body)).status).toBe('created');
    expect(change.createAdCopy).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ copy: body }));
    const put = docMock.commandCalls(PutCommand)[0]!.args[0].input;
    expect(put.TableName).toBe('elements');
    expect(put.ConditionExpression).toBe('attribute_not_exists(ad_id)');
    expect(put.Item).toMatchObject({
      ad_account_id: 'act_111',
      ad_id: '901',
      source: 'adsmith',
      record: { elements: { angle: 'benefit', callToAction: 'SHOP_NOW', offer: 'No offer', language: 'en' } },
    });
  });

  it('refuses edited words: they would test more than the one element (400, nothing made)', async () => {
    stored(elementTest);
    await expect(
      approveAdTest(withElements(), elementTest.id, { ...variant, headline: 'Edited' }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('This test changes only the call to action'),
    });
    expect(change.createAdCopy).not.toHaveBeenCalled();
    expect(docMock.commandCalls(PutCommand)).toHaveLength(0);
  });
});
