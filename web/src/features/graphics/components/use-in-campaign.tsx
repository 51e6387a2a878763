import { Megaphone } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CAROUSEL_EXPORT_SIZES } from '@shared/graphics/carousel-design';
import { type PlacementSizeId, placementSizeIds, placementSizes } from '@shared/graphics/placement-sizes';
import { webPaths } from '@shared/web-paths';
import { QuotaUpgradePrompt } from '@web/components/billing/quota-upgrade-prompt';
import { AdAccountWorkspace } from '@web/components/meta-account/ad-account-workspace';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { apiRequest } from '@web/lib/api';
import { quotaExceededOf, type QuotaExceeded } from '@web/lib/billing/quota-exceeded';
import { useAdAccountSelection } from '@web/lib/meta-account/use-ad-account-selection';
import { type SavingTools } from './server-export';
import { SizeCheckboxes } from './size-checkboxes';

type Step = { status: 'idle' } | { status: 'working'; message: string } | { status: 'failed'; message: string };

/**
 * The campaign generator's link for images in an ad account's library (read by its brief form); a carousel's cards
 * also choose the carousel format there.
 */
export function campaignGeneratorLink(
  adAccountId: string,
  hashes: readonly string[],
  { carousel = false }: { carousel?: boolean } = {},
): string {
  const query = new URLSearchParams({ adAccountId, imageHashes: hashes.join(',') });
  if (carousel) query.set('adFormat', 'carousel');
  return `${webPaths.campaignGenerator}?${query.toString()}`;
}

/**
 * "Use in a campaign": the chosen sizes of the saved design, exported by the server (the last export is reused when
 * it is of this version and has them), are sent to the chosen ad account (`/act_{id}/adimages`), and the campaign
 * generator opens with their hashes.
 */
export function UseInCampaign({
  blocked,
  saving,
  carouselCards,
}: {
  /** The design has errors listed under Quality checks. */
  blocked: boolean;
  saving: SavingTools;
  /**
   * A carousel's card count: its cards go in order, in one shape (Meta shows a carousel's cards at one ratio), and
   * the generator opens on the carousel format.
   */
  carouselCards?: number | undefined;
}) {
  const navigate = useNavigate();
  const selection = useAdAccountSelection();
  const carousel = carouselCards !== undefined;
  const [chosenSizes, setSizes] = useState<PlacementSizeId[]>([...placementSizeIds]);
  const [cardShape, setCardShape] = useState<PlacementSizeId>('square');
  const sizes = carousel ? [cardShape] : chosenSizes;
  const [step, setStep] = useState<Step>({ status: 'idle' });
  const [quotaHit, setQuotaHit] = useState<QuotaExceeded | null>(null);
  const adAccountId = selection.accountId ?? '';
  const busy = step.status === 'working';

  async function onUse() {
    if (!adAccountId || sizes.length === 0) return;
    setQuotaHit(null);
    try {
      const last = saving.lastExport;
      let images = last && sizes.every((id) => last.images.some((image) => image.sizeId === id)) ? last.images : null;
      if (!images) {
        setStep({
          status: 'working',
          message: `Saving and exporting ${sizes.length} ${sizes.length === 1 ? 'size' : 'sizes'}…`,
        });
        const saved = await saving.ensureSaved();
        if (!saved) throw new Error('the design could not be saved first.');
        const reply = await apiRequest('graphicsExportDesign', {
          params: { id: saved.id },
          body: { version: saved.version, sizes, format: 'png' },
        });
        saving.onExported(reply);
        images = reply.images;
      }
      const assetIds = images.filter((image) => sizes.includes(image.sizeId)).map((image) => image.id);
      setStep({ status: 'working', message: 'Sending the images to your ad account…' });
      const reply = await apiRequest('graphicsMetaImages', { body: { adAccountId, assetIds } });
      void navigate(
        campaignGeneratorLink(
          reply.adAccountId,
          reply.images.map((image) => image.hash),
          { carousel },
        ),
      );
    } catch (error) {
      const quota = quotaExceededOf(error);
      setQuotaHit(quota);
      setStep(
        quota
          ? { status: 'idle' }
          : { status: 'failed', message: error instanceof Error ? error.message : 'The images were not sent.' },
      );
    }
  }

  return (
    <section aria-labelledby="use-in-campaign-heading" className="grid gap-3 rounded-lg border p-4">
      <h2 id="use-in-campaign-heading" className="text-sm font-semibold">
        Use in a campaign
      </h2>
      <AdAccountWorkspace
        connect={{
          icon: Megaphone,
          title: 'Connect Meta to use this design in a campaign',
          description:
            'Connect a Meta ad account to send these images to it, then open the campaign generator with them.',
        }}
        selection={selection}
        toolbar={{ end: null }}
        className="grid gap-3"
      >
        {carousel ? (
          <CardShapeChoice cards={carouselCards} shape={cardShape} onChange={setCardShape} />
        ) : (
          <SizeCheckboxes legend="Sizes to send" sizes={chosenSizes} onChange={setSizes} labelOf={sizeLabel} />
        )}
        <div>
          <Button
            onClick={() => void onUse()}
            disabled={busy || blocked || !adAccountId || sizes.length === 0}
            title="Sends the chosen sizes to the ad account and opens the campaign generator with them"
          >
            {busy ? <Spinner className="size-4" /> : <Megaphone aria-hidden="true" />}
            Send and open the generator
          </Button>
        </div>
        <div role="status" aria-live="polite" className="text-sm text-muted-foreground empty:hidden">
          {step.status === 'working' ? step.message : ''}
        </div>
        {quotaHit ? <QuotaUpgradePrompt quota={quotaHit} /> : null}
        {step.status === 'failed' ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            The images were not sent: {step.message}
          </p>
        ) : null}
      </AdAccountWorkspace>
    </section>
  );
}

const sizeLabel = (sizeId: PlacementSizeId) =>
  `${placementSizes[sizeId].ratio} ${placementSizes[sizeId].width}×${placementSizes[sizeId].height}`;

/** The one shape a carousel's cards are sent in: each card once, so the generator makes one card of each. */
function CardShapeChoice({
  cards,
  shape,
  onChange,
}: {
  cards: number;
  shape: PlacementSizeId;
  onChange: (shape: PlacementSizeId) => void;
}) {
  const name = useId();
  return (
    <fieldset className="grid gap-1">
      <legend className="mb-1 text-sm font-medium">Card shape</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {CAROUSEL_EXPORT_SIZES.map((sizeId) => (
          <label key={sizeId} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={sizeId}
              checked={shape === sizeId}
              onChange={() => onChange(sizeId)}
            />
            {sizeLabel(sizeId)}
          </label>
        ))}
      </div>
      <p className="text-xs text-muted-foreground">
        All {cards} cards, in order, in this shape: the generator opens on a carousel of them.
      </p>
    </fieldset>
  );
}
