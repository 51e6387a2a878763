import type { PlanAdSet, PlanIssue } from '@shared/schemas/campaign-plan';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import { errorAt } from '../lib/plan-edits';

export interface AdSetFieldsProps {
  set: PlanAdSet;
  /** The ad set's number as people count (1 for the first), part of every label. */
  number: number;
  /** Where the validator reports this ad set's issues (`adSets.0`). */
  at: string;
  issues: PlanIssue[];
  change: (change: (set: PlanAdSet) => void) => void;
}

const placementValue = (set: PlanAdSet) =>
  set.targeting.placements === 'advantage' ? 'advantage' : set.targeting.placements.publisherPlatforms.join('+');

/** The ad set's name and who it reaches: ages, genders, placements, countries. */
export function AdSetAudienceFields({ set, number, at, issues, change }: AdSetFieldsProps) {
  return (
    <>
      <FormField label={`Ad set ${number} name`} className="lg:col-span-2">
        {(control) => (
          <Input {...control} value={set.name} onChange={(e) => change((s) => (s.name = e.target.value))} />
        )}
      </FormField>
      <FormField label={`Ad set ${number} minimum age`} error={errorAt(issues, `${at}.targeting.ageMin`)}>
        {(control) => (
          <Input
            {...control}
            type="number"
            value={set.targeting.ageMin}
            onChange={(e) => change((s) => (s.targeting.ageMin = Number(e.target.value)))}
          />
        )}
      </FormField>
      <FormField label={`Ad set ${number} maximum age`} error={errorAt(issues, `${at}.targeting.ageMax`)}>
        {(control) => (
          <Input
            {...control}
            type="number"
            value={set.targeting.ageMax}
            onChange={(e) => change((s) => (s.targeting.ageMax = Number(e.target.value)))}
          />
        )}
      </FormField>
      <FormField label={`Ad set ${number} genders`} error={errorAt(issues, `${at}.targeting`)}>
        {(control) => (
          <NativeSelect
            {...control}
            value={set.targeting.genders[0] ?? 'all'}
            onChange={(e) =>
              change((s) => {
                const value = e.target.value;
                s.targeting.genders = value === 'male' || value === 'female' ? [value] : [];
              })
            }
          >
            <option value="all">All genders</option>
            <option value="female">Women</option>
            <option value="male">Men</option>
          </NativeSelect>
        )}
      </FormField>
      <FormField label={`Ad set ${number} placements`}>
        {(control) => (
          <NativeSelect
            {...control}
            value={placementValue(set)}
            onChange={(e) =>
              change((s) => {
                const value = e.target.value;
                s.targeting.placements =
                  value === 'advantage'
                    ? 'advantage'
                    : { publisherPlatforms: value.split('+') as Array<'facebook' | 'instagram'> };
              })
            }
          >
            <option value="advantage">Advantage+ placements</option>
            <option value="facebook+instagram">Facebook and Instagram</option>
            <option value="facebook">Facebook only</option>
            <option value="instagram">Instagram only</option>
          </NativeSelect>
        )}
      </FormField>
      <FormField label={`Ad set ${number} countries`} error={errorAt(issues, `${at}.targeting.countries`)}>
        {(control) => (
          <Input
            {...control}
            defaultValue={set.targeting.countries.join(', ')}
            onChange={(e) =>
              change(
                (s) =>
                  (s.targeting.countries = e.target.value
                    .split(/[\s,]+/)
                    .map((c) => c.trim().toUpperCase())
                    .filter((c) => /^[A-Z]{2}$/.test(c))),
              )
            }
          />
        )}
      </FormField>
    </>
  );
}
