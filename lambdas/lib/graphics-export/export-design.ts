import { randomUUID } from 'node:crypto';
import { zipSync } from 'fflate';
import { CAROUSEL_EXPORT_SIZES, cardFileName, designsToDraw } from '@shared/graphics/carousel-design';
import { checkDesign, fileSizeCheck, type DesignCheck } from '@shared/graphics/design-checks';
import type { Design } from '@shared/graphics/design-schema';
import { designElements, type PlacedImage } from '@shared/graphics/design-elements';
import { exportFileName, exportZipName } from '@shared/graphics/export-file-names';
import { placementSizes, type PlacementSizeId } from '@shared/graphics/placement-sizes';
import { graphicsStorageBytes, type PlanKey } from '@shared/plans';
import type { ExportReply, ExportRequest } from '@shared/schemas/graphics';
import { DOWNLOAD_URL_SECONDS } from '@shared/schemas/graphics-basics';
import { s3Sdk } from '../aws/s3';
import { conflict, validationError } from '../errors';
import { assetKey, exportKey, isUsersKey, presignDownload, readObject } from '../graphics/asset-objects';
import { storageFull, type GraphicsDeps } from '../graphics/asset-uploads';
import {
  assetItemKey,
  findAssetByKey,
  getDesign,
  putAsset,
  releaseStorage,
  reserveStorage,
  StorageFullError,
  type AssetRecord,
} from '../graphics/graphics-store';
import type { AssetBytes, ImageFormat } from '../graphics-render/render-design-image';
import type { QuotaGrant } from '../quota/plan-quota';
import { writeObjectsThenRecords } from '../graphics/pending-objects';
import type { AltText } from './alt-text';
import { exportItemKey, putExportRecord } from './export-records';

/**
 * Server-side export of a saved design. In order, so nothing is spent or written for a request that cannot succeed:
 * the design is read under the caller's own partition (another user's id is simply not found) at the version the
 * user saw; the same checks the editor shows run again here and any error refuses the export; the design's images
 * are read from the user's prefix; one export is counted against the plan (429 before any work when used up); then
 * each size is rendered by the one renderer, the file-size check runs on the real bytes, storage is reserved, the
 * images and a ZIP of them are written under `users/{sub}/` before their records (pending-objects.ts keeps that
 * order safe), and presigned GETs go back with alt text per image. A failure after counting gives the export back.
 */
export interface ExportDeps extends GraphicsDeps {
  /** Counts one export against the plan (throws QUOTA_EXCEEDED), and gives it back. */
  quota: {
    consume: (userId: string) => Promise<QuotaGrant>;
    refund: (userId: string, grant: QuotaGrant) => Promise<void>;
  };
  render: (design: Design, sizeId: PlacementSizeId, assets: AssetBytes, format: ImageFormat) => Promise<Uint8Array>;
  altText: (design: Design, imageDescriptions: string[]) => Promise<AltText>;
  log: (message: string, facts: Record<string, unknown>) => void;
}

const MIME: Record<ImageFormat, 'image/png' | 'image/jpeg'> = { png: 'image/png', jpeg: 'image/jpeg' };
const EXTENSION: Record<ImageFormat, 'png' | 'jpg'> = { png: 'png', jpeg: 'jpg' };

/** The check results of every requested size; errors refuse the export with each one named. */
export function serverChecks(design: Design, sizes: readonly PlacementSizeId[]): DesignCheck[] {
  return sizes.flatMap((sizeId) => checkDesign(design, sizeId));
}

export function refuseErrors(checks: readonly DesignCheck[]): void {
  const errors = checks.filter((check) => check.level === 'error');
  if (errors.length === 0) return;
  const details = Object.fromEntries(errors.map((check) => [`${check.sizeId}.${check.id}`, check.message]));
  throw validationError(
    `This design has ${errors.length === 1 ? 'a problem' : `${errors.length} problems`} to fix before it can be exported: ` +
      errors.map((check) => `${placementSizes[check.sizeId].label}: ${check.message}`).join(' '),
    details,
  );
}

/** Bytes of every image the design places, read from the user's own prefix, and a description of each for alt text. */
export async function loadImages(deps: GraphicsDeps, userId: string, designs: readonly Design[]) {
  const bytes: AssetBytes = {};
  const descriptions: string[] = [];
  const placedImages: PlacedImage[] = [];
  const placed = designs.flatMap((design, card) =>
    Object.entries(design.images).map(
      ([slot, ref]) =>
        [designs.length > 1 ? `card ${card + 1} ${slot}` : slot, ref, slot as PlacedImage['slot']] as const,
    ),
  );
  for (const [slot, ref, imageSlot] of placed) {
    if (!ref) continue;
    if (ref.kind === 'asset' && bytes[ref.key]) continue;
    if (ref.kind !== 'asset' || !isUsersKey(userId, ref.key)) {
      throw validationError(`The ${slot} image is not one of your uploaded images.`, { slot });
    }
    const asset = await findAssetByKey(deps.store, userId, ref.key);
    if (!asset) throw conflict(`The ${slot} image was deleted: choose another one and save the design.`);
    try {
      bytes[ref.key] = await readObject(deps.bucket, ref.key);
    } catch (error) {
      if (error instanceof (await s3Sdk()).NoSuchKey) {
        throw conflict(`The ${slot} image was deleted: choose another one and save the design.`);
      }
      throw error;
    }
    descriptions.push(`${slot}: ${asset.altText ?? `${asset.purpose} image "${asset.fileName}"`}`);
    placedImages.push({ slot: imageSlot, kind: asset.kind, purpose: asset.purpose });
  }
  return { bytes, descriptions, placed: placedImages };
}

export async function exportDesign(
  deps: ExportDeps,
  userId: string,
  designId: string,
  request: ExportRequest,
): Promise<ExportReply> {
  const record = await getDesign(deps.store, userId, designId);
  if (record.version !== request.version) {
    throw conflict(
      `This design was saved again since (version ${record.version}, you have ${request.version}): reopen it, check it and export again.`,
    );
  }
  const design = record.design;
  if (design.cards && request.sizes.some((sizeId) => !CAROUSEL_EXPORT_SIZES.includes(sizeId))) {
    throw validationError('A carousel exports its cards square (1:1) and 4:5, the shapes Meta shows cards in.', {
      sizes: `Use ${CAROUSEL_EXPORT_SIZES.join(' and ')}.`,
    });
  }
  const checks = serverChecks(design, request.sizes);
  refuseErrors(checks);
  // A carousel draws every card at every size; any other design draws itself once per size.
  const drawn = designsToDraw(design);
  const images = await loadImages(deps, userId, drawn);

  const grant = await deps.quota.consume(userId);
  const started = deps.now().getTime();
  let reserved = 0;
  try {
    // The model writes while the renderer draws; alt text never fails the export (it falls back).
    const altTextPromise = deps.altText(design, images.descriptions);
    const rendered: { sizeId: PlacementSizeId; name: string; bytes: Uint8Array }[] = [];
    for (const [card, cardDesign] of drawn.entries()) {
      for (const sizeId of request.sizes) {
        const name = design.cards
          ? cardFileName(card, sizeId, EXTENSION[request.format])
          : exportFileName(design.templateId, sizeId, EXTENSION[request.format]);
        rendered.push({ sizeId, name, bytes: await deps.render(cardDesign, sizeId, images.bytes, request.format) });
      }
    }
    refuseErrors(rendered.flatMap(({ sizeId, bytes }) => fileSizeCheck(sizeId, bytes.length)));
    const renderMs = deps.now().getTime() - started;

    const exportId = randomUUID();
    const createdAt = deps.now().toISOString();
    const names = rendered.map(({ name }) => name);
    // Images are compressed already: stored in the ZIP, not deflated again.
    const zip = zipSync(Object.fromEntries(rendered.map(({ bytes }, i) => [names[i]!, [bytes, { level: 0 }]])));
    const zipName = exportZipName(record.name, record.version);

    const total = rendered.reduce((sum, { bytes }) => sum + bytes.length, 0) + zip.length;
    const plan: PlanKey = await deps.planOf(userId);
    try {
      await reserveStorage(deps.store, userId, total, graphicsStorageBytes[plan]);
    } catch (error) {
      if (error instanceof StorageFullError) throw storageFull(error);
      throw error;
    }
    reserved = total;

    const alt = await altTextPromise;
    const elements = designElements(design, images.placed);
    const assets: (AssetRecord & { sizeId: PlacementSizeId })[] = rendered.map(({ sizeId, bytes }, i) => {
      const id = randomUUID();
      const size = placementSizes[sizeId];
      return {
        id,
        kind: 'export',
        purpose: 'export',
        key: assetKey(userId, id, MIME[request.format]),
        fileName: names[i]!,
        mimeType: MIME[request.format],
        width: size.width,
        height: size.height,
        bytes: bytes.length,
        createdAt,
        altText: alt.text,
        sizeId,
        // What the ad that uses this image will be recorded with in the creative report.
        elements,
      };
    });
    const zipKey = exportKey(userId, exportId, zipName);
    // Objects first, then their records, under a pending marker: a record that cannot be written takes its
    // object (and its reserved bytes) with it, and a function that dies half-way leaves the marker for the sweep.
    // From here the storage reservation is the marked write's to give back.
    reserved = 0;
    await writeObjectsThenRecords(
      deps,
      userId,
      [
        ...assets.map((asset, i) => ({
          key: asset.key,
          record: assetItemKey(asset.id),
          bytes: asset.bytes,
          body: Buffer.from(rendered[i]!.bytes),
          contentType: asset.mimeType,
        })),
        {
          key: zipKey,
          record: exportItemKey(exportId),
          bytes: zip.length,
          body: Buffer.from(zip),
          contentType: 'application/zip',
        },
      ],
      async () => {
        await Promise.all(assets.map(({ sizeId: _size, ...asset }) => putAsset(deps.store, userId, asset)));
        await putExportRecord(deps.store, userId, {
          exportId,
          designId,
          version: record.version,
          format: request.format,
          createdAt,
          assetIds: assets.map((a) => a.id),
          sizes: request.sizes,
          zipKey,
          zipBytes: zip.length,
          altText: alt.text,
          altTextSource: alt.source,
        });
      },
    );
    deps.log('Design exported', {
      exportId,
      sizes: request.sizes.length,
      format: request.format,
      renderMs,
      bytes: total,
      altTextSource: alt.source,
    });

    const [urls, zipUrl] = await Promise.all([
      Promise.all(assets.map((asset) => presignDownload(deps.bucket, asset.key, asset.fileName))),
      presignDownload(deps.bucket, zipKey, zipName),
    ]);
    return {
      exportId,
      designId,
      version: record.version,
      format: request.format,
      createdAt,
      urlsExpireAt: new Date(deps.now().getTime() + DOWNLOAD_URL_SECONDS * 1000).toISOString(),
      images: assets.map((asset, i) => ({ ...asset, url: urls[i]!, altText: alt.text, altTextSource: alt.source })),
      zip: { url: zipUrl, bytes: zip.length, fileName: zipName },
      checks: checks.map(({ id, level, sizeId, message }) => ({ id, level, sizeId, message })),
      usage: { used: grant.used, limit: grant.limit, resetsAt: grant.resetsAt },
    };
  } catch (error) {
    // Nothing usable came out: the export is given back, and so is any storage reserved for it.
    await deps.quota.refund(userId, grant);
    if (reserved > 0) await releaseStorage(deps.store, userId, reserved);
    throw error;
  }
}
