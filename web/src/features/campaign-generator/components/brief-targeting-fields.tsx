import { useWatch, type UseFormReturn } from 'react-hook-form';
import { adCopyLanguageKeys } from '@shared/ad-copy-rules';
import { BRIEF_LANGUAGES } from '@shared/brief-audience';
import { SPECIAL_AD_CATEGORIES, TARGETING_AGE } from '@shared/campaign-rules';
import type { CampaignBrief } from '@shared/schemas/campaign-plan';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import { languageLabel } from '@web/lib/business-languages/business-languages';
import { audienceFieldsFromText, type BriefFormValues } from '../lib/brief-form';

type BriefForm = UseFormReturn<BriefFormValues, unknown, CampaignBrief>;

const CATEGORY_LABELS: Record<(typeof SPECIAL_AD_CATEGORIES)[number], string> = {
  HOUSING: 'Housing',
  EMPLOYMENT: 'Employment',
  FINANCIAL_PRODUCTS_SERVICES: 'Credit or financial services',
  ISSUES_ELECTIONS_POLITICS: 'Social issues, elections or politics',
};

/** Where the ads run: countries, and optionally regions and cities within them. */
export function BriefLocationFields({ form }: { form: BriefForm }) {
  const { errors } = form.formState;
  return (
    <>
      <FormField
        label="Countries"
        error={errors.countries?.message}
        description="Two-letter codes separated by commas, e.g. US, CA."
      >
        {(control) => <Input {...control} {...form.register('countries')} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Regions (optional)"
          error={errors.regions?.message}
          description="Narrow a country to regions, e.g. California, Oregon."
        >
          {(control) => <Input {...control} {...form.register('regions')} />}
        </FormField>
        <FormField
          label="Cities (optional)"
          error={errors.cities?.message}
          description="Cities with 25 miles around them, e.g. Austin, Denver."
        >
          {(control) => <Input {...control} {...form.register('cities')} />}
        </FormField>
      </div>
    </>
  );
}

/** Meta's special ad categories (housing, employment, credit, politics), which restrict targeting. */
export function SpecialAdCategoriesField({ form }: { form: BriefForm }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium">Is the product about any of these? (Meta restricts targeting)</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {SPECIAL_AD_CATEGORIES.map((category) => (
          <label key={category} className="flex items-center gap-2 text-sm">
            <input type="checkbox" value={category} {...form.register('specialAdCategories')} />
            {CATEGORY_LABELS[category]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const textareaClass =
  'w-full rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive';

/**
 * Who the ads are for: the audience in words, and the ages, gender and languages every ad set targets. What the
 * text states ("Women 25-45") fills the blank fields when the marketer leaves it, so the plan's targeting is shown
 * (and changeable) before it is generated; blank fields are read from the text on the server too.
 */
export function BriefAudienceFields({ form }: { form: BriefForm }) {
  const { errors } = form.formState;
  const fillFromText = () => {
    const found = audienceFieldsFromText(form.getValues('audience'), form.getValues());
    const dirty = { shouldDirty: true };
    if (found.ageMin !== undefined) form.setValue('ageMin', found.ageMin, dirty);
    if (found.ageMax !== undefined) form.setValue('ageMax', found.ageMax, dirty);
    if (found.gender !== undefined) form.setValue('gender', found.gender, dirty);
    if (found.languages !== undefined) form.setValue('languages', found.languages, dirty);
  };
  return (
    <>
      <FormField label="Who is it for?" error={errors.audience?.message}>
        {(control) => (
          <textarea
            {...control}
            rows={2}
            className={textareaClass}
            placeholder="e.g. Women 25-45 who hike at weekends"
            {...form.register('audience', { onBlur: fillFromText })}
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField
          label="Minimum age"
          error={errors.ageMin?.message}
          description={`${TARGETING_AGE.min}–${TARGETING_AGE.max}; blank: from the audience text.`}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={TARGETING_AGE.min}
              max={TARGETING_AGE.max}
              {...form.register('ageMin')}
            />
          )}
        </FormField>
        <FormField
          label="Maximum age"
          error={errors.ageMax?.message}
          description={`${TARGETING_AGE.max} means ${TARGETING_AGE.max} and over.`}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={TARGETING_AGE.min}
              max={TARGETING_AGE.max}
              {...form.register('ageMax')}
            />
          )}
        </FormField>
        <FormField label="Gender" error={errors.gender?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register('gender')}>
              <option value="">As the audience text says</option>
              <option value="all">All genders</option>
              <option value="female">Women</option>
              <option value="male">Men</option>
            </NativeSelect>
          )}
        </FormField>
      </div>
      <FormField
        label="Languages (optional)"
        error={errors.languages?.message}
        description="Up to 3 (Ctrl or ⌘ to choose several): the languages the audience speaks. The ads are written in the languages under Write the ads in."
      >
        {(control) => (
          <select
            {...control}
            multiple
            size={4}
            className="w-full rounded-md border border-input bg-card px-2 py-1 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            {...form.register('languages')}
          >
            {BRIEF_LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {language}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </>
  );
}

/**
 * The languages the ads are written in (issue 29 req 3): the business languages, checked, first (its primary one
 * first), then the others the engine writes. With two or more, every ad gets a version in each.
 */
export function BriefCopyLanguages({ form, business }: { form: BriefForm; business: string[] }) {
  const chosen = useWatch({ control: form.control, name: 'copyLanguages' }) ?? [];
  const offered = [...new Set([...business, ...chosen, ...adCopyLanguageKeys])];
  const error = form.formState.errors.copyLanguages?.message;
  const toggle = (tag: string, on: boolean) => {
    const next = on ? [...chosen, tag] : chosen.filter((l) => l !== tag);
    // Kept in the offered order, so the business's primary language stays the ads' own.
    form.setValue(
      'copyLanguages',
      offered.filter((l) => next.includes(l)),
      { shouldDirty: true, shouldValidate: true },
    );
  };
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium">Write the ads in</legend>
      <p className="text-sm text-muted-foreground">
        Your business languages (Settings) come checked. The first checked is each ad&apos;s own language; each other
        one gets its version of every ad.
      </p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {offered.map((tag) => (
          <label key={tag} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={chosen.includes(tag)}
              onChange={(event) => toggle(tag, event.target.checked)}
            />
            {languageLabel(tag)}
          </label>
        ))}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
