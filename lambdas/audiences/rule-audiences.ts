import * as z from 'zod';
import type { Audience } from '@shared/schemas/audiences';
import type {
  CreateEngagementAudienceBodySchema,
  CreateLookalikeBodySchema,
  CreateWebsiteAudienceBodySchema,
} from '@shared/schemas/audiences';
import { AppError } from '../lib/errors';
import { deleteHashes, type CustomerHashStore } from '../lib/customer-lists/customer-hash-store';
import { ownedAdAccount } from '../lib/meta-session/ad-accounts';
import type { MetaSession } from '../lib/meta-session/session';
import { readAudience } from './read-audiences';

/**
 * Website visitors, Page engagers and lookalikes, made on Meta from a rule or a source (ad-account/customaudiences,
 * "Creating"): a website audience's rule names the account's pixel with `retention_seconds` and a `filter` (Meta
 * requires one, so "every visitor" is `url i_contains ""`); an engagement audience's names its Page; a lookalike
 * gives `origin_audience_id` and `lookalike_spec {country, ratio}` (guides/lookalike-audiences).
 */
const CreatedSchema = z.object({ id: z.string() });
const AssetsSchema = z.object({ data: z.array(z.object({ id: z.string() })) });

type WebsiteBody = z.output<typeof CreateWebsiteAudienceBodySchema>;
type EngagementBody = z.output<typeof CreateEngagementAudienceBodySchema>;
type LookalikeBody = z.output<typeof CreateLookalikeBodySchema>;

function rule(source: { type: 'pixel' | 'page'; id: string }, retentionDays: number, filters: object[]) {
  return {
    inclusions: {
      operator: 'or',
      rules: [
        {
          event_sources: [source],
          retention_seconds: retentionDays * 86_400,
          filter: { operator: 'and', filters },
        },
      ],
    },
  };
}

async function firstAsset(session: MetaSession, path: string, missing: string): Promise<string> {
  const list = await session.graph.get(path, { fields: 'id', limit: 1 }, AssetsSchema);
  const id = list.data[0]?.id;
  if (!id) throw new AppError('CONFLICT', missing);
  return id;
}

export async function createWebsiteAudience(
  session: MetaSession,
  adAccountId: string,
  body: WebsiteBody,
): Promise<{ audience: Audience }> {
  const account = await ownedAdAccount(session, adAccountId);
  const pixelId = await firstAsset(session, `${account.id}/adspixels`, 'This ad account has no pixel yet.');
  const filters = [
    body.event === 'any'
      ? { field: 'url', operator: 'i_contains', value: body.urlContains ?? '' }
      : { field: 'event', operator: 'eq', value: body.event },
    ...(body.event !== 'any' && body.urlContains
      ? [{ field: 'url', operator: 'i_contains', value: body.urlContains }]
      : []),
  ];
  const { id } = await session.graph.post(
    `${account.id}/customaudiences`,
    {
      name: body.name,
      subtype: 'WEBSITE',
      rule: rule({ type: 'pixel', id: pixelId }, body.retentionDays, filters),
      prefill: true,
    },
    CreatedSchema,
  );
  return { audience: await readAudience(session, id) };
}

export async function createEngagementAudience(
  session: MetaSession,
  adAccountId: string,
  body: EngagementBody,
): Promise<{ audience: Audience }> {
  const account = await ownedAdAccount(session, adAccountId);
  const pageId = await firstAsset(session, `${account.id}/promote_pages`, 'This ad account has no Facebook Page.');
  const { id } = await session.graph.post(
    `${account.id}/customaudiences`,
    {
      name: body.name,
      subtype: 'ENGAGEMENT',
      rule: rule({ type: 'page', id: pageId }, body.retentionDays, [
        { field: 'event', operator: 'eq', value: 'page_engaged' },
      ]),
      prefill: true,
    },
    CreatedSchema,
  );
  return { audience: await readAudience(session, id) };
}

export async function createLookalike(
  session: MetaSession,
  adAccountId: string,
  body: LookalikeBody,
): Promise<{ audience: Audience }> {
  const account = await ownedAdAccount(session, adAccountId);
  const { id } = await session.graph.post(
    `${account.id}/customaudiences`,
    {
      name: body.name,
      subtype: 'LOOKALIKE',
      origin_audience_id: body.sourceId,
      lookalike_spec: { country: body.country, ratio: body.percent / 100 },
    },
    CreatedSchema,
  );
  return { audience: await readAudience(session, id) };
}

/**
 * Deletes an audience of the account (NOT_FOUND for one of another account, so ids cannot be probed), and the
 * hashes kept of a customer list with it: they are kept only as long as the audience exists (issue 30, req 4).
 */
export async function deleteAudience(
  session: MetaSession,
  adAccountId: string,
  audienceId: string,
  deps: { hashes: CustomerHashStore },
): Promise<{ deleted: true }> {
  const account = await ownedAdAccount(session, adAccountId);
  const owner = await session.graph.get(audienceId, { fields: 'account_id' }, z.object({ account_id: z.string() }));
  if (`act_${owner.account_id}` !== account.id)
    throw new AppError('NOT_FOUND', 'That audience is not in this ad account.');
  await session.graph.delete(audienceId);
  await deleteHashes(deps.hashes, session.user.sub, audienceId);
  return { deleted: true };
}
