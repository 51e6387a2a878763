import { ImageIcon, ImagePlus, X } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import type { Asset } from '@shared/schemas/graphics';
import { MAX_BRIEF_IMAGES } from '@shared/schemas/campaign-plan';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import {
  pickedFromAccount,
  sendToAdAccount,
  uploadImageFile,
  useAccountAdImages,
  useImageAssets,
} from '../api/brief-images-api';
import {
  AD_IMAGE_TYPES,
  addPicked,
  dimensionProblem,
  fileProblem,
  type AdImageType,
  type PickedImage,
} from '../lib/brief-images';
import { webPaths } from '@shared/web-paths';

interface BriefImagesProps {
  uid: string | undefined;
  adAccountId: string;
  images: PickedImage[];
  onChange: (images: PickedImage[]) => void;
  error?: string | undefined;
}

/** The picture's pixel size, read locally before anything is uploaded. */
async function imageSize(file: File): Promise<{ width: number; height: number }> {
  const bitmap = await createImageBitmap(file);
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * "Upload your own images" and "Pick from the graphics generator": each chosen image goes to the ad account's
 * image library at once (so the plan, its previews and the publish all name it by hash).
 */
export function BriefImages({ uid, adAccountId, images, onChange, error }: BriefImagesProps) {
  const [working, setWorking] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [browsing, setBrowsing] = useState(false);
  const assets = useImageAssets(uid, browsing);
  const inAccount = useAccountAdImages(uid, adAccountId, browsing);
  const uploadId = useId();
  const inLibrary = inAccount.data ?? [];
  // Stored images not yet in this account's library (those already there are offered as they are).
  const usable = (assets.data ?? []).filter(
    (asset) =>
      (AD_IMAGE_TYPES as readonly string[]).includes(asset.mimeType) &&
      !inLibrary.some((image) => image.assetId === asset.id),
  );
  const full = images.length >= MAX_BRIEF_IMAGES;

  const add = (added: PickedImage[], found: string[]) => {
    const result = addPicked(images, added);
    onChange(result.images);
    setProblems(
      result.dropped > 0 ? [...found, `At most ${MAX_BRIEF_IMAGES} images: ${result.dropped} not added.`] : found,
    );
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const found: string[] = [];
    const stored: Asset[] = [];
    for (const file of files) {
      const problem = fileProblem(file);
      if (problem) {
        found.push(problem);
        continue;
      }
      try {
        setWorking(`Checking ${file.name}…`);
        const size = await imageSize(file).catch(() => null);
        if (!size) {
          found.push(`${file.name} could not be opened as an image.`);
          continue;
        }
        const tooSmall = dimensionProblem(file.name, size.width, size.height);
        if (tooSmall) {
          found.push(tooSmall);
          continue;
        }
        setWorking(`Uploading ${file.name}…`);
        stored.push(await uploadImageFile(file, file.type as AdImageType));
      } catch (failure) {
        found.push(messageOf(failure));
      }
    }
    try {
      if (stored.length > 0) {
        setWorking(`Sending ${stored.length === 1 ? 'the image' : `${stored.length} images`} to your ad account…`);
        add(await sendToAdAccount(adAccountId, stored), found);
      } else {
        setProblems(found);
      }
    } catch (failure) {
      setProblems([...found, messageOf(failure)]);
    } finally {
      setWorking(null);
    }
  };

  const pick = async (asset: Asset) => {
    setWorking(`Sending ${asset.fileName} to your ad account…`);
    try {
      add(await sendToAdAccount(adAccountId, [asset]), []);
    } catch (failure) {
      setProblems([messageOf(failure)]);
    } finally {
      setWorking(null);
    }
  };

  const chosen = (asset: Asset) =>
    images.some((image) => image.assetId === asset.id && image.adAccountId === adAccountId);
  const chosenHash = (hash: string) => images.some((image) => image.hash === hash && image.adAccountId === adAccountId);

  return (
    <fieldset className="grid min-w-0 gap-3" aria-describedby={`${uploadId}-hint`}>
      <legend className="text-sm font-medium">Images (optional)</legend>
      <p id={`${uploadId}-hint`} className="text-sm text-muted-foreground">
        PNG or JPEG, at least 600 px on the shorter side, up to 15 MB. The ads use them in turn; without images Meta
        shows the landing page’s picture.
      </p>
      {images.length > 0 ? (
        <ul aria-label="Chosen images" className="flex flex-wrap gap-3">
          {images.map((image) => (
            <li key={`${image.adAccountId}:${image.hash}`} className="relative w-24">
              {image.thumbnailUrl ? (
                <img src={image.thumbnailUrl} alt={image.name} className="size-24 rounded-md border object-cover" />
              ) : (
                <div
                  role="img"
                  aria-label={image.name}
                  className="flex size-24 items-center justify-center rounded-md border bg-muted text-muted-foreground"
                >
                  <ImageIcon aria-hidden="true" />
                </div>
              )}
              <span className="mt-1 block truncate text-xs" title={image.name}>
                {image.name}
              </span>
              <Button
                variant="outline"
                size="icon"
                className="absolute -top-2 -right-2 size-7 rounded-full"
                aria-label={`Remove ${image.name}`}
                onClick={() => onChange(images.filter((other) => other !== image))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
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
        <div className="grid gap-2">
          {assets.isPending ? <Spinner label="Loading your images" className="size-6" /> : null}
          {assets.isError ? <Alert variant="destructive">{assets.error.message}</Alert> : null}
          {inAccount.isError ? <Alert variant="destructive">{inAccount.error.message}</Alert> : null}
          {inLibrary.length > 0 ? (
            <ul aria-label="Already in this ad account" className="flex flex-wrap gap-2">
              {inLibrary.map((image) => (
                <li key={image.hash}>
                  <button
                    type="button"
                    aria-label={`Use ${image.name}`}
                    aria-pressed={chosenHash(image.hash)}
                    disabled={chosenHash(image.hash) || full || working !== null}
                    onClick={() => add([pickedFromAccount(adAccountId, image)], [])}
                    className="block rounded-md border-2 border-transparent focus-visible:ring-2 focus-visible:ring-ring aria-pressed:border-primary disabled:opacity-60"
                  >
                    <img src={image.thumbnailUrl} alt="" className="size-20 rounded object-cover" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {assets.data && inAccount.data && usable.length === 0 && inLibrary.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No PNG or JPEG images yet.{' '}
              <Link to={webPaths.adsGraphicsGenerator} className="text-primary underline-offset-4 hover:underline">
                Make one in the graphics generator
              </Link>
              .
            </p>
          ) : null}
          {usable.length > 0 ? (
            <ul aria-label="Your graphics generator images" className="flex flex-wrap gap-2">
              {usable.map((asset) => (
                <li key={asset.id}>
                  <button
                    type="button"
                    aria-label={`Use ${asset.fileName}`}
                    aria-pressed={chosen(asset)}
                    disabled={chosen(asset) || full || working !== null}
                    onClick={() => void pick(asset)}
                    className="block rounded-md border-2 border-transparent focus-visible:ring-2 focus-visible:ring-ring aria-pressed:border-primary disabled:opacity-60"
                  >
                    <img
                      src={asset.url}
                      alt=""
                      className="size-20 rounded object-cover"
                      width={asset.width}
                      height={asset.height}
                    />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
