import { useQuery } from '@tanstack/react-query';
import { callToActionLabels } from '@shared/ad-copy-rules';
import { type DesignTexts, textLimits } from '@shared/graphics/design-schema';
import { apiRequest } from '@web/lib/api';

/** The newest saved ad copy, turned into design texts to prefill the editor (null when there is none). */
export function useLastAdCopyTexts(uid: string | undefined) {
  return useQuery({
    queryKey: ['ad-copy', uid, 'latest-for-graphics'],
    queryFn: async ({ signal }): Promise<Partial<DesignTexts> | null> => {
      const page = await apiRequest('aiAdCopyHistory', { query: { limit: 1 }, signal });
      const variant = page.items[0]?.variants[0];
      if (!variant) return null;
      const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);
      return {
        headline: clip(variant.headline, textLimits.headline),
        body: clip(variant.description || variant.primaryText, textLimits.body),
        cta: clip(callToActionLabels[variant.callToAction], textLimits.cta),
        caption: clip(variant.headline, textLimits.caption),
      };
    },
    enabled: !!uid,
    staleTime: 60_000,
    retry: false,
  });
}
