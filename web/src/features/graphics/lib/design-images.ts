import { type Design, type DesignImageSlot } from '@shared/graphics/design-schema';
import type { Asset } from '@shared/schemas/graphics';

export const imageSlotLabels: Record<DesignImageSlot, string> = {
  product: 'Product photo',
  background: 'Background photo',
  logo: 'Logo',
};

/** An asset as a design's image reference (the key, pixel size and type travel with it). */
export function assetRef(asset: Asset): NonNullable<Design['images'][DesignImageSlot]> {
  const mimeType = asset.mimeType === 'image/webp' ? 'image/png' : asset.mimeType;
  return { kind: 'asset', key: asset.key, width: asset.width, height: asset.height, mimeType };
}

/** The brief an AI image starts from: the design's own words (the user can rewrite it before generating). */
export function briefFromDesign(design: Design): string {
  const words = [design.texts.headline, design.texts.body || design.texts.caption].filter(Boolean).join('. ');
  return (words || 'A product for a social media ad').slice(0, 1000);
}

/** The design without the image in one slot. */
export function withoutSlot(design: Design, slot: DesignImageSlot): Design {
  const images = { ...design.images };
  delete images[slot];
  return { ...design, images };
}

/** The design without a deleted stored image, wherever it was placed (or it would point at nothing). */
export function withoutAsset(design: Design, key: string): Design {
  const images = { ...design.images };
  for (const slot of Object.keys(images) as DesignImageSlot[]) {
    const ref = images[slot];
    if (ref?.kind === 'asset' && ref.key === key) delete images[slot];
  }
  return { ...design, images };
}
