import * as z from 'zod';
import type { RuleScope } from '@shared/schemas/rules';
import { isAppError, validationError } from '../errors';
import type { GraphClient } from '../meta/graph-client';

const GraphAudienceSchema = z.looseObject({ id: z.string(), account_id: z.string().optional() });

const digits = (adAccountId: string) => adAccountId.replace(/^act_/, '');

/**
 * A rule limited to a custom audience names one of its own ad account's audiences: read on Meta (with the user's
 * token, so only an audience the connection can see), refused with 400 naming `scope.audience.id` when Meta does not
 * know it or it belongs to another account (a rule on one account could otherwise never match, silently).
 */
export async function assertRuleAudience(graph: GraphClient, scope: RuleScope): Promise<void> {
  const audience = scope.audience;
  if (!audience) return;
  const refuse = () => {
    const message = `The audience ${audience.id} is not a custom audience of the ad account ${scope.adAccountId}.`;
    return validationError(message, { 'scope.audience.id': message });
  };
  let found: z.infer<typeof GraphAudienceSchema>;
  try {
    found = await graph.get(`/${audience.id}`, { fields: 'id,account_id' }, GraphAudienceSchema);
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') throw refuse();
    throw error;
  }
  if (!found.account_id || digits(found.account_id) !== digits(scope.adAccountId)) throw refuse();
}
