import type { AdCard, AdTest } from '@shared/schemas/ad-optimizer';
import { Badge } from '@web/components/ui/badge';
import { CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { safeImageUrl } from '../lib/ad-words';

/** The ad's creative thumbnail, name, ad set, status and verdict badges, and its copy as people read it. */
export function AdCardHeader({ ad, copyOf }: { ad: AdCard; copyOf: AdTest | undefined }) {
  const image = safeImageUrl(ad.creative?.thumbnailUrl ?? ad.creative?.imageUrl);
  return (
    <CardHeader className="gap-3">
      <div className="flex min-w-0 gap-3">
        {image ? (
          <img
            src={image}
            alt={`Creative of ${ad.name}`}
            className="size-20 shrink-0 rounded-md border bg-muted object-contain"
            loading="lazy"
          />
        ) : (
          <div
            className="grid size-20 shrink-0 place-items-center rounded-md border bg-muted text-xs text-muted-foreground"
            aria-label="No image"
          >
            No image
          </div>
        )}
        <div className="grid min-w-0 gap-1">
          <CardTitle className="text-base break-words">{ad.name}</CardTitle>
          <CardDescription className="break-words">
            {ad.adsetName ? `Ad set: ${ad.adsetName}` : `Ad set ${ad.adsetId}`}
          </CardDescription>
          <div className="flex flex-wrap gap-1.5">
            <Badge variant={ad.status === 'ACTIVE' ? 'success' : 'outline'}>
              {ad.status === 'ACTIVE' ? 'Active' : ad.status === 'PAUSED' ? 'Paused' : ad.status.toLowerCase()}
            </Badge>
            {ad.verdicts.map((v) => (
              <Badge key={v.kind} className="bg-amber-100 text-amber-900">
                {v.kind === 'creative_fatigue' ? 'Creative fatigue' : 'Low ranking'}
              </Badge>
            ))}
            {copyOf ? <Badge variant="outline">A/B copy of {copyOf.adName}</Badge> : null}
          </div>
        </div>
      </div>
      {ad.creative ? (
        <blockquote className="rounded-md bg-muted/50 p-2 text-sm break-words">
          <p className="font-medium">{ad.creative.headline || '—'}</p>
          <p className="text-muted-foreground">{ad.creative.primaryText}</p>
        </blockquote>
      ) : null}
    </CardHeader>
  );
}
