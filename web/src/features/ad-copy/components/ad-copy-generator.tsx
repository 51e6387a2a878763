import { useQueryClient } from '@tanstack/react-query';
import { Save, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { AdCopyAngle } from '@shared/ad-copy-rules';
import type { AdCopyVariant, SavedAdCopy } from '@shared/schemas/ai';
import { QuotaUpgradePrompt } from '@web/components/billing/quota-upgrade-prompt';
import { UsageMeter } from '@web/components/billing/usage-meter';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { useAIConnection } from '@web/lib/ai/use-ai-connection';
import { useAuth } from '@web/lib/auth/use-auth';
import { quotaExceededOf, usageKey, useUsage, type QuotaExceeded } from '@web/lib/billing/usage';
import { errorCode, handleError } from '@web/lib/errors/handle-error';
import { useSaveAdCopy } from '../api/ad-copy-api';
import { useAdCopyGeneration, type Generated } from '../hooks/use-ad-copy-generation';
import { briefOf, EMPTY_BRIEF, formOf, validateBrief, type BriefErrors, type BriefFormValues } from '../lib/brief-form';
import { BriefForm } from './brief-form';
import { GenerationProgress } from './generation-progress';
import { HistoryPanel } from './history-panel';
import { VariantCard } from './variant-card';

/** Errors whose own message helps more than the generic toast (rate limits, upstream trouble); quotas get the upgrade prompt. */
const SHOWN_INLINE = new Set(['RATE_LIMITED', 'UPSTREAM_ERROR', 'AUTH_ERROR']);

/**
 * The ad copy generator: a brief in, several variants out, each editable in
 * place with Meta's limits and the policy check; copy, regenerate one, save to
 * the history and reopen. Reused by the campaign generator and ad optimizer,
 * which pass a starting brief.
 */
export function AdCopyGenerator({ initialBrief }: { initialBrief?: Partial<BriefFormValues> }) {
  const ai = useAIConnection();
  const { currentUser } = useAuth();
  const { state, generate, cancel } = useAdCopyGeneration();
  const save = useSaveAdCopy(currentUser?.uid);
  const [values, setValues] = useState<BriefFormValues>({ ...EMPTY_BRIEF, ...initialBrief });
  const [errors, setErrors] = useState<BriefErrors>({});
  const [result, setResult] = useState<{ variants: AdCopyVariant[]; meta: Omit<Generated, 'variants'> } | null>(null);
  const [briefUsed, setBriefUsed] = useState<BriefFormValues | null>(null);
  const [regenerating, setRegenerating] = useState<number | null>(null);
  const [takes, setTakes] = useState<Partial<Record<AdCopyAngle, number>>>({});
  const [inlineError, setInlineError] = useState<string | null>(null);
  const [savedId, setSavedId] = useState<string | null>(null);
  const [quotaHit, setQuotaHit] = useState<QuotaExceeded | null>(null);
  const busy = state.status === 'generating';
  const aiReady = ai.connectionStatus === 'connected';
  // Generations through our server count against the plan; an own key is the user's own bill.
  const counted = ai.mode !== 'own-key';
  const usage = useUsage({ enabled: counted });
  const generations = usage.data?.limits.find((limit) => limit.key === 'aiGenerationsPerDay');
  const queryClient = useQueryClient();
  const refreshUsage = () => void queryClient.invalidateQueries({ queryKey: usageKey });

  const fail = (error: unknown) => {
    const quota = quotaExceededOf(error);
    setQuotaHit(quota);
    if (quota) {
      setInlineError(null);
      // An expected outcome shown as the upgrade prompt: not an error to log or report.
      refreshUsage();
      return;
    }
    const code = errorCode(error);
    const inline = SHOWN_INLINE.has(code) && error instanceof Error;
    setInlineError(inline ? error.message : null);
    handleError(error, { component: 'AdCopyGenerator', silent: inline });
  };

  const onGenerate = async () => {
    const checked = validateBrief(values);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setInlineError(null);
    setQuotaHit(null);
    try {
      const generated = await generate(checked.request, `Writing ${checked.request.variants} variants…`);
      if (generated?.quota) refreshUsage();
      if (!generated) return;
      const { variants, ...meta } = generated;
      setResult({ variants, meta });
      setBriefUsed(values);
      setTakes({});
      setSavedId(null);
    } catch (error) {
      fail(error);
    }
  };

  const onRegenerate = async (index: number) => {
    if (!result || !briefUsed) return;
    const angle = result.variants[index]!.angle;
    const variation = (takes[angle] ?? 0) + 1;
    const checked = validateBrief(briefUsed, { angle, variation });
    if (!checked.ok) return;
    setRegenerating(index);
    setInlineError(null);
    setQuotaHit(null);
    try {
      const generated = await generate(checked.request, `Rewriting variant ${index + 1}…`);
      if (generated?.quota) refreshUsage();
      if (!generated?.variants[0]) return;
      setTakes((t) => ({ ...t, [angle]: variation }));
      setResult((r) =>
        r ? { ...r, variants: r.variants.map((v, i) => (i === index ? generated.variants[0]! : v)) } : r,
      );
      setSavedId(null);
    } catch (error) {
      fail(error);
    } finally {
      setRegenerating(null);
    }
  };

  const onSave = async () => {
    if (!result || !briefUsed) return;
    try {
      const saved = await save.mutateAsync({ brief: briefOf(briefUsed), variants: result.variants });
      setSavedId(saved.id);
      toast.success('Saved to your ad copy history');
    } catch (error) {
      handleError(error, { component: 'AdCopyGenerator' });
    }
  };

  const onOpen = (saved: SavedAdCopy) => {
    cancel();
    const form = formOf(saved.brief, saved.variants.length);
    setValues(form);
    setBriefUsed(form);
    setErrors({});
    setResult({ variants: saved.variants, meta: { model: '', offline: false, via: 'server' } });
    setSavedId(saved.id);
    setTakes({});
    toast.info(`Opened “${saved.brief.product}”`);
  };

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
            <Button onClick={() => void onSave()} disabled={save.isPending || busy || savedId !== null}>
              <Save aria-hidden="true" /> {savedId ? 'Saved' : save.isPending ? 'Saving…' : 'Save to history'}
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

        {result ? (
          <ul className="grid gap-4" aria-label="Ad copy variants">
            {result.variants.map((variant, index) => (
              <li key={`${index}-${variant.angle}`}>
                <VariantCard
                  index={index}
                  variant={variant}
                  busy={busy}
                  regenerating={regenerating === index}
                  onRegenerate={() => void onRegenerate(index)}
                  onChange={(next) => {
                    setResult((r) => (r ? { ...r, variants: r.variants.map((v, i) => (i === index ? next : v)) } : r));
                    setSavedId(null);
                  }}
                />
              </li>
            ))}
          </ul>
        ) : state.status !== 'generating' ? (
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
