import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { type Design, type DesignImageSlot } from '@shared/graphics/design-schema';
import { templates } from '@shared/graphics/templates/template-registry';
import type { aiImageShapes, Asset } from '@shared/schemas/graphics';
import { apiRequest } from '@web/lib/api';
import { quotaExceededOf, usageKey } from '@web/lib/billing/usage';
import { graphicsKeys } from '../api/graphics-api';
import { rememberAssetUrl } from '../lib/asset-images';
import { assetRef, briefFromDesign } from '../lib/design-images';
import { errorMessage } from '../lib/display-text';
import { uploadFile } from '../lib/upload-file';

export type AiStyle = 'background' | 'product-scene';
export type AiShape = (typeof aiImageShapes)[number];

/**
 * The design's photo slots and the ways to fill them: place a stored image, upload a photo (with progress), or
 * generate one. The choices live here, so they survive a template without photo slots.
 */
export function useImageLibrary(design: Design, onChange: (next: Design) => void) {
  const template = templates[design.templateId];
  const photoSlots: DesignImageSlot[] = template.images.filter((slot) => slot !== 'logo');
  const queryClient = useQueryClient();
  const [uploadSlot, setUploadSlot] = useState<DesignImageSlot>(photoSlots[0] ?? 'product');
  const [upload, setUpload] = useState<{ fileName: string; fraction: number } | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [brief, setBrief] = useState<string | null>(null);
  const [style, setStyle] = useState<AiStyle>(template.images.includes('background') ? 'background' : 'product-scene');
  const [shape, setShape] = useState<AiShape>('square');
  const shownBrief = brief ?? briefFromDesign(design);
  const targetSlot = photoSlots.includes(uploadSlot) ? uploadSlot : (photoSlots[0] ?? 'product');

  // An upload or a generation ends seconds after it began: it places its image in the design as it is then, not
  // as it was when it started (edits made meanwhile, such as a carousel card's link, were lost).
  const latest = useRef(design);
  useEffect(() => {
    latest.current = design;
  }, [design]);
  const place = (slot: DesignImageSlot, asset: Asset) => {
    rememberAssetUrl(asset.key, asset.url);
    const current = latest.current;
    onChange({ ...current, images: { ...current.images, [slot]: assetRef(asset) } });
  };

  const generate = useMutation({
    mutationFn: () => apiRequest('graphicsAiImage', { body: { brief: shownBrief.trim(), style, shape } }),
    onSuccess: (asset) => {
      const slot: DesignImageSlot =
        style === 'background' && photoSlots.includes('background') ? 'background' : (photoSlots[0] ?? 'product');
      place(slot, asset);
      void queryClient.invalidateQueries({ queryKey: graphicsKeys.assets });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: usageKey }),
  });

  async function onUpload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploadError(null);
    setUpload({ fileName: file.name, fraction: 0 });
    try {
      const purpose = targetSlot === 'background' ? 'background' : 'product';
      const asset = await uploadFile(file, purpose, (fraction) => setUpload({ fileName: file.name, fraction }));
      place(targetSlot, asset);
      void queryClient.invalidateQueries({ queryKey: graphicsKeys.assets });
    } catch (error) {
      setUploadError(errorMessage(error, 'The image could not be uploaded.'));
    } finally {
      setUpload(null);
    }
  }

  return {
    template,
    photoSlots,
    place,
    upload: { targetSlot, setUploadSlot, progress: upload, error: uploadError, onUpload },
    ai: {
      brief: shownBrief,
      setBrief,
      style,
      setStyle,
      shape,
      setShape,
      generate,
      quotaHit: quotaExceededOf(generate.error),
    },
  };
}

export type PhotoUploadState = ReturnType<typeof useImageLibrary>['upload'];
export type AiImageState = ReturnType<typeof useImageLibrary>['ai'];
