import { useState, type ChangeEvent } from 'react';
import { type BrandKit } from '@shared/graphics/brand-kit-schema';
import { useBrandKit, useSaveBrandKit } from '../api/graphics-api';
import { rememberAssetUrl } from '../lib/asset-images';
import { errorMessage } from '../lib/display-text';
import { uploadFile } from '../lib/upload-file';

/**
 * The brand kit as stored and as being edited: edits, the logo upload (PNG or SVG, checked by the server), and
 * saving, which applies the saved kit to the open design.
 */
export function useBrandKitEditor(onApply: (kit: BrandKit, logoUrl: string | undefined) => void) {
  const stored = useBrandKit();
  const save = useSaveBrandKit();
  const [draft, setDraft] = useState<BrandKit | null>(null);
  const [logoPreview, setLogoPreview] = useState<string | null>(null);
  const [upload, setUpload] = useState<{ fileName: string; fraction: number } | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  /** Everything that needs the stored kit (shown once it has loaded). */
  function editing(storedKit: NonNullable<typeof stored.data>) {
    const kit = draft ?? storedKit.brandKit;
    const logoUrl = logoPreview ?? (kit.logo === storedKit.brandKit.logo ? storedKit.logoUrl : undefined);
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

    function removeLogo() {
      const { logo: _logo, ...rest } = kit;
      setDraft(rest);
      setSaved(false);
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

    return { kit, logoUrl, edit, onLogo, removeLogo, onSave };
  }

  return { stored, save, draft, upload, logoError, saved, editing };
}
