import type { Audience, AudienceList } from '@shared/schemas/audiences';
import * as z from 'zod';
import { AppError } from '../lib/errors';
import { ownedAdAccount } from '../lib/meta-session/ad-accounts';
import type { MetaSession } from '../lib/meta-session/session';
import { AUDIENCE_FIELDS, GraphAudienceSchema, toAudience } from './audience-shape';
import { customAudienceTermsUrl } from '../lib/customer-lists/meta-audience-errors';
import type { UploadPermissionDeps } from './customer-upload-permission';
import { mayUploadCustomers } from './customer-upload-permission';

/** Pages of 100 read at most: 500 audiences (Meta allows 500 customer lists an account). */
const MAX_PAGES = 5;
const TermsSchema = z.object({
  tos_accepted: z.record(z.string(), z.number()).optional(),
});

export async function readAudience(session: MetaSession, audienceId: string): Promise<Audience> {
  const graph = await session.graph.get(audienceId, { fields: AUDIENCE_FIELDS }, GraphAudienceSchema);
  const audience = toAudience(graph);
  if (!audience) throw new AppError('NOT_FOUND', 'That audience is not one Adsmith makes.');
  return audience;
}

export async function listAudiences(
  session: MetaSession,
  adAccountId: string,
  deps: UploadPermissionDeps & { facebookBaseUrl: string },
): Promise<AudienceList> {
  const account = await ownedAdAccount(session, adAccountId);
  const [page, terms, canUpload] = await Promise.all([
    session.graph.paginate(
      `${account.id}/customaudiences`,
      { fields: AUDIENCE_FIELDS, limit: 100 },
      GraphAudienceSchema,
      { maxPages: MAX_PAGES },
    ),
    session.graph.get(account.id, { fields: 'tos_accepted' }, TermsSchema),
    mayUploadCustomers(session.user, deps),
  ]);
  return {
    items: page.items.flatMap((graph) => toAudience(graph) ?? []),
    customerListTerms: {
      accepted: terms.tos_accepted?.custom_audience_tos === 1,
      url: customAudienceTermsUrl(deps.facebookBaseUrl, account.id),
    },
    canUploadCustomers: canUpload,
  };
}
