import { Save, Sparkles } from 'lucide-react';
import { QuotaUpgradePrompt } from '@web/components/billing/quota-upgrade-prompt';
import { UsageMeter } from '@web/components/billing/usage-meter';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { WinnersHint } from '@web/components/meta-account/winners-hint';
import { Button } from '@web/components/ui/button';
import { useAIConnection } from '@web/lib/ai/use-ai-connection';
import { useUsage } from '@web/lib/billing/usage';
import { adCopyLanguages } from '@shared/ad-copy-rules';
import { useBusinessLanguages } from '@web/lib/business-languages/business-languages';
import { useAdCopyWorkspace } from '../hooks/use-ad-copy-workspace';
import { briefLanguages, languagesFromBusiness, type BriefFormValues } from '../lib/brief-form';
import { BriefForm } from './brief-form';
import { GenerationProgress } from './generation-progress';
import { HistoryPanel } from './history-panel';
import { VariantCard } from './variant-card';

/**
 * The ad copy generator: a brief in, several variants out, each editable in
 * place with Meta's limits and the policy check; copy, regenerate one, save to
 * the history and reopen. Reused by the campaign generator and ad optimizer,
 * which pass a starting brief.
 */
export function AdCopyGenerator({ initialBrief }: { initialBrief?: Partial<BriefFormValues> }) {
  // The business languages are the brief's languages (its own first) unless the caller's brief names one; English if
  // they cannot be read. The form waits for that read: starting it before, then again with them, cleared what the
  // marketer had typed meanwhile (and a generation already asked for).
  const query = useBusinessLanguages();
  if (query.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading your business languages…
      </p>
    );
  }
  const business = query.data?.languages;
  const languages = languagesFromBusiness(business ?? []);
  return (
    <AdCopyWorkspace
      key={business ? business.join() : 'default'}
      initialBrief={initialBrief?.language ? initialBrief : { ...languages, ...initialBrief }}
      business={briefLanguages(languages)}
    />
  );
}

function AdCopyWorkspace({
  initialBrief,
  business,
}: {
  initialBrief: Partial<BriefFormValues>;
  business: BriefFormValues['alsoIn'];
}) {
  const ai = useAIConnection();
  const {
    winners,
    startFromWinners,
    setStartFromWinners,
    state,
    cancel,
    saving,
    values,
    setValues,
    errors,
    result,
    regenerating,
    inlineError,
    savedId,
    quotaHit,
    onGenerate,
    onRegenerate,
    onSave,
    onOpen,
    editVariant,
  } = useAdCopyWorkspace(initialBrief);
  const busy = state.status === 'generating';
  const aiReady = ai.connectionStatus === 'connected';
  // Generations through our server count against the plan; an own key is the user's own bill.
  const counted = ai.mode !== 'own-key';
  const usage = useUsage({ enabled: counted });
  const generations = usage.data?.limits.find((limit) => limit.key === 'aiGenerationsPerDay');

  return (
    <div className="grid gap-8 xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
      <div className="grid content-start gap-6">
        <section aria-labelledby="brief-heading" className="rounded-lg border bg-card p-6 shadow-sm">
          <h2 id="brief-heading" className="mb-4 text-lg font-semibold">
            Your brief
          </h2>
          {!aiReady && !ai.loading ? (
            <Alert variant="warning" title="AI is not connected" className="mb-4">
              {ai.lastError ?? 'Check the AI connection panel: the server key is not answering and no own key is set.'}
            </Alert>
          ) : null}
          {counted && generations ? <UsageMeter usage={generations} className="mb-4" /> : null}
          <BriefForm
            values={values}
            errors={errors}
            onChange={setValues}
            onSubmit={() => void onGenerate()}
            busy={busy}
            business={business}
            hint={
              winners ? (
                <WinnersHint winners={winners} checked={startFromWinners} onChange={setStartFromWinners} />
              ) : null
            }
          />
        </section>
        <HistoryPanel onOpen={onOpen} />
      </div>

      <section aria-labelledby="variants-heading" className="grid content-start gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2">
            <h2 id="variants-heading" className="text-lg font-semibold">
              Variants
            </h2>
            {ai.offlineModel ? <Badge variant="outline">Offline demo model</Badge> : null}
            {ai.mode === 'own-key' ? <Badge variant="outline">Your own OpenAI key</Badge> : null}
          </div>
          {result ? (
            <Button onClick={() => void onSave()} disabled={saving || busy || savedId !== null}>
              <Save aria-hidden="true" /> {savedId ? 'Saved' : saving ? 'Saving…' : 'Save to history'}
            </Button>
          ) : null}
        </div>

        {state.status === 'generating' ? <GenerationProgress state={state} onCancel={cancel} /> : null}
        {state.status === 'cancelled' ? (
          <Alert title="Generation cancelled">Nothing was changed. Adjust the brief and generate again.</Alert>
        ) : null}
        {quotaHit ? <QuotaUpgradePrompt quota={quotaHit} /> : null}
        {inlineError ? (
          <Alert variant="destructive" title="The ad copy could not be written">
            {inlineError}
          </Alert>
        ) : null}

        {result
          ? result.groups.map((group, g) => (
              <section key={group.language} lang={group.language} className="grid gap-3">
                {result.groups.length > 1 ? (
                  <h3 className="text-base font-semibold">{adCopyLanguages[group.language]}</h3>
                ) : null}
                <ul
                  className="grid gap-4"
                  aria-label={
                    result.groups.length > 1
                      ? `Ad copy variants in ${adCopyLanguages[group.language]}`
                      : 'Ad copy variants'
                  }
                >
                  {group.variants.map((variant, index) => (
                    <li key={`${index}-${variant.angle}`}>
                      <VariantCard
                        index={index}
                        variant={variant}
                        language={group.language}
                        busy={busy}
                        regenerating={regenerating?.group === g && regenerating.index === index}
                        onRegenerate={() => void onRegenerate(g, index)}
                        onChange={(next) => editVariant(g, index, next)}
                      />
                    </li>
                  ))}
                </ul>
              </section>
            ))
          : null}
        {result ? null : state.status !== 'generating' ? (
          <div className="grid place-items-center gap-3 rounded-lg border border-dashed p-10 text-center text-muted-foreground">
            <Sparkles aria-hidden="true" className="size-8 text-primary" />
            <p className="max-w-sm">
              Describe your product and who it is for. You get up to five variants, each from a different angle, checked
              against Meta’s lengths and advertising standards.
            </p>
          </div>
        ) : null}
      </section>
    </div>
  );
}
