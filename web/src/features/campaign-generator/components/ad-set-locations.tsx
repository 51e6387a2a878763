import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { errorAt } from '../lib/plan-edits';
import type { AdSetFieldsProps } from './ad-set-audience-fields';

/** The regions and cities the ad set targets (a city with its radius), each removable; nothing when it has none. */
export function AdSetLocations({ set, number, at, issues, change }: AdSetFieldsProps) {
  if (set.targeting.regions.length + set.targeting.cities.length === 0) return null;
  return (
    <fieldset className="grid gap-2 sm:col-span-2">
      <legend className="text-sm font-medium">Ad set {number} regions and cities</legend>
      <ul className="grid gap-2">
        {set.targeting.regions.map((region, index) => (
          <li key={region.key} className="flex flex-wrap items-center gap-2 text-sm">
            <span>
              {region.name} ({region.countryCode}, region)
            </span>
            {errorAt(issues, `${at}.targeting.regions.${index}`) ? (
              <span className="text-destructive">{errorAt(issues, `${at}.targeting.regions.${index}`)}</span>
            ) : null}
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove ${region.name} from ad set ${number}`}
              onClick={() =>
                change((s) => (s.targeting.regions = s.targeting.regions.filter((r) => r.key !== region.key)))
              }
            >
              Remove
            </Button>
          </li>
        ))}
        {set.targeting.cities.map((city, index) => (
          <li key={city.key} className="flex flex-wrap items-center gap-2 text-sm">
            <FormField
              label={`${city.name} radius (${city.distanceUnit === 'mile' ? 'miles' : 'km'})`}
              error={
                errorAt(issues, `${at}.targeting.cities.${index}.radius`) ??
                errorAt(issues, `${at}.targeting.cities.${index}`)
              }
            >
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  className="w-24"
                  value={city.radius}
                  onChange={(e) => change((s) => (s.targeting.cities[index]!.radius = Number(e.target.value)))}
                />
              )}
            </FormField>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove ${city.name} from ad set ${number}`}
              onClick={() => change((s) => (s.targeting.cities = s.targeting.cities.filter((c) => c.key !== city.key)))}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
