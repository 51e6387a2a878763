import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { checkDesignAllSizes } from '@shared/graphics/design-checks';
import { type Design } from '@shared/graphics/design-schema';
import { canDrawAsset } from '../lib/asset-images';
import { type GraphicsRenderer } from '../lib/graphics-renderer';
import { renderAll, renderThumbnails } from '../lib/render-sizes';

/** The four sizes and the template thumbnails, drawn live, and the quality checks of the design. */
export function useDesignPreviews(renderer: GraphicsRenderer, design: Design) {
  // Typing stays responsive: previews and checks follow the deferred design.
  const deferred = useDeferredValue(design);

  // A stored image draws once its URL is known (asset list, brand kit): redraw when that changes.
  const drawable = Object.values(deferred.images).map((ref) => (ref?.kind === 'asset' ? canDrawAsset(ref.key) : true));
  const previews = useQuery({
    queryKey: ['graphics', 'preview', deferred, drawable],
    queryFn: () => renderAll(renderer, deferred),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 30_000,
    retry: false,
  });
  const look = { colours: deferred.colours, fonts: deferred.fonts, ctaStyle: deferred.ctaStyle, align: deferred.align };
  const thumbnails = useQuery({
    queryKey: ['graphics', 'thumbnails', look],
    queryFn: () => renderThumbnails(renderer, deferred),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
  const checks = useMemo(() => checkDesignAllSizes(deferred), [deferred]);
  const errors = checks.filter((c) => c.level === 'error').length;
  return { deferred, previews, thumbnails, checks, errors };
}
