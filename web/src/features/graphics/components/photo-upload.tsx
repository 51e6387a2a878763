import { type DesignImageSlot } from '@shared/graphics/design-schema';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import type { PhotoUploadState } from '../hooks/use-image-library';
import { imageSlotLabels } from '../lib/design-images';
import { UploadProgress } from './upload-progress';

/** Upload a photo into one of the design's photo slots, with its progress and why it failed. */
export function PhotoUpload({ photoSlots, upload }: { photoSlots: DesignImageSlot[]; upload: PhotoUploadState }) {
  return (
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
                value={upload.targetSlot}
                onChange={(e) => upload.setUploadSlot(e.target.value as DesignImageSlot)}
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
              disabled={upload.progress !== null}
              onChange={(e) => void upload.onUpload(e)}
            />
          )}
        </FormField>
      </div>
      {upload.progress ? (
        <UploadProgress fileName={upload.progress.fileName} fraction={upload.progress.fraction} />
      ) : null}
      {upload.error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {upload.error}
        </p>
      ) : null}
    </fieldset>
  );
}
