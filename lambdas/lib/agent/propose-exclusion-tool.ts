import * as z from 'zod';
import { AppError, conflict, notFound, validationError } from '../errors';
import { excludedAudienceIdsOf } from '../meta-changes/object-shapes';
import { GraphError } from '../meta/graph-errors';
import { ownedAdAccount, toAdAccount } from '../meta-session/ad-accounts';
import { EXCLUSION_EFFECT, exclusionChange } from '../optimizer/audience-exclusion';
import type { AgentToolContext } from './agent-context';
import { refuseUnlessAllowed, storeChangeSet, workspaceObject } from './propose-tools';
import { defineTool } from './tool-registry';

/**
 * The agent's proposal to leave a custom audience out of ad sets (issue 30, req 3), e.g. "exclude my customer list
 * from this acquisition campaign": a pending change set in the optimizer's drawer, one change per ad set that does
 * not leave it out yet, applied only when a person approves it (the same lock, audit rows and undo as every change).
 */
const IdSchema = z.string().regex(/^\d{1,30}$/, 'A Meta object id is numeric');
const AudienceSchema = z.object({ id: z.string(), name: z.string(), account_id: z.string() });
const AdSetIdsSchema = z.object({ data: z.array(z.object({ id: z.string() })) });

export const proposeAudienceExclusionTool = defineTool({
  name: 'propose_audience_exclusion',
  kind: 'propose',
  description:
    "Propose leaving a custom audience (e.g. the customer list) out of ad sets: the audience's id and either ad set ids or a campaign id (all its ad sets). Nothing changes until a person approves it in the optimizer drawer.",
  args: () =>
    z
      .object({
        audienceId: IdSchema,
        adSetIds: z.array(IdSchema).min(1).max(20).optional(),
        campaignId: IdSchema.optional(),
      })
      .strict()
      .refine((a) => (a.adSetIds === undefined) !== (a.campaignId === undefined), {
        message: 'Give either adSetIds or campaignId',
        path: ['adSetIds'],
      }),
  run: async (args, ctx: AgentToolContext) => {
    refuseUnlessAllowed(ctx, 'propose_audience_exclusion');
    const session = await ctx.session();
    // Another workspace's audience is refused by Meta under this token, or is not in one of this connection's accounts.
    const audience = await session.graph
      .get(args.audienceId, { fields: 'id,name,account_id' }, AudienceSchema)
      .catch((error: unknown) => {
        const refused =
          (error instanceof GraphError && error.kind === 'meta') ||
          (error instanceof AppError && error.code === 'NOT_FOUND');
        throw refused ? notFound(`No custom audience ${args.audienceId} in this workspace's ad accounts.`) : error;
      });
    const account = toAdAccount(await ownedAdAccount(session, `act_${audience.account_id}`));
    const adSetIds =
      args.adSetIds ??
      (await session.graph.get(`${args.campaignId}/adsets`, { fields: 'id', limit: 50 }, AdSetIdsSchema)).data.map(
        (a) => a.id,
      );
    const changes = [];
    let campaignId = args.campaignId ?? '';
    for (const id of adSetIds) {
      const { object } = await workspaceObject(session, 'adset', id);
      if (object.account_id !== audience.account_id)
        throw validationError(`${object.name} is in another ad account than the audience “${audience.name}”.`);
      campaignId ||= 'campaign_id' in object ? object.campaign_id : '';
      const targeting = 'targeting' in object ? object.targeting : undefined;
      const names = new Map(
        (targeting?.excluded_custom_audiences ?? []).map((a) => [a.id, typeof a.name === 'string' ? a.name : a.id]),
      );
      const change = exclusionChange(
        {
          id: object.id,
          name: object.name,
          status: object.status,
          excluded: excludedAudienceIdsOf(object).map((x) => ({ id: x, name: names.get(x) ?? x })),
        },
        { id: audience.id, name: audience.name },
      );
      if (change) changes.push(change);
    }
    if (changes.length === 0) throw conflict(`Every one of those ad sets already leaves “${audience.name}” out.`);
    const title = `Leave “${audience.name}” out of ${changes.length === 1 ? changes[0]!.objectName : `${changes.length} ad sets`}`;
    return storeChangeSet(
      ctx,
      {
        kind: 'agent_proposal',
        level: 'adset',
        objectId: changes[0]!.objectId,
        objectName: changes[0]!.objectName,
        campaignId,
        title,
        why: `Asked in the agent's conversation: ${changes.map((c) => c.objectName).join(', ')} still reach the people of “${audience.name}”.`,
        evidence: { adSets: changes.length },
        expectedEffect: EXCLUSION_EFFECT,
        valuePerWeek: 0,
        confidence: 0,
        changes,
        adAccountId: account.id,
        currency: account.currency,
      },
      { audience: audience.id, adSets: changes.map((c) => c.objectId) },
    );
  },
});
