import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { adCopyLanguages, type AdCopyAngle, type AdCopyLanguage } from '@shared/ad-copy-rules';
import { COPY_PARTS, creativeStart, winsAmong, type CreativeStart } from '@shared/creative-winners';
import type { AdCopyRequestInput, AdCopyVariant, SavedAdCopy } from '@shared/schemas/ai';
import { useAuth } from '@web/lib/auth/use-auth';
import { useSelectedAccountWinners } from '@web/lib/meta-account/creative-winners';
import { quotaExceededOf, usageKey, type QuotaExceeded } from '@web/lib/billing/usage';
import { errorCode, handleError } from '@web/lib/errors/handle-error';
import { useSaveAdCopy } from '../api/ad-copy-api';
import { useAdCopyGeneration, type Generated } from './use-ad-copy-generation';
import {
  briefLanguages,
  briefOf,
  EMPTY_BRIEF,
  formOf,
  validateBrief,
  type BriefErrors,
  type BriefFormValues,
} from '../lib/brief-form';

/** The variants written in one language (issue 29 req 3): the brief's own language first, then each further one. */
export interface LanguageGroup {
  language: AdCopyLanguage;
  variants: AdCopyVariant[];
}
type Written = { groups: LanguageGroup[]; meta: Omit<Generated, 'variants'> };

/** One generation per language, the brief's own first, each checked in its language by the server; null if cancelled. */
async function generateEach(
  generate: ReturnType<typeof useAdCopyGeneration>['generate'],
  request: AdCopyRequestInput,
  languages: AdCopyLanguage[],
  refreshUsage: () => void,
): Promise<Written | null> {
  const groups: LanguageGroup[] = [];
  let meta: Written['meta'] | null = null;
  for (const language of languages) {
    const words = groups.length > 0 ? ` in ${adCopyLanguages[language]}` : '';
    const generated = await generate({ ...request, language }, `Writing ${request.variants} variants${words}…`);
    if (generated?.quota) refreshUsage();
    if (!generated) return null;
    const { variants, ...rest } = generated;
    groups.push({ language, variants });
    meta = rest;
  }
  return { groups, meta: meta! };
}

/** The result with one variant of one language replaced. */
function withVariant(result: Written, group: number, index: number, next: AdCopyVariant): Written {
  return {
    ...result,
    groups: result.groups.map((g, gi) =>
      gi === group ? { ...g, variants: g.variants.map((v, i) => (i === index ? next : v)) } : g,
    ),
  };
}

/** Errors whose own message helps more than the generic toast (rate limits, upstream trouble); quotas get the upgrade prompt. */
const SHOWN_INLINE = new Set(['RATE_LIMITED', 'UPSTREAM_ERROR', 'AUTH_ERROR']);

/**
 * The generator's working state: the brief being edited, the variants written from the brief last used (each
 * editable and regenerable with a new take on its angle), saving them to the history and reopening a saved set,
 * and what went wrong (the upgrade prompt for a quota, the message inline for some errors, a toast otherwise).
 */
export function useAdCopyWorkspace(initialBrief: Partial<BriefFormValues> | undefined) {
  const { currentUser } = useAuth();
  const { state, generate, cancel } = useAdCopyGeneration();
  const save = useSaveAdCopy(currentUser?.uid);
  const [values, setValues] = useState<BriefFormValues>({ ...EMPTY_BRIEF, ...initialBrief });
  const [errors, setErrors] = useState<BriefErrors>({});
  const [result, setResult] = useState<Written | null>(null);
  const [briefUsed, setBriefUsed] = useState<BriefFormValues | null>(null);
  const [regenerating, setRegenerating] = useState<{ group: number; index: number } | null>(null);
  const [takes, setTakes] = useState<Partial<Record<string, number>>>({});
  const [inlineError, setInlineError] = useState<string | null>(null);
  const [savedId, setSavedId] = useState<string | null>(null);
  const [quotaHit, setQuotaHit] = useState<QuotaExceeded | null>(null);
  // What won in the selected ad account (the creative report, for the brief's objective): the variants start from
  // its angle and call to action unless the marketer turns it off. No winner, no hint, nothing sent.
  const found = useSelectedAccountWinners(values.objective || undefined);
  const winners = winsAmong(found, COPY_PARTS) ? found : null;
  const [startFromWinners, setStartFromWinners] = useState(true);
  const [startFromUsed, setStartFromUsed] = useState<CreativeStart | undefined>(undefined);
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
    const startFrom = winners && startFromWinners ? creativeStart(winners) : undefined;
    const checked = validateBrief(values, startFrom ? { startFrom } : {});
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setInlineError(null);
    setQuotaHit(null);
    try {
      const written = await generateEach(generate, checked.request, briefLanguages(values), refreshUsage);
      if (!written) return;
      setResult(written);
      setBriefUsed(values);
      setStartFromUsed(startFrom);
      setTakes({});
      setSavedId(null);
    } catch (error) {
      fail(error);
    }
  };

  const onRegenerate = async (group: number, index: number) => {
    if (!result || !briefUsed) return;
    const { language, variants } = result.groups[group]!;
    const angle: AdCopyAngle = variants[index]!.angle;
    const take = `${language}:${angle}`;
    const variation = (takes[take] ?? 0) + 1;
    const checked = validateBrief(briefUsed, {
      angle,
      variation,
      language,
      ...(startFromUsed ? { startFrom: startFromUsed } : {}),
    });
    if (!checked.ok) return;
    setRegenerating({ group, index });
    setInlineError(null);
    setQuotaHit(null);
    try {
      const generated = await generate(checked.request, `Rewriting variant ${index + 1}…`);
      if (generated?.quota) refreshUsage();
      if (!generated?.variants[0]) return;
      setTakes((t) => ({ ...t, [take]: variation }));
      replaceVariant(group, index, generated.variants[0]);
      setSavedId(null);
    } catch (error) {
      fail(error);
    } finally {
      setRegenerating(null);
    }
  };

  const replaceVariant = (group: number, index: number, next: AdCopyVariant) =>
    setResult((r) => (r ? withVariant(r, group, index, next) : r));

  const onSave = async () => {
    if (!result || !briefUsed) return;
    try {
      // Each language is its own saved set (the history keeps one language per brief).
      let id = '';
      for (const group of result.groups) {
        id = (await save.mutateAsync({ brief: briefOf(briefUsed, group.language), variants: group.variants })).id;
      }
      setSavedId(id);
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
    setStartFromUsed(undefined);
    setErrors({});
    setResult({
      groups: [{ language: saved.brief.language, variants: saved.variants }],
      meta: { model: '', offline: false, via: 'server' },
    });
    setSavedId(saved.id);
    setTakes({});
    toast.info(`Opened “${saved.brief.product}”`);
  };

  const editVariant = (group: number, index: number, next: AdCopyVariant) => {
    replaceVariant(group, index, next);
    setSavedId(null);
  };

  return {
    winners,
    startFromWinners,
    setStartFromWinners,
    state,
    cancel,
    saving: save.isPending,
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
  };
}
