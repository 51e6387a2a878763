import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Sparkles, Trash2 } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { adImagePrompt } from '@shared/graphics/ad-image-prompt';
import { type Design, type DesignImageSlot } from '@shared/graphics/design-schema';
import { templates } from '@shared/graphics/templates/template-registry';
import type { aiImageShapes, Asset } from '@shared/schemas/graphics';
import { QuotaUpgradePrompt } from '@web/components/billing/quota-upgrade-prompt';
import { UsageMeter } from '@web/components/billing/usage-meter';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import { Spinner } from '@web/components/ui/spinner';
import { apiRequest } from '@web/lib/api';
import { quotaExceededOf, usageKey, useUsage } from '@web/lib/billing/usage';
import { graphicsKeys, useAssets, useDeleteAsset } from '../api/graphics-api';
import { rememberAssetUrl } from '../lib/asset-images';
import { errorMessage } from '../lib/display-text';
import { uploadFile } from '../lib/upload-file';
import { ServerList } from './server-list';
import { UploadProgress } from './upload-progress';

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

type AiStyle = 'background' | 'product-scene';

/**
 * Images for the design's slots: upload product photos (presigned, with progress), pick from the user's stored
 * images, delete them, or generate one with the AI image route (prompt shown, counted against AI generations).
 */
export function ImageLibrary({ design, onChange }: { design: Design; onChange: (next: Design) => void }) {
  const template = templates[design.templateId];
  const photoSlots: DesignImageSlot[] = template.images.filter((slot) => slot !== 'logo');
  const assets = useAssets();
  const remove = useDeleteAsset();
  const queryClient = useQueryClient();
  const usage = useUsage();
  const generations = usage.data?.limits.find((limit) => limit.key === 'aiGenerationsPerDay');
  const [uploadSlot, setUploadSlot] = useState<DesignImageSlot>(photoSlots[0] ?? 'product');
  const [upload, setUpload] = useState<{ fileName: string; fraction: number } | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [brief, setBrief] = useState<string | null>(null);
  const [style, setStyle] = useState<AiStyle>(template.images.includes('background') ? 'background' : 'product-scene');
  const [shape, setShape] = useState<(typeof aiImageShapes)[number]>('square');
  const shownBrief = brief ?? briefFromDesign(design);
  const targetSlot = photoSlots.includes(uploadSlot) ? uploadSlot : (photoSlots[0] ?? 'product');

  const place = (slot: DesignImageSlot, asset: Asset) => {
    rememberAssetUrl(asset.key, asset.url);
    onChange({ ...design, images: { ...design.images, [slot]: assetRef(asset) } });
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
  const quotaHit = quotaExceededOf(generate.error);

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

  const library = (assets.data ?? []).filter((asset) => asset.purpose !== 'logo' && asset.kind !== 'export');

  return (
    <div className="grid gap-6">
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-semibold">Images in this design</legend>
        {template.images.map((slot) => {
          const ref = design.images[slot];
          return (
            <div key={slot} className="flex items-center justify-between gap-2 text-sm">
              <span>
                {imageSlotLabels[slot]}:{' '}
                <span className="text-muted-foreground">
                  {ref ? `${ref.width}×${ref.height}` : slot === 'logo' ? 'from the brand kit' : 'none'}
                </span>
              </span>
              {ref ? (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Remove ${imageSlotLabels[slot].toLowerCase()}`}
                  onClick={() => {
                    const images = { ...design.images };
                    delete images[slot];
                    onChange({ ...design, images });
                  }}
                >
                  Remove
                </Button>
              ) : null}
            </div>
          );
        })}
      </fieldset>

      {photoSlots.length > 0 ? (
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-semibold">Upload a photo</legend>
          <p className="text-xs text-muted-foreground">
            PNG, JPEG or WebP, up to 15 MB, at least 600 px on the shorter side.
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            {photoSlots.length > 1 ? (
              <FormField label="Use the upload as">
                {(control) => (
                  <NativeSelect
                    {...control}
                    value={targetSlot}
                    onChange={(e) => setUploadSlot(e.target.value as DesignImageSlot)}
                  >
                    {photoSlots.map((slot) => (
                      <option key={slot} value={slot}>
                        {imageSlotLabels[slot]}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            ) : null}
            <FormField label="Photo file" className="min-w-0">
              {(control) => (
                <Input
                  {...control}
                  type="file"
                  accept="image/png,image/jpeg,image/webp"
                  disabled={upload !== null}
                  onChange={(e) => void onUpload(e)}
                />
              )}
            </FormField>
          </div>
          {upload ? <UploadProgress fileName={upload.fileName} fraction={upload.fraction} /> : null}
          {uploadError ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {uploadError}
            </p>
          ) : null}
        </fieldset>
      ) : null}

      {photoSlots.length > 0 ? (
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-semibold">Generate an image</legend>
          {generations ? <UsageMeter usage={generations} /> : null}
          <FormField label="Describe the image" description="Starts from your headline and body text.">
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={1000}
                value={shownBrief}
                onChange={(e) => setBrief(e.target.value)}
                className="w-full rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              />
            )}
          </FormField>
          <div className="grid grid-cols-2 gap-3">
            <FormField label="Kind of image">
              {(control) => (
                <NativeSelect {...control} value={style} onChange={(e) => setStyle(e.target.value as AiStyle)}>
                  <option value="background">Background</option>
                  <option value="product-scene">Product scene</option>
                </NativeSelect>
              )}
            </FormField>
            <FormField label="Image shape">
              {(control) => (
                <NativeSelect
                  {...control}
                  value={shape}
                  onChange={(e) => setShape(e.target.value as (typeof aiImageShapes)[number])}
                >
                  <option value="square">Square</option>
                  <option value="portrait">Portrait</option>
                  <option value="landscape">Landscape</option>
                </NativeSelect>
              )}
            </FormField>
          </div>
          <details className="text-xs">
            <summary className="cursor-pointer text-muted-foreground">Prompt sent to the image model</summary>
            <pre aria-label="Image prompt" className="mt-2 whitespace-pre-wrap rounded-md bg-muted p-2 font-mono">
              {adImagePrompt({ brief: shownBrief.trim(), style, palette: design.palette })}
            </pre>
          </details>
          <Button
            onClick={() => generate.mutate()}
            disabled={generate.isPending || shownBrief.trim().length < 3}
            className="w-fit"
          >
            {generate.isPending ? <Spinner className="size-4" /> : <Sparkles aria-hidden="true" />}
            {generate.isPending ? 'Generating…' : 'Generate image'}
          </Button>
          {generate.isPending ? (
            <p role="status" className="text-xs text-muted-foreground">
              Drawing your image: this takes up to half a minute.
            </p>
          ) : null}
          {quotaHit ? <QuotaUpgradePrompt quota={quotaHit} /> : null}
          {generate.isError && !quotaHit ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              The image was not generated: {errorMessage(generate.error, 'please try again.')}
            </p>
          ) : null}
        </fieldset>
      ) : null}

      <section aria-labelledby="image-library-heading" className="grid gap-3">
        <h3 id="image-library-heading" className="text-sm font-semibold">
          Your images
        </h3>
        <ServerList
          query={assets}
          items={library}
          loading="Loading your images…"
          failed="Your images could not be loaded"
          empty="No images yet: upload a photo or generate one."
        >
          {(items) => (
            <ul className="grid grid-cols-2 gap-3" aria-label="Your images">
              {items.map((asset) => (
                <li key={asset.id} className="grid gap-1 rounded-md border p-2 text-xs">
                  <img
                    src={asset.url}
                    alt={asset.altText ?? asset.fileName}
                    className="aspect-square w-full rounded object-cover"
                    loading="lazy"
                  />
                  <span className="truncate" title={asset.fileName}>
                    {asset.kind === 'ai' ? 'AI · ' : ''}
                    {asset.width}×{asset.height}
                  </span>
                  <div className="flex flex-wrap gap-1">
                    {photoSlots.map((slot) => (
                      <Button
                        key={slot}
                        size="sm"
                        variant="outline"
                        className="h-7 px-2 text-xs"
                        aria-label={`Use ${asset.fileName} as ${imageSlotLabels[slot].toLowerCase()}`}
                        onClick={() => place(slot, asset)}
                      >
                        {slot === 'background' ? 'Background' : 'Product'}
                      </Button>
                    ))}
                    <Button
                      size="icon"
                      variant="ghost"
                      className="size-7"
                      aria-label={`Delete ${asset.fileName}`}
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(asset.id, {
                          // A deleted image leaves the design too, or it would point at nothing.
                          onSuccess: () => {
                            const images = { ...design.images };
                            for (const slot of Object.keys(images) as DesignImageSlot[]) {
                              const ref = images[slot];
                              if (ref?.kind === 'asset' && ref.key === asset.key) delete images[slot];
                            }
                            onChange({ ...design, images });
                          },
                        })
                      }
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </ServerList>
        {remove.isError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            The image was not deleted: {errorMessage(remove.error, 'please try again.')}
          </p>
        ) : null}
      </section>
    </div>
  );
}
