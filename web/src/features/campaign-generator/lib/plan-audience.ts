import type { Audience } from '@shared/schemas/audiences';
import type { PlanAudience } from '@shared/schemas/campaign-plan';

/**
 * An audience of the account's list (the Audiences function's reading of Meta) as a plan names it. The list holds
 * only this account's audiences, so a lookalike's source is known to be here when the list has it; otherwise its
 * account is left unknown and the validator asks for a lookalike of a source in this account.
 */
export function toPlanAudience(audience: Audience, adAccountId: string, all: readonly Audience[]): PlanAudience {
  const sourceId = audience.lookalike?.sourceId;
  return {
    id: audience.id,
    name: audience.name,
    kind: audience.kind,
    adAccountId,
    sizeLower: audience.sizeLower,
    sizeUpper: audience.sizeUpper,
    deliveryCode: audience.delivery.code,
    deliveryDescription: audience.delivery.description,
    ...(sourceId && {
      source: { id: sourceId, ...(all.some((other) => other.id === sourceId) && { adAccountId }) },
    }),
  };
}

/** "1,300–1,400 people", "about 1,200 people" when Meta's bounds meet, or Meta's "below 1,000". */
export function audienceSizeWords(audience: Pick<PlanAudience, 'sizeLower' | 'sizeUpper'>): string {
  if (audience.sizeUpper <= 1000) return 'below 1,000 people';
  if (audience.sizeLower === audience.sizeUpper) return `about ${audience.sizeUpper.toLocaleString('en-US')} people`;
  return `${audience.sizeLower.toLocaleString('en-US')}–${audience.sizeUpper.toLocaleString('en-US')} people`;
}
