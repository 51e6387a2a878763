import { useId, useState } from 'react';
import { AB_TEST_STATUSES, type AdCard, type AdTest } from '@shared/schemas/ad-optimizer';
import type { useAdTestActions } from '../api/ad-optimizer-api';

export type RewriteActions = ReturnType<typeof useAdTestActions>;

const STATUS_ORDER: readonly AdTest['status'][] = AB_TEST_STATUSES;

export interface Draft {
  headline: string;
  primaryText: string;
  description: string;
  /** A carousel's card headlines, one per card (absent for a single-image ad). */
  cardHeadlines?: string[];
}

/** The copy a variant starts the editor with (a carousel's card headlines too). */
export function draftOf(variant: AdTest['variants'][number]): Draft {
  return {
    headline: variant.headline,
    primaryText: variant.primaryText,
    description: variant.description,
    ...(variant.cardHeadlines ? { cardHeadlines: variant.cardHeadlines } : {}),
  };
}

/** The newest rewrite of this ad the agent proposed and nobody approved yet. */
export function agentProposalFor(ad: AdCard, tests: readonly AdTest[]): AdTest | undefined {
  return tests.find((t) => t.adId === ad.id && t.status === 'proposed' && t.proposedBy !== undefined);
}

/** The rewrite drawer's state: the brief, the written variants, the chosen one and its edited copy. */
export function useRewriteFlow(ad: AdCard, tests: readonly AdTest[], actions: RewriteActions) {
  const baseId = useId();
  // The rewrite as this drawer last heard of it; the list's copy wins once it is further along. A rewrite the agent
  // proposed for this ad (issue 26) is where the drawer starts: its copy waits here for a person's approval.
  const [mine, setMine] = useState<AdTest | null>(() => agentProposalFor(ad, tests) ?? null);
  const listed = mine ? tests.find((t) => t.id === mine.id) : undefined;
  const test = listed && STATUS_ORDER.indexOf(listed.status) > STATUS_ORDER.indexOf(mine!.status) ? listed : mine;
  const [product, setProduct] = useState(ad.creative?.headline || ad.name.split(' | ')[0] || ad.name);
  // Who the ad set reaches in words (from its targeting); its name is bookkeeping and never the audience.
  const [audience, setAudience] = useState(ad.adsetAudience ?? '');
  const [variantCount, setVariantCount] = useState(3);
  const [variation, setVariation] = useState(0);
  const [chosen, setChosen] = useState(0);
  const [draft, setDraft] = useState<Draft | null>(() => {
    const first = mine?.variants[0];
    return first ? draftOf(first) : null;
  });
  const { rewrite } = actions;

  const write = (nextVariation: number) => {
    setVariation(nextVariation);
    rewrite.mutate(
      {
        adId: ad.id,
        body: {
          ...(product.trim().length >= 2 ? { product: product.trim() } : {}),
          ...(audience.trim().length >= 2 ? { audience: audience.trim() } : {}),
          variants: variantCount,
          variation: nextVariation,
        },
      },
      {
        onSuccess: (made) => {
          setMine(made);
          setChosen(0);
          const first = made.variants[0]!;
          setDraft(draftOf(first));
        },
      },
    );
  };
  const choose = (index: number) => {
    const variant = test?.variants[index];
    if (!variant) return;
    setChosen(index);
    setDraft(draftOf(variant));
  };

  return {
    baseId,
    test,
    setMine,
    product,
    setProduct,
    audience,
    setAudience,
    variantCount,
    setVariantCount,
    variation,
    chosen,
    draft,
    setDraft,
    write,
    choose,
  };
}
