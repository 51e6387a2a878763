import { type Design } from '@shared/graphics/design-schema';
import { useImageLibrary } from '../hooks/use-image-library';
import { AiImageGenerator } from './ai-image-generator';
import { DesignImageSlots } from './design-image-slots';
import { PhotoUpload } from './photo-upload';
import { StoredImages } from './stored-images';

/**
 * Images for the design's slots: upload product photos (presigned, with progress), pick from the user's stored
 * images, delete them, or generate one with the AI image route (prompt shown, counted against AI generations).
 */
export function ImageLibrary({ design, onChange }: { design: Design; onChange: (next: Design) => void }) {
  const { template, photoSlots, place, upload, ai } = useImageLibrary(design, onChange);
  return (
    <div className="grid gap-6">
      <DesignImageSlots design={design} slots={template.images} onChange={onChange} />
      {photoSlots.length > 0 ? <PhotoUpload photoSlots={photoSlots} upload={upload} /> : null}
      {photoSlots.length > 0 ? <AiImageGenerator design={design} ai={ai} /> : null}
      <StoredImages design={design} onChange={onChange} photoSlots={photoSlots} place={place} />
    </div>
  );
}
