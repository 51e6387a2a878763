import { useState, type ChangeEvent } from 'react';
import type { Asset } from '@shared/schemas/graphics';
import { MAX_BRIEF_IMAGES } from '@shared/schemas/campaign-plan';
import { sendToAdAccount, uploadImageFile } from '../api/brief-images-api';
import { addPicked, dimensionProblem, fileProblem, type AdImageType, type PickedImage } from '../lib/brief-images';

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
 * Adding images to the brief: uploaded files (checked locally first) and stored images are sent to the ad account's
 * image library at once; what is happening, and what could not be added and why.
 */
export function useBriefImages(adAccountId: string, images: PickedImage[], onChange: (images: PickedImage[]) => void) {
  const [working, setWorking] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);

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

  return { working, problems, add, upload, pick };
}
