import { describe, expect, it } from 'vitest';
import { checkAdPolicy } from '@shared/ad-policy';
import { AD_COPY_LIMITS, characterCount } from '@shared/ad-copy-rules';
import { writtenIn } from '@shared/copy-languages';
import { readBrief } from '@infra/twin/openai/brief';
import { writeAd } from '@infra/twin/openai/copywriter';
import { randomFor } from '@infra/twin/meta-sandbox/prng';

/** The ad copy prompt's brief (its `language` is the language's English name); the campaign plan's uses copyLanguage. */
function brief(language: Record<string, string>) {
  const content = JSON.stringify({
    product: 'Hand-thrown ceramic mugs',
    targetAudience: 'Remote workers',
    tone: 'Friendly',
    campaignObjective: 'Sales',
    angles: ['benefit'],
    ...language,
  });
  return readBrief([{ role: 'user', content }]);
}

const ANGLES = ['benefit', 'social_proof', 'urgency', 'question', 'problem_solution'];

describe('the offline model writes in the language asked (the twin’s phrase tables)', () => {
  it('reads the language from the ad copy prompt (name) and the campaign plan prompt (copyLanguage, code)', () => {
    expect(brief({ language: 'Spanish' }).language).toBe('es');
    expect(brief({ copyLanguage: 'German' }).language).toBe('de');
    expect(brief({ language: 'fr-CA' }).language).toBe('fr');
    expect(brief({ language: 'English' }).language).toBeUndefined();
    expect(brief({}).language).toBeUndefined();
  });

  it.each([
    ['Spanish', 'es'],
    ['French', 'fr'],
    ['German', 'de'],
    ['English', 'en'],
  ] as const)('every angle in %s: in the language, within Meta’s lengths, clear of its policy list', (name, code) => {
    for (const angle of ANGLES) {
      const ad = writeAd(brief({ language: name }), angle, randomFor(`t-${angle}`));
      const text = `${ad.headline}\n${ad.primaryText}\n${ad.description}`;
      expect(writtenIn(text, code), `${angle}: ${text}`).toBe(true);
      expect(characterCount(ad.headline)).toBeLessThanOrEqual(AD_COPY_LIMITS.headline);
      expect(characterCount(ad.primaryText)).toBeLessThanOrEqual(AD_COPY_LIMITS.primaryText);
      expect(characterCount(ad.description)).toBeLessThanOrEqual(AD_COPY_LIMITS.description);
      expect(checkAdPolicy(text, code)).toEqual([]);
    }
  });

  it('is deterministic per brief and language, and differs between languages', () => {
    const es1 = writeAd(brief({ language: 'Spanish' }), 'benefit', randomFor('x'));
    const es2 = writeAd(brief({ language: 'Spanish' }), 'benefit', randomFor('y'));
    const de = writeAd(brief({ language: 'German' }), 'benefit', randomFor('x'));
    expect(es2.primaryText).toBe(es1.primaryText);
    expect(de.primaryText).not.toBe(es1.primaryText);
    // The button stays Meta's label (mapped to the enum); Meta shows it in each viewer's language.
    expect(de.callToAction).toBe(es1.callToAction);
  });
});
