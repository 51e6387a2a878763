import type { ChangeEvent } from 'react';
import { type BrandKit } from '@shared/graphics/brand-kit-schema';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { acceptedTypesText } from '../lib/upload-file';
import { UploadProgress } from './upload-progress';

interface BrandLogoFieldProps {
  kit: BrandKit;
  logoUrl: string | undefined;
  upload: { fileName: string; fraction: number } | null;
  logoError: string | null;
  onLogo: (event: ChangeEvent<HTMLInputElement>) => void;
  onRemove: () => void;
}

/** The brand kit's logo: what it looks like, a file to upload, its progress, and Remove logo. */
export function BrandLogoField({ kit, logoUrl, upload, logoError, onLogo, onRemove }: BrandLogoFieldProps) {
  return (
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
              onChange={onLogo}
            />
          )}
        </FormField>
      </div>
      {upload ? <UploadProgress fileName={upload.fileName} fraction={upload.fraction} /> : null}
      {kit.logo ? (
        <Button size="sm" variant="outline" className="w-fit" onClick={onRemove}>
          Remove logo
        </Button>
      ) : null}
      {logoError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {logoError}
        </p>
      ) : null}
    </div>
  );
}
