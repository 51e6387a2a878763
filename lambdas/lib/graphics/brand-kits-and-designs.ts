import { randomUUID } from 'node:crypto';
import { defaultBrandKit, type BrandKit } from '@shared/graphics/brand-kit-schema';
import type { Design, ImageRef } from '@shared/graphics/design-schema';
import { hasLocalImages } from '@shared/graphics/design-schema';
import { validationError } from '../errors';
import { presignDownload } from './asset-objects';
import type { GraphicsDeps } from './asset-uploads';
import {
  deleteDesign,
  findAssetByKey,
  getBrandKit,
  getDesign,
  listDesigns,
  putBrandKit,
  saveDesign,
  type DesignRecord,
} from './graphics-store';

/**
 * Brand kits and saved designs. Both may point at images only by the key of an asset the
 * user owns, with the dimensions and type recorded when it was checked: another user's key,
 * a made-up key or a browser-side data: URL is refused before anything is stored.
 */

async function checkImageRef(deps: GraphicsDeps, userId: string, slot: string, ref: ImageRef): Promise<void> {
  if (ref.kind !== 'asset') throw validationError(`The ${slot} image is not uploaded yet: upload it first.`);
  const asset = await findAssetByKey(deps.store, userId, ref.key);
  if (!asset) throw validationError(`The ${slot} image is not one of your uploaded images.`, { slot });
  if (asset.width !== ref.width || asset.height !== ref.height || asset.mimeType !== ref.mimeType) {
    throw validationError(`The ${slot} image's size or type does not match the uploaded file.`, { slot });
  }
}

export async function readBrandKit(deps: GraphicsDeps, userId: string) {
  const saved = await getBrandKit(deps.store, userId);
  const brandKit = saved ?? defaultBrandKit;
  return {
    brandKit,
    saved: saved !== null,
    ...(brandKit.logo?.kind === 'asset' ? { logoUrl: await presignDownload(deps.bucket, brandKit.logo.key) } : {}),
  };
}

export async function writeBrandKit(deps: GraphicsDeps, userId: string, kit: BrandKit) {
  if (kit.logo) {
    await checkImageRef(deps, userId, 'logo', kit.logo);
    if (kit.logo.kind === 'asset' && !['image/png', 'image/svg+xml'].includes(kit.logo.mimeType)) {
      throw validationError('A logo must be PNG or SVG.');
    }
  }
  await putBrandKit(deps.store, userId, kit, deps.now());
  return readBrandKit(deps, userId);
}

function summary(record: DesignRecord) {
  return {
    id: record.id,
    name: record.name,
    version: record.version,
    templateId: record.design.templateId,
    updatedAt: record.updatedAt,
  };
}

export async function listSavedDesigns(deps: GraphicsDeps, userId: string) {
  return { designs: (await listDesigns(deps.store, userId)).map(summary) };
}

export async function readDesign(deps: GraphicsDeps, userId: string, id: string) {
  const record = await getDesign(deps.store, userId, id);
  return { ...summary(record), design: record.design };
}

export async function writeDesign(
  deps: GraphicsDeps,
  userId: string,
  id: string | null,
  body: { name: string; design: Design; expectedVersion?: number },
) {
  if (hasLocalImages(body.design)) {
    throw validationError('Upload the images this design uses before saving it.');
  }
  for (const [slot, ref] of Object.entries(body.design.images)) {
    if (ref) await checkImageRef(deps, userId, slot, ref);
  }
  // A carousel card's photo is held to the same rule: only the user's own uploaded images are stored in a design.
  for (const [index, card] of (body.design.cards ?? []).entries()) {
    if (card.image) await checkImageRef(deps, userId, `card ${index + 1}`, card.image);
  }
  const record = await saveDesign(
    deps.store,
    userId,
    { id: id ?? randomUUID(), name: body.name, design: body.design, expectedVersion: body.expectedVersion },
    deps.now(),
  );
  return { ...summary(record), design: record.design };
}

export async function removeDesign(deps: GraphicsDeps, userId: string, id: string) {
  await deleteDesign(deps.store, userId, id);
  return { deleted: true as const };
}
