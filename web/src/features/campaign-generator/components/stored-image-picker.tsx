import { Link } from 'react-router-dom';
import type { Asset } from '@shared/schemas/graphics';
import { webPaths } from '@shared/web-paths';
import { Alert } from '@web/components/ui/alert';
import { Spinner } from '@web/components/ui/spinner';
import { pickedFromAccount, type useAccountAdImages, type useImageAssets } from '../api/brief-images-api';
import { AD_IMAGE_TYPES, type PickedImage } from '../lib/brief-images';

const pickButtonClass =
  'block rounded-md border-2 border-transparent focus-visible:ring-2 focus-visible:ring-ring aria-pressed:border-primary disabled:opacity-60';

interface StoredImagePickerProps {
  /** The graphics generator's stored images (asked for while the picker is open). */
  assets: ReturnType<typeof useImageAssets>;
  /** The images already in the ad account's library. */
  inAccount: ReturnType<typeof useAccountAdImages>;
  adAccountId: string;
  images: PickedImage[];
  /** Nothing more can be picked (the brief is full, or an image is on its way). */
  disabled: boolean;
  onAdd: (added: PickedImage[]) => void;
  onPick: (asset: Asset) => void;
}

/**
 * The images already in the ad account's library and the graphics generator's images not yet there, to pick from;
 * a way to the graphics generator when there are none.
 */
export function StoredImagePicker({
  assets,
  inAccount,
  adAccountId,
  images,
  disabled,
  onAdd,
  onPick,
}: StoredImagePickerProps) {
  const inLibrary = inAccount.data ?? [];
  // Stored images not yet in this account's library (those already there are offered as they are).
  const usable = (assets.data ?? []).filter(
    (asset) =>
      (AD_IMAGE_TYPES as readonly string[]).includes(asset.mimeType) &&
      !inLibrary.some((image) => image.assetId === asset.id),
  );
  const chosen = (asset: Asset) =>
    images.some((image) => image.assetId === asset.id && image.adAccountId === adAccountId);
  const chosenHash = (hash: string) => images.some((image) => image.hash === hash && image.adAccountId === adAccountId);

  return (
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
                disabled={chosenHash(image.hash) || disabled}
                onClick={() => onAdd([pickedFromAccount(adAccountId, image)])}
                className={pickButtonClass}
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
                disabled={chosen(asset) || disabled}
                onClick={() => onPick(asset)}
                className={pickButtonClass}
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
  );
}
