import { type BrandKit } from '@shared/graphics/brand-kit-schema';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useBrandKitEditor } from '../hooks/use-brand-kit-editor';
import { errorMessage } from '../lib/display-text';
import { BrandColoursField } from './brand-colours-field';
import { BrandLogoField } from './brand-logo-field';
import { ButtonFillSelect, ButtonShapeSelect, FontSelect } from './style-selects';

/**
 * The user's brand kit: logo (uploaded through the presigned upload and checked by the server), up to six colours,
 * heading and body fonts, the default button style. Saved with PUT; saving applies it to the open design, and a new
 * design starts from it.
 */
export function BrandKitPanel({ onApply }: { onApply: (kit: BrandKit, logoUrl: string | undefined) => void }) {
  const { stored, save, draft, upload, logoError, saved, editing } = useBrandKitEditor(onApply);

  if (stored.isPending) {
    return (
      <div role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Loading your brand kit…
      </div>
    );
  }
  if (stored.isError) {
    return (
      <Alert variant="destructive" title="The brand kit could not be loaded">
        <p>{errorMessage(stored.error, 'Please try again.')}</p>
        <Button size="sm" variant="outline" className="mt-2" onClick={() => void stored.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  const { kit, logoUrl, edit, onLogo, removeLogo, onSave } = editing(stored.data);
  return (
    <section aria-labelledby="brand-kit-heading" className="grid gap-4">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="brand-kit-heading" className="text-sm font-semibold">
          Brand kit
        </h2>
        {!stored.data.saved && !draft ? <span className="text-xs text-muted-foreground">Not saved yet</span> : null}
      </div>

      <BrandLogoField
        kit={kit}
        logoUrl={logoUrl}
        upload={upload}
        logoError={logoError}
        onLogo={(e) => void onLogo(e)}
        onRemove={removeLogo}
      />
      <BrandColoursField colours={kit.colours} onChange={(colours) => edit({ colours })} />

      <div className="grid grid-cols-2 gap-3">
        <FontSelect
          label="Brand heading font"
          value={kit.headingFont}
          onChange={(headingFont) => edit({ headingFont })}
        />
        <FontSelect label="Brand body font" value={kit.bodyFont} onChange={(bodyFont) => edit({ bodyFont })} />
        <ButtonShapeSelect
          label="Default button shape"
          value={kit.ctaStyle.shape}
          onChange={(shape) => edit({ ctaStyle: { ...kit.ctaStyle, shape } })}
        />
        <ButtonFillSelect
          label="Default button fill"
          value={kit.ctaStyle.fill}
          onChange={(fill) => edit({ ctaStyle: { ...kit.ctaStyle, fill } })}
        />
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void onSave()} disabled={save.isPending || upload !== null}>
          {save.isPending ? <Spinner className="size-4" /> : null}
          {save.isPending ? 'Saving…' : 'Save brand kit'}
        </Button>
        <Button
          variant="outline"
          onClick={() => onApply(kit, logoUrl)}
          disabled={upload !== null}
          aria-label="Apply brand kit to this design"
        >
          Apply to design
        </Button>
        <span role="status" className="text-sm text-muted-foreground">
          {saved ? 'Brand kit saved and applied to the design.' : ''}
        </span>
      </div>
      {save.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          The brand kit was not saved: {errorMessage(save.error, 'please try again.')}
        </p>
      ) : null}
    </section>
  );
}
