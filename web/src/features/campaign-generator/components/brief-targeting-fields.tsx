import type { UseFormReturn } from 'react-hook-form';
import { SPECIAL_AD_CATEGORIES } from '@shared/campaign-rules';
import type { CampaignBrief } from '@shared/schemas/campaign-plan';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import type { BriefFormValues } from '../lib/brief-form';

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
