import { describe, expect, it } from 'vitest';
import { audienceInWords } from '@lambdas/lib/ad-optimizer/audience-words';

describe('audienceInWords: an ad set’s targeting as a marketer would say it', () => {
  it('says ages, genders, places and interests from Meta’s targeting spec', () => {
    expect(
      audienceInWords({
        age_min: 25,
        age_max: 45,
        genders: [2],
        geo_locations: { countries: ['US', 'CA'], cities: [{ key: '2418779', name: 'Austin' }] },
        flexible_spec: [
          {
            interests: [
              { id: '6003', name: 'Yoga' },
              { id: '6004', name: 'Running' },
            ],
          },
        ],
      }),
    ).toBe('Women aged 25–45 in the United States, Canada or Austin, interested in Yoga or Running');
  });

  it('all genders are people; 65 means 65 and over; an interest list given directly counts too', () => {
    expect(
      audienceInWords({
        age_min: 18,
        age_max: 65,
        genders: [1, 2],
        geo_locations: { regions: [{ key: '3847', name: 'California' }] },
        interests: [{ id: '1', name: 'Hiking' }],
      }),
    ).toBe('People aged 18–65+ in California, interested in Hiking');
    expect(audienceInWords({ age_min: 30, genders: [1] })).toBe('Men aged 30–65+');
  });

  it('has nothing to say without a targeting (the caller then asks in its own words)', () => {
    expect(audienceInWords(undefined)).toBeUndefined();
    expect(audienceInWords({})).toBeUndefined();
  });
});
