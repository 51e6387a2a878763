import { Sparkles } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import {
  AD_COPY_MAX_VARIANTS,
  adCopyLanguageKeys,
  adCopyLanguages,
  adCopyToneKeys,
  adCopyTones,
  campaignObjectiveLabels,
  campaignObjectives,
  type AdCopyLanguage,
} from '@shared/ad-copy-rules';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';
import type { BriefErrors, BriefFormValues } from '../lib/brief-form';

const controlClass =
  'w-full rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive';

interface BriefFormProps {
  values: BriefFormValues;
  errors: BriefErrors;
  onChange: (values: BriefFormValues) => void;
  onSubmit: () => void;
  busy: boolean;
  /** Shown above the button: what won in the ad account, when something did. */
  hint?: ReactNode;
  /** The workspace's business languages the engine writes (base codes, primary first): offered as further languages. */
  business?: AdCopyLanguage[];
}

export function BriefForm({ values, errors, onChange, onSubmit, busy, hint, business = [] }: BriefFormProps) {
  const further = [...new Set([...business, ...values.alsoIn])].filter((language) => language !== values.language);
  const set = <K extends keyof BriefFormValues>(key: K, value: BriefFormValues[K]) =>
    onChange({ ...values, [key]: value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Ad copy brief" className="grid gap-4">
      <FormField label="Product or service" error={errors.product}>
        {(control) => (
          <textarea
            {...control}
            rows={2}
            className={controlClass}
            placeholder="e.g. Handmade ceramic coffee mugs"
            value={values.product}
            onChange={(e) => set('product', e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Target audience" error={errors.audience}>
        {(control) => (
          <textarea
            {...control}
            rows={2}
            className={controlClass}
            placeholder="e.g. Remote workers who love slow mornings"
            value={values.audience}
            onChange={(e) => set('audience', e.target.value)}
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Tone (optional)" error={errors.tone}>
          {(control) => (
            <select
              {...control}
              className={cn(controlClass, 'h-10')}
              value={values.tone}
              onChange={(e) => set('tone', e.target.value as BriefFormValues['tone'])}
            >
              <option value="">Any</option>
              {adCopyToneKeys.map((tone) => (
                <option key={tone} value={tone}>
                  {adCopyTones[tone]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Campaign objective (optional)" error={errors.objective}>
          {(control) => (
            <select
              {...control}
              className={cn(controlClass, 'h-10')}
              value={values.objective}
              onChange={(e) => set('objective', e.target.value as BriefFormValues['objective'])}
            >
              <option value="">Not decided</option>
              {campaignObjectives.map((objective) => (
                <option key={objective} value={objective}>
                  {campaignObjectiveLabels[objective]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Language" error={errors.language}>
          {(control) => (
            <select
              {...control}
              className={cn(controlClass, 'h-10')}
              value={values.language}
              onChange={(e) => set('language', e.target.value as BriefFormValues['language'])}
            >
              {adCopyLanguageKeys.map((language) => (
                <option key={language} value={language}>
                  {adCopyLanguages[language]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {further.length > 0 ? (
          <fieldset className="grid gap-2 sm:col-span-2">
            <legend className="text-sm font-medium">Also write in</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {further.map((language) => (
                <label key={language} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={values.alsoIn.includes(language)}
                    onChange={(e) =>
                      set(
                        'alsoIn',
                        e.target.checked
                          ? [...values.alsoIn, language]
                          : values.alsoIn.filter((other) => other !== language),
                      )
                    }
                  />
                  {adCopyLanguages[language]}
                </label>
              ))}
            </div>
            <p className="text-sm text-muted-foreground">
              Your business languages: the variants are written in each (one generation per language).
            </p>
          </fieldset>
        ) : null}
        <FormField label="Number of variants" error={errors.variants}>
          {(control) => (
            <select
              {...control}
              className={cn(controlClass, 'h-10')}
              value={values.variants}
              onChange={(e) => set('variants', Number(e.target.value))}
            >
              {Array.from({ length: AD_COPY_MAX_VARIANTS }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <FormField label="Landing page URL (optional)" error={errors.landingPageUrl}>
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            placeholder="https://example.com/spring"
            value={values.landingPageUrl}
            onChange={(e) => set('landingPageUrl', e.target.value)}
          />
        )}
      </FormField>
      {hint}
      <Button type="submit" disabled={busy} className="justify-self-start">
        <Sparkles aria-hidden="true" /> {busy ? 'Generating…' : 'Generate ad copy'}
      </Button>
    </form>
  );
}
