import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDesign } from '@shared/graphics/design-schema';
import { CampaignDraftSchema } from '@shared/schemas/campaign-plan';
import { CreativeElementRecordSchema } from '@shared/schemas/creative-report';
import { ExportReplySchema } from '@shared/schemas/graphics';
import { encodePng } from '@infra/twin/openai/prompt-image';
import { localTableName } from '@infra/twin/function-environment';
import { twinDocumentClient } from '../ai/ai-user';
import { mugsBrief } from './publishing-user';
import { readyToPublish } from './ready-to-publish';
import { connectMeta, freshUser, type FreshUser } from '../meta-api/meta-user';

/**
 * Issue 29 req 4 on the twin: an ad whose image was exported from a graphics design is recorded with that design's
 * elements (template, layout, colour scheme, kind of picture, offer) beside its plan's (angle, call to action,
 * format, language), so the creative report can rank them. Through every function on the way: upload, design,
 * export, the ad account's library, the campaign generator's publish.
 */

let user: FreshUser;
let usdAccount: string;
const doc = twinDocumentClient();

async function json(reply: Response, status: number) {
  const text = await reply.text();
  expect(reply.status, text).toBe(status);
  return JSON.parse(text) as Record<string, unknown>;
}

async function uploadProductPhoto(): Promise<{ id: string; key: string }> {
  const pixels = new Uint8Array(1200 * 1200 * 3).fill(150);
  const bytes = encodePng(1200, 1200, pixels);
  const ticket = await json(
    await user.call('/api/graphics/uploads', {
      method: 'POST',
      body: JSON.stringify({ purpose: 'product', fileName: 'mug.png', contentType: 'image/png', size: bytes.length }),
    }),
    201,
  );
  const put = await fetch(String(ticket.uploadUrl), {
    method: 'PUT',
    body: new Uint8Array(bytes),
    headers: ticket.headers as Record<string, string>,
  });
  expect(put.status).toBe(200);
  const asset = await json(
    await user.call(`/api/graphics/uploads/${String(ticket.uploadId)}/confirm`, { method: 'POST' }),
    200,
  );
  return { id: String(asset.id), key: String(asset.key) };
}

beforeAll(async () => {
  user = await freshUser('cg-elements');
  await connectMeta(user);
  const accounts = await json(await user.call('/api/meta/ad-accounts'), 200);
  usdAccount = (accounts.data as Array<{ id: string; currency: string }>).find((a) => a.currency === 'USD')!.id;
});

afterAll(async () => {
  await user.remove();
});

describe('creative elements of a published ad made from a design', () => {
  it("records the design's template, layout, colours, picture and offer with the plan's elements", async () => {
    const photo = await uploadProductPhoto();
    const design = defaultDesign({ templateId: 'offer-badge', align: 'left' });
    design.texts = { ...design.texts, headline: 'Spring mugs', badge: '-30 %' };
    design.colours = { background: '#ffffff', text: '#111827', accent: '#2563eb', onAccent: '#ffffff' };
    design.images = { product: { kind: 'asset', key: photo.key, width: 1200, height: 1200, mimeType: 'image/png' } };
    const saved = await json(
      await user.call('/api/graphics/designs', { method: 'POST', body: JSON.stringify({ name: 'Mugs', design }) }),
      201,
    );
    const exported = ExportReplySchema.parse(
      await json(
        await user.call(`/api/graphics/designs/${String(saved.id)}/exports`, {
          method: 'POST',
          body: JSON.stringify({ version: saved.version, sizes: ['square'], format: 'png' }),
        }),
        201,
      ),
    );
    const assetId = exported.images[0]!.id;
    const sent = await json(
      await user.call('/api/graphics/meta-images', {
        method: 'POST',
        body: JSON.stringify({ adAccountId: usdAccount, assetIds: [assetId] }),
      }),
      200,
    );
    const hash = (sent.images as Array<{ hash: string }>)[0]!.hash;

    const made = await json(
      await user.call('/api/campaign-generator/drafts', {
        method: 'POST',
        body: JSON.stringify(mugsBrief(usdAccount, { images: [{ hash, name: 'mugs.png', assetId }] })),
      }),
      201,
    );
    const draft = await readyToPublish(user, usdAccount, CampaignDraftSchema.parse(made));
    const published = CampaignDraftSchema.parse(
      await json(
        await user.call(`/api/campaign-generator/drafts/${draft.id}/publish`, {
          method: 'POST',
          body: JSON.stringify({ publishKey: 'elements-publish-0001' }),
        }),
        200,
      ),
    );
    const adIds = published.publish!.steps.filter((step) => step.kind === 'ad').map((step) => step.id);
    expect(adIds.length).toBeGreaterThanOrEqual(2);

    const rows = await doc.send(
      new QueryCommand({
        TableName: localTableName('creativeElements'),
        KeyConditionExpression: 'ad_account_id = :a',
        ExpressionAttributeValues: { ':a': usdAccount },
      }),
    );
    const records = (rows.Items ?? [])
      .map((item) => CreativeElementRecordSchema.parse(item.record))
      .filter((record) => adIds.includes(record.adId));
    expect(records.map((r) => r.adId).sort()).toEqual([...adIds].sort());
    for (const record of records) {
      expect(record.source).toBe('adsmith');
      expect(record.elements).toMatchObject({
        template: 'offer-badge',
        layout: 'Left-aligned, product shot',
        colourScheme: 'Light, blue accent',
        imageKind: 'product',
        offer: 'Percent off',
        format: 'single_image',
        language: 'en',
      });
      expect(record.elements.callToAction).toBeTruthy();
    }
  }, 180_000);
});
