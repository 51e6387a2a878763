import * as z from 'zod';

/**
 * An ad set's targeting (Meta's targeting spec as `GET /{adset}?fields=targeting` returns it) in the words a
 * marketer would brief a copywriter with: who (genders, ages), where (countries, regions, cities) and what they
 * care about (interests). The copy is written for these people; the ad set's name — bookkeeping such as
 * "Advantage+ audience | reach" — is never given to the model or put into the form.
 */

const Named = z.looseObject({ name: z.string().optional() });

export const TargetingSpecSchema = z.looseObject({
  age_min: z.coerce.number().optional(),
  age_max: z.coerce.number().optional(),
  /** 1 = men, 2 = women; absent or both = everyone. */
  genders: z.array(z.coerce.number()).optional(),
  geo_locations: z
    .looseObject({
      countries: z.array(z.string()).optional(),
      regions: z.array(Named).optional(),
      cities: z.array(Named).optional(),
    })
    .optional(),
  interests: z.array(Named).optional(),
  flexible_spec: z.array(z.looseObject({ interests: z.array(Named).optional() })).optional(),
});
export type TargetingSpec = z.infer<typeof TargetingSpecSchema>;

/** Meta's oldest age bucket is "65+": an ad set whose maximum is 65 reaches everyone older too. */
const META_MAX_AGE = 65;

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** Country names English says with "the": in the United States, in the Netherlands. */
const WITH_THE = /^(United |Netherlands$|Philippines$|Bahamas$|Gambia$|Dominican Republic$|Czech Republic$)/;
const countryName = (code: string) => {
  const name = countryNames.of(code) ?? code;
  return WITH_THE.test(name) ? `the ${name}` : name;
};

function either(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

function who(spec: TargetingSpec): string | undefined {
  const genders = new Set(spec.genders ?? []);
  const noun = genders.size === 1 ? (genders.has(2) ? 'Women' : 'Men') : 'People';
  if (spec.age_min === undefined && spec.age_max === undefined) return genders.size === 1 ? noun : undefined;
  const min = spec.age_min ?? 18;
  const max = spec.age_max ?? META_MAX_AGE;
  return `${noun} aged ${min}–${max}${max >= META_MAX_AGE ? '+' : ''}`;
}

function places(spec: TargetingSpec): string[] {
  const geo = spec.geo_locations;
  if (!geo) return [];
  const countries = (geo.countries ?? []).map(countryName);
  const named = [...(geo.regions ?? []), ...(geo.cities ?? [])].flatMap((place) => (place.name ? [place.name] : []));
  return [...countries, ...named];
}

function interests(spec: TargetingSpec): string[] {
  const all = [...(spec.interests ?? []), ...(spec.flexible_spec ?? []).flatMap((entry) => entry.interests ?? [])];
  return [...new Set(all.flatMap((interest) => (interest.name ? [interest.name] : [])))];
}

/** The audience in one phrase, or undefined when the targeting says nothing about people. */
export function audienceInWords(targeting: unknown): string | undefined {
  const parsed = TargetingSpecSchema.safeParse(targeting);
  if (!parsed.success) return undefined;
  const spec = parsed.data;
  const person = who(spec);
  const where = places(spec);
  const likes = interests(spec);
  if (!person && where.length === 0 && likes.length === 0) return undefined;
  const parts = [person ?? 'People'];
  if (where.length > 0) parts.push(` in ${either(where)}`);
  if (likes.length > 0) parts.push(`, interested in ${either(likes)}`);
  return parts.join('');
}
