import type { PlanAd, PlanIssue } from '@shared/schemas/campaign-plan';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { languageLabel } from '@web/lib/business-languages/business-languages';
import { errorAt, warningAt } from '../lib/plan-edits';

const textareaClass =
  'w-full rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive';

interface Props {
  ad: PlanAd;
  label: string;
  at: string;
  issues: PlanIssue[];
  changeAd: (change: (ad: PlanAd) => void) => void;
}

/**
 * An ad's versions in the brief's other languages (issue 29 req 3), each labelled with its language and editable like
 * the ad's own copy; the validator's findings for a version show under its field. A carousel's version has its own
 * card headlines and descriptions (the images and links are the ad's).
 */
export function AdLanguageVersions({ ad, label, at, issues, changeAd }: Props) {
  const versions = ad.translations ?? [];
  if (versions.length === 0) return null;
  const carousel = ad.format === 'carousel';
  const how =
    carousel || ad.format === 'video'
      ? 'Published as one ad set per language, shown to people who use Facebook or Instagram in it.'
      : 'Published as one multi-language ad: Meta shows each person the version in their language.';
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{how}</p>
      {versions.map((version, i) => {
        const name = `${label} ${languageLabel(version.language)}`;
        const path = `${at}.translations.${i}`;
        const edit = (change: (v: NonNullable<PlanAd['translations']>[number]) => void) =>
          changeAd((a) => change(a.translations![i]!));
        return (
          <fieldset
            key={version.language}
            lang={version.language}
            className="grid gap-3 rounded-md border border-dashed p-3"
          >
            <legend className="px-1 text-sm font-medium">{languageLabel(version.language)} version</legend>
            {!carousel && (
              <FormField
                label={`${name} headline`}
                error={errorAt(issues, `${path}.headline`)}
                description={warningAt(issues, `${path}.headline`)}
              >
                {(control) => (
                  <Input
                    {...control}
                    value={version.headline}
                    onChange={(e) => edit((v) => (v.headline = e.target.value))}
                  />
                )}
              </FormField>
            )}
            <FormField
              label={`${name} primary text`}
              error={errorAt(issues, `${path}.primaryText`)}
              description={warningAt(issues, `${path}.primaryText`)}
            >
              {(control) => (
                <textarea
                  {...control}
                  rows={3}
                  className={textareaClass}
                  value={version.primaryText}
                  onChange={(e) => edit((v) => (v.primaryText = e.target.value))}
                />
              )}
            </FormField>
            {!carousel && (
              <FormField
                label={`${name} description`}
                error={errorAt(issues, `${path}.description`)}
                description={warningAt(issues, `${path}.description`)}
              >
                {(control) => (
                  <Input
                    {...control}
                    value={version.description}
                    onChange={(e) => edit((v) => (v.description = e.target.value))}
                  />
                )}
              </FormField>
            )}
            {carousel &&
              (version.cards ?? []).map((card, c) => (
                <div key={c} className="grid gap-3 sm:grid-cols-2">
                  <FormField
                    label={`${name} card ${c + 1} headline`}
                    error={errorAt(issues, `${path}.cards.${c}.headline`)}
                  >
                    {(control) => (
                      <Input
                        {...control}
                        value={card.headline}
                        onChange={(e) => edit((v) => (v.cards![c]!.headline = e.target.value))}
                      />
                    )}
                  </FormField>
                  <FormField
                    label={`${name} card ${c + 1} description`}
                    error={errorAt(issues, `${path}.cards.${c}.description`)}
                  >
                    {(control) => (
                      <Input
                        {...control}
                        value={card.description}
                        onChange={(e) => edit((v) => (v.cards![c]!.description = e.target.value))}
                      />
                    )}
                  </FormField>
                </div>
              ))}
          </fieldset>
        );
      })}
    </div>
  );
}
