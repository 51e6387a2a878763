import { Eye } from 'lucide-react';
import { callToActionLabels, callToActionTypes } from '@shared/ad-copy-rules';
import type { PlanAd, PlanIssue } from '@shared/schemas/campaign-plan';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import { languageLabel } from '@web/lib/business-languages/business-languages';
import { errorAt, warningAt } from '../lib/plan-edits';
import { AdLanguageVersions } from './ad-language-versions';
import { AdVideoPicker } from './ad-video-picker';
import { CarouselCardsEditor } from './carousel-cards-editor';

const textareaClass =
  'w-full rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive';

interface AdCardProps {
  ad: PlanAd;
  /** "Ad 1.2": the ad set's number, then the ad's. */
  label: string;
  /** Where the validator reports this ad's issues (`adSets.0.ads.1`). */
  at: string;
  issues: PlanIssue[];
  changeAd: (change: (ad: PlanAd) => void) => void;
  onPreview: () => void;
}

/** One ad's texts, call to action and link, with a button to preview it as Meta draws it. */
export function AdCard({ ad, label, at, issues, changeAd, onPreview }: AdCardProps) {
  const carousel = ad.format === 'carousel';
  return (
    <fieldset className="grid gap-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">
        {label}
        {ad.translations?.length ? ` · ${languageLabel(ad.language ?? 'en')}` : ''}
      </legend>
      {/* A carousel sends its cards' headlines and descriptions, not the ad's (campaign-plan-validator.ts). */}
      {!carousel && (
        <>
          <FormField
            label={`${label} headline`}
            error={errorAt(issues, `${at}.headline`)}
            description={warningAt(issues, `${at}.headline`)}
          >
            {(control) => (
              <Input
                {...control}
                value={ad.headline}
                onChange={(e) => changeAd((a) => (a.headline = e.target.value))}
              />
            )}
          </FormField>
        </>
      )}
      <FormField
        label={`${label} primary text`}
        error={errorAt(issues, `${at}.primaryText`)}
        description={warningAt(issues, `${at}.primaryText`)}
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            className={textareaClass}
            value={ad.primaryText}
            onChange={(e) => changeAd((a) => (a.primaryText = e.target.value))}
          />
        )}
      </FormField>
      {!carousel && (
        <>
          <FormField
            label={`${label} description`}
            error={errorAt(issues, `${at}.description`)}
            description={warningAt(issues, `${at}.description`)}
          >
            {(control) => (
              <Input
                {...control}
                value={ad.description}
                onChange={(e) => changeAd((a) => (a.description = e.target.value))}
              />
            )}
          </FormField>
        </>
      )}
      <FormField label={`${label} call to action`} error={errorAt(issues, `${at}.callToAction`)}>
        {(control) => (
          <NativeSelect
            {...control}
            value={ad.callToAction}
            onChange={(e) => changeAd((a) => (a.callToAction = e.target.value as PlanAd['callToAction']))}
          >
            {callToActionTypes.map((type) => (
              <option key={type} value={type}>
                {callToActionLabels[type]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField label={`${label} link`}>
        {(control) => (
          <Input {...control} value={ad.link} onChange={(e) => changeAd((a) => (a.link = e.target.value))} />
        )}
      </FormField>
      {ad.format === 'video' ? (
        <AdVideoPicker ad={ad} label={label} at={at} issues={issues} changeAd={changeAd} />
      ) : null}
      {carousel && <CarouselCardsEditor ad={ad} label={label} at={at} issues={issues} changeAd={changeAd} />}
      <AdLanguageVersions ad={ad} label={label} at={at} issues={issues} changeAd={changeAd} />
      <Button variant="outline" size="sm" onClick={onPreview}>
        <Eye aria-hidden="true" /> Preview {label}
      </Button>
    </fieldset>
  );
}
