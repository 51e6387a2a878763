import { Sparkles } from 'lucide-react';
import { adImagePrompt } from '@shared/graphics/ad-image-prompt';
import { type Design } from '@shared/graphics/design-schema';
import { QuotaUpgradePrompt } from '@web/components/billing/quota-upgrade-prompt';
import { UsageMeter } from '@web/components/billing/usage-meter';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { NativeSelect } from '@web/components/ui/select-field';
import { Spinner } from '@web/components/ui/spinner';
import { useUsage } from '@web/lib/billing/usage';
import type { AiImageState, AiShape, AiStyle } from '../hooks/use-image-library';
import { errorMessage } from '../lib/display-text';

/** Generate an image from a brief (the prompt is shown), counted against the day's AI generations. */
export function AiImageGenerator({ design, ai }: { design: Design; ai: AiImageState }) {
  const usage = useUsage();
  const generations = usage.data?.limits.find((limit) => limit.key === 'aiGenerationsPerDay');
  const { generate, quotaHit } = ai;
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-semibold">Generate an image</legend>
      {generations ? <UsageMeter usage={generations} /> : null}
      <FormField label="Describe the image" description="Starts from your headline and body text.">
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={1000}
            value={ai.brief}
            onChange={(e) => ai.setBrief(e.target.value)}
            className="w-full rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
        )}
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField label="Kind of image">
          {(control) => (
            <NativeSelect {...control} value={ai.style} onChange={(e) => ai.setStyle(e.target.value as AiStyle)}>
              <option value="background">Background</option>
              <option value="product-scene">Product scene</option>
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Image shape">
          {(control) => (
            <NativeSelect {...control} value={ai.shape} onChange={(e) => ai.setShape(e.target.value as AiShape)}>
              <option value="square">Square</option>
              <option value="portrait">Portrait</option>
              <option value="landscape">Landscape</option>
            </NativeSelect>
          )}
        </FormField>
      </div>
      <details className="text-xs">
        <summary className="cursor-pointer text-muted-foreground">Prompt sent to the image model</summary>
        <pre aria-label="Image prompt" className="mt-2 whitespace-pre-wrap rounded-md bg-muted p-2 font-mono">
          {adImagePrompt({ brief: ai.brief.trim(), style: ai.style, palette: design.palette })}
        </pre>
      </details>
      <Button
        onClick={() => generate.mutate()}
        disabled={generate.isPending || ai.brief.trim().length < 3}
        className="w-fit"
      >
        {generate.isPending ? <Spinner className="size-4" /> : <Sparkles aria-hidden="true" />}
        {generate.isPending ? 'Generating…' : 'Generate image'}
      </Button>
      {generate.isPending ? (
        <p role="status" className="text-xs text-muted-foreground">
          Drawing your image: this takes up to half a minute.
        </p>
      ) : null}
      {quotaHit ? <QuotaUpgradePrompt quota={quotaHit} /> : null}
      {generate.isError && !quotaHit ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          The image was not generated: {errorMessage(generate.error, 'please try again.')}
        </p>
      ) : null}
    </fieldset>
  );
}
