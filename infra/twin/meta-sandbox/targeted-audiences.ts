import type { CustomAudience, CustomAudienceStore } from './custom-audiences.js';
import { DELIVERY_MIN_SIZE } from './custom-audience-size.js';
import { invalidParameter } from './graph-error.js';
import type { AdAccount } from './world.js';

/**
 * The custom audiences an ad set's targeting names, checked as Meta checks them when the ad set is created:
 * - each id is an audience of the ad set's own ad account (an id of another account, or none, is refused as Graph
 *   refuses objects the caller can't load);
 * - each is ready for use: an included audience below Meta's 100-person floor does not deliver (custom-audience-size
 *   `deliveryStatus`), so it is refused; an exclusion may be any size;
 * - a lookalike's source lives in the lookalike's ad account (the lookalike guide's `origin_audience_id`);
 * - campaigns in the housing, employment and financial categories may neither use lookalikes nor exclude audiences
 *   ("audience exclusion targeting, lookalike audiences … are limited or unavailable", Meta Business Help Center,
 *   facebook.com/business/help/2220749868045706).
 * The rules are Meta's; the codes and words of these refusals are the sandbox's (Meta's exact subcodes for them
 * were not found in its reference or in public issues), in the Graph shape with a title and message for people.
 */

export interface TargetedAudienceDeps {
  store: CustomAudienceStore;
  sizeOf: (audience: CustomAudience) => number;
}

const RESTRICTED_CATEGORIES = ['HOUSING', 'EMPLOYMENT', 'CREDIT', 'FINANCIAL_PRODUCTS_SERVICES'];

function refusal(title: string, message: string): Error {
  return invalidParameter('Invalid parameter', { userTitle: title, userMsg: message, blame: ['targeting'] });
}

function ownAudience(deps: TargetedAudienceDeps, account: AdAccount, id: string): CustomAudience {
  const audience = deps.store.audiences.get(id);
  if (!audience || audience.accountId !== account.accountId) {
    throw refusal(
      'Invalid Custom Audience',
      `The custom audience ${id} does not exist or is not an audience of act_${account.accountId}.`,
    );
  }
  if (audience.lookalike) {
    const origin = deps.store.audiences.get(audience.lookalike.originId);
    if (!origin || origin.accountId !== audience.accountId) {
      throw refusal(
        'Lookalike Source Unavailable',
        `The source of the lookalike audience ${audience.name} is not an audience of act_${account.accountId}.`,
      );
    }
  }
  return audience;
}

/** The audiences as the ad set keeps them (read back in `targeting`), once every rule above holds. */
export function checkTargetedAudiences(
  deps: TargetedAudienceDeps,
  account: AdAccount,
  specialAdCategories: readonly string[],
  included: readonly string[],
  excluded: readonly string[],
): { included: Array<{ id: string; name: string }>; excluded: Array<{ id: string; name: string }> } {
  const restricted = specialAdCategories.filter((category) => RESTRICTED_CATEGORIES.includes(category));
  const inAudiences = included.map((id) => ownAudience(deps, account, id));
  const outAudiences = excluded.map((id) => ownAudience(deps, account, id));
  for (const audience of inAudiences) {
    if (deps.sizeOf(audience) < DELIVERY_MIN_SIZE) {
      throw refusal(
        'Audience Too Small',
        `The custom audience ${audience.name} is too small to be used for ads. Add more people to it or choose another audience.`,
      );
    }
    if (audience.subtype === 'LOOKALIKE' && restricted.length > 0) {
      throw refusal(
        'Special Ad Category Restrictions',
        `Lookalike audiences are not available for ads in the special ad categories ${restricted.join(', ')}. Remove ${audience.name}.`,
      );
    }
  }
  if (outAudiences.length > 0 && restricted.length > 0) {
    throw refusal(
      'Special Ad Category Restrictions',
      `Audience exclusions are not available for ads in the special ad categories ${restricted.join(', ')}.`,
    );
  }
  const shape = (audience: CustomAudience) => ({ id: audience.id, name: audience.name });
  return { included: inAudiences.map(shape), excluded: outAudiences.map(shape) };
}

/** The ad set's `customAudiences` / `excludedCustomAudiences` for its targeting spec (none named: nothing). */
export function adSetAudiences(
  deps: TargetedAudienceDeps | undefined,
  account: AdAccount,
  specialAdCategories: readonly string[],
  spec: { customAudiences: string[]; excludedCustomAudiences: string[] },
): {
  customAudiences?: Array<{ id: string; name: string }>;
  excludedCustomAudiences?: Array<{ id: string; name: string }>;
} {
  if (spec.customAudiences.length + spec.excludedCustomAudiences.length === 0) return {};
  if (!deps) throw invalidParameter('(#100) The Adsmith Meta sandbox has no custom audiences here');
  const { included, excluded } = checkTargetedAudiences(
    deps,
    account,
    specialAdCategories,
    spec.customAudiences,
    spec.excludedCustomAudiences,
  );
  return {
    ...(included.length > 0 && { customAudiences: included }),
    ...(excluded.length > 0 && { excludedCustomAudiences: excluded }),
  };
}
