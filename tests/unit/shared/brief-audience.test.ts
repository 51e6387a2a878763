import { describe, expect, it } from 'vitest';
import { briefTargeting, parseBriefAudience } from '@shared/brief-audience';

describe('what a brief says about its audience', () => {
  it('reads ages, one gender and languages from the text, and nothing it does not state', () => {
    expect(parseBriefAudience('Women 25-45')).toEqual({ ageMin: 25, ageMax: 45, genders: ['female'] });
    expect(parseBriefAudience('men aged 30 to 55 who fish')).toEqual({ ageMin: 30, ageMax: 55, genders: ['male'] });
    expect(parseBriefAudience('Spanish-speaking parents over 30')).toEqual({ ageMin: 30, languages: ['Spanish'] });
    expect(parseBriefAudience('students under 25')).toEqual({ ageMax: 25 });
    expect(parseBriefAudience('Men and women who hike')).toEqual({});
    expect(parseBriefAudience('Hiking and camping fans')).toEqual({});
    // Meta's 18–65.
    expect(parseBriefAudience('Women 16-70')).toEqual({ ageMin: 18, ageMax: 65, genders: ['female'] });
  });

  it('the brief’s own fields win over its text; an empty genders list is all genders on purpose', () => {
    expect(briefTargeting({ audience: 'Women 25-45', ageMin: 30 })).toEqual({
      ageMin: 30,
      ageMax: 45,
      genders: ['female'],
    });
    expect(briefTargeting({ audience: 'Women 25-45', genders: [] })).toEqual({ ageMin: 25, ageMax: 45 });
    expect(briefTargeting({ audience: 'Hikers', genders: ['male'], languages: ['French'] })).toEqual({
      genders: ['male'],
      languages: ['French'],
    });
  });
});
