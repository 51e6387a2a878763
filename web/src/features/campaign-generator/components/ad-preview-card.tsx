import type { RefObject } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import type { PreviewedAd } from '../hooks/use-plan-editor';
import { AdPreviews } from './ad-previews';

interface AdPreviewCardProps {
  adAccountId: string;
  previewing: PreviewedAd;
  /** Scrolled into view and focused when a Preview is pressed. */
  sectionRef: RefObject<HTMLElement | null>;
}

/** Meta's previews of the ad whose Preview was pressed last. */
export function AdPreviewCard({ adAccountId, previewing, sectionRef }: AdPreviewCardProps) {
  return (
    <section ref={sectionRef} tabIndex={-1} aria-labelledby="ad-preview-heading">
      <Card>
        <CardHeader>
          <CardTitle id="ad-preview-heading">Preview of {previewing.label}</CardTitle>
        </CardHeader>
        <CardContent>
          <AdPreviews adAccountId={adAccountId} ad={previewing.ad} />
        </CardContent>
      </Card>
    </section>
  );
}
