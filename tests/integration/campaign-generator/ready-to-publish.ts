import { expect } from 'vitest';
import { CampaignDraftSchema, type CampaignDraft } from '@shared/schemas/campaign-plan';
import type { FreshUser } from '../meta-api/meta-user';

/** The offline model's plan may name interests Meta does not know (blocking): name one Meta knows and save. */
export async function readyToPublish(user: FreshUser, account: string, draft: CampaignDraft): Promise<CampaignDraft> {
  const plan = structuredClone(draft.plan);
  const found = await (await user.call(`/api/campaign-generator/interests?adAccountId=${account}&q=hiking`)).json();
  const hiking = (found as { data: Array<{ id: string; name: string }> }).data[0]!;
  for (const set of plan.adSets) set.targeting.interests = [{ id: hiking.id, name: hiking.name }];
  const saved = await user.call(`/api/campaign-generator/drafts/${draft.id}`, {
    method: 'PUT',
    body: JSON.stringify({ plan }),
  });
  expect(saved.status).toBe(200);
  const ready = CampaignDraftSchema.parse(await saved.json());
  expect(ready.issues.filter((issue) => issue.severity === 'error')).toEqual([]);
  return ready;
}
