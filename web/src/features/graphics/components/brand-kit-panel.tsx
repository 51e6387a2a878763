import { Plus, X } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { type BrandKit } from '@shared/graphics/brand-kit-schema';
import { MAX_BRAND_COLOURS } from '@shared/graphics/design-schema';
import { fontIds, fonts } from '@shared/graphics/font-catalogue';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import { Spinner } from '@web/components/ui/spinner';
import { useBrandKit, useSaveBrandKit } from '../api/graphics-api';
import { rememberAssetUrl } from '../lib/asset-images';
import { errorMessage } from '../lib/display-text';
import { acceptedTypesText, uploadFile } from '../lib/upload-file';
import { UploadProgress } from './upload-progress';

/**
 * The user's brand kit: logo (uploaded through the presigned upload and checked by the server), up to six colours,
 * heading and body fonts, the default button style. Saved with PUT; saving applies it to the open design, and a new
 * design starts from it.
 */
export function BrandKitPanel({ onApply }: { onApply: (kit: BrandKit, logoUrl: string | undefined) => void }) {
  const stored = useBrandKit();
  const save = useSaveBrandKit();
  const [draft, setDraft] = useState<BrandKit | null>(null);
  const [logoPreview, setLogoPreview] = useState<string | null>(null);
  const [upload, setUpload] = useState<{ fileName: string; fraction: number } | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  if (stored.isPending) {
    return (
      <div role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Loading your brand kit…
      </div>
    );
  }
  if (stored.isError) {
    return (
      <Alert variant="destructive" title="The brand kit could not be loaded">
        <p>{errorMessage(stored.error, 'Please try again.')}</p>
        <Button size="sm" variant="outline" className="mt-2" onClick={() => void stored.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  const kit = draft ?? stored.data.brandKit;
  const logoUrl = logoPreview ?? (kit.logo === stored.data.brandKit.logo ? stored.data.logoUrl : undefined);
  const edit = (next: Partial<BrandKit>) => {
    setDraft({ ...kit, ...next });
    setSaved(false);
  };

  async function onLogo(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setLogoError(null);
    setUpload({ fileName: file.name, fraction: 0 });
    try {
      const asset = await uploadFile(file, 'logo', (fraction) => setUpload({ fileName: file.name, fraction }));
      if (asset.mimeType !== 'image/png' && asset.mimeType !== 'image/svg+xml') {
        throw new Error(`${asset.fileName} is not a PNG or SVG.`);
      }
      rememberAssetUrl(asset.key, asset.url);
      setLogoPreview(asset.url);
      edit({
        logo: { kind: 'asset', key: asset.key, width: asset.width, height: asset.height, mimeType: asset.mimeType },
      });
      if (asset.removed?.length) {
        setLogoError(`Uploaded. For safety the SVG was cleaned: ${asset.removed.join(', ')} removed.`);
      }
    } catch (error) {
      setLogoError(errorMessage(error, 'The logo could not be uploaded.'));
    } finally {
      setUpload(null);
    }
  }

  async function onSave() {
    try {
      const reply = await save.mutateAsync(kit);
      setDraft(null);
      setLogoPreview(null);
      setSaved(true);
      onApply(reply.brandKit, reply.logoUrl);
    } catch {
      // Shown below from the mutation's error.
    }
  }

  return (
    <section aria-labelledby="brand-kit-heading" className="grid gap-4">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="brand-kit-heading" className="text-sm font-semibold">
          Brand kit
        </h2>
        {!stored.data.saved && !draft ? <span className="text-xs text-muted-foreground">Not saved yet</span> : null}
      </div>

      <div className="grid gap-2">
        <div className="flex items-center gap-3">
          <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted">
            {logoUrl && kit.logo ? (
              <img src={logoUrl} alt="Your logo" className="max-h-full max-w-full object-contain" />
            ) : (
              <span className="text-[10px] text-muted-foreground">No logo</span>
            )}
          </div>
          <FormField
            label="Logo"
            description={`${acceptedTypesText('logo')}, up to 2 MB, at least 64 px`}
            className="min-w-0 flex-1"
          >
            {(control) => (
              <Input
                {...control}
                type="file"
                accept="image/png,image/svg+xml"
                disabled={upload !== null}
                onChange={(e) => void onLogo(e)}
              />
            )}
          </FormField>
        </div>
        {upload ? <UploadProgress fileName={upload.fileName} fraction={upload.fraction} /> : null}
        {kit.logo ? (
          <Button
            size="sm"
            variant="outline"
            className="w-fit"
            onClick={() => {
              const { logo: _logo, ...rest } = kit;
              setDraft(rest);
              setSaved(false);
            }}
          >
            Remove logo
          </Button>
        ) : null}
        {logoError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {logoError}
          </p>
        ) : null}
      </div>

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Brand colours (up to {MAX_BRAND_COLOURS})</legend>
        <div className="flex flex-wrap items-center gap-2">
          {kit.colours.map((colour, index) => (
            <div key={index} className="flex items-center gap-1 rounded-md border p-1">
              <input
                type="color"
                aria-label={`Brand colour ${index + 1}`}
                value={colour}
                onChange={(e) =>
                  edit({ colours: kit.colours.map((c, i) => (i === index ? e.target.value.toLowerCase() : c)) })
                }
                className="h-8 w-10 cursor-pointer rounded border-0 bg-transparent p-0"
              />
              <Button
                size="icon"
                variant="ghost"
                className="size-6"
                aria-label={`Remove brand colour ${index + 1}`}
                disabled={kit.colours.length <= 1}
                onClick={() => edit({ colours: kit.colours.filter((_, i) => i !== index) })}
              >
                <X aria-hidden="true" />
              </Button>
            </div>
          ))}
          <Button
            size="sm"
            variant="outline"
            disabled={kit.colours.length >= MAX_BRAND_COLOURS}
            onClick={() => edit({ colours: [...kit.colours, '#ffffff'] })}
          >
            <Plus aria-hidden="true" /> Add colour
          </Button>
        </div>
      </fieldset>

      <div className="grid grid-cols-2 gap-3">
        <FormField label="Brand heading font">
          {(control) => (
            <NativeSelect
              {...control}
              value={kit.headingFont}
              onChange={(e) => edit({ headingFont: e.target.value as BrandKit['headingFont'] })}
            >
              {fontIds.map((id) => (
                <option key={id} value={id}>
                  {fonts[id].label}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Brand body font">
          {(control) => (
            <NativeSelect
              {...control}
              value={kit.bodyFont}
              onChange={(e) => edit({ bodyFont: e.target.value as BrandKit['bodyFont'] })}
            >
              {fontIds.map((id) => (
                <option key={id} value={id}>
                  {fonts[id].label}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Default button shape">
          {(control) => (
            <NativeSelect
              {...control}
              value={kit.ctaStyle.shape}
              onChange={(e) =>
                edit({ ctaStyle: { ...kit.ctaStyle, shape: e.target.value as BrandKit['ctaStyle']['shape'] } })
              }
            >
              <option value="pill">Pill</option>
              <option value="rounded">Rounded</option>
              <option value="square">Square</option>
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Default button fill">
          {(control) => (
            <NativeSelect
              {...control}
              value={kit.ctaStyle.fill}
              onChange={(e) =>
                edit({ ctaStyle: { ...kit.ctaStyle, fill: e.target.value as BrandKit['ctaStyle']['fill'] } })
              }
            >
              <option value="solid">Solid</option>
              <option value="outline">Outline</option>
            </NativeSelect>
          )}
        </FormField>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void onSave()} disabled={save.isPending || upload !== null}>
          {save.isPending ? <Spinner className="size-4" /> : null}
          {save.isPending ? 'Saving…' : 'Save brand kit'}
        </Button>
        <Button
          variant="outline"
          onClick={() => onApply(kit, logoUrl)}
          disabled={upload !== null}
          aria-label="Apply brand kit to this design"
        >
          Apply to design
        </Button>
        <span role="status" className="text-sm text-muted-foreground">
          {saved ? 'Brand kit saved and applied to the design.' : ''}
        </span>
      </div>
      {save.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          The brand kit was not saved: {errorMessage(save.error, 'please try again.')}
        </p>
      ) : null}
    </section>
  );
}
