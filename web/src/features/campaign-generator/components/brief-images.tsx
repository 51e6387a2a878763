import { ImageIcon, ImagePlus } from 'lucide-react';
import { useId, useState } from 'react';
import { MAX_BRIEF_IMAGES } from '@shared/schemas/campaign-plan';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useAccountAdImages, useImageAssets } from '../api/brief-images-api';
import { useBriefImages } from '../hooks/use-brief-images';
import { AD_IMAGE_TYPES, type PickedImage } from '../lib/brief-images';
import { ChosenImages } from './chosen-images';
import { StoredImagePicker } from './stored-image-picker';

interface BriefImagesProps {
  uid: string | undefined;
  adAccountId: string;
  images: PickedImage[];
  onChange: (images: PickedImage[]) => void;
  error?: string | undefined;
}

/**
 * "Upload your own images" and "Pick from the graphics generator": each chosen image goes to the ad account's
 * image library at once (so the plan, its previews and the publish all name it by hash).
 */
export function BriefImages({ uid, adAccountId, images, onChange, error }: BriefImagesProps) {
  const [browsing, setBrowsing] = useState(false);
  const assets = useImageAssets(uid, browsing);
  const inAccount = useAccountAdImages(uid, adAccountId, browsing);
  const { working, problems, add, upload, pick } = useBriefImages(adAccountId, images, onChange);
  const uploadId = useId();
  const full = images.length >= MAX_BRIEF_IMAGES;

  return (
    <fieldset className="grid min-w-0 gap-3" aria-describedby={`${uploadId}-hint`}>
      <legend className="text-sm font-medium">Images (optional)</legend>
      <p id={`${uploadId}-hint`} className="text-sm text-muted-foreground">
        PNG or JPEG, at least 600 px on the shorter side, up to 15 MB. The ads use them in turn; without images Meta
        shows the landing page’s picture.
      </p>
      <ChosenImages images={images} onChange={onChange} />
      <div className="flex flex-wrap gap-2">
        <label
          htmlFor={uploadId}
          className={`inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border border-input bg-card px-3 text-sm font-medium hover:bg-muted ${full || working ? 'pointer-events-none opacity-50' : ''}`}
        >
          <ImagePlus aria-hidden="true" className="size-4" />
          Upload your own images
        </label>
        <input
          id={uploadId}
          type="file"
          accept={AD_IMAGE_TYPES.join(',')}
          multiple
          className="sr-only"
          disabled={full || working !== null}
          onChange={(event) => void upload(event)}
        />
        <Button variant="outline" size="sm" aria-expanded={browsing} onClick={() => setBrowsing((open) => !open)}>
          <ImageIcon aria-hidden="true" />
          {browsing ? 'Hide the graphics generator’s images' : 'Pick from the graphics generator'}
        </Button>
      </div>
      {working ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner label="Working" className="size-4" /> {working}
        </p>
      ) : null}
      {problems.length > 0 ? (
        <Alert variant="destructive" title="Some images were not added">
          <ul className="list-disc pl-4">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {error ? <p className="text-sm font-medium text-destructive">{error}</p> : null}
      {browsing ? (
        <StoredImagePicker
          assets={assets}
          inAccount={inAccount}
          adAccountId={adAccountId}
          images={images}
          disabled={full || working !== null}
          onAdd={(added) => add(added, [])}
          onPick={(asset) => void pick(asset)}
        />
      ) : null}
    </fieldset>
  );
}
