import { describe, expect, it } from 'vitest';
import { readBrief } from '@infra/twin/openai/brief';
import { writeAd } from '@infra/twin/openai/copywriter';
import { randomFor } from '@infra/twin/meta-sandbox/prng';

/** The user message the ad copy prompt sends: the brief as JSON (angles, and a variation for later takes). */
function brief(angles: string[], variation?: string) {
  const content = JSON.stringify({
    product: 'Hand-thrown ceramic mugs',
    targetAudience: 'Remote workers who love slow mornings',
    tone: 'warm',
    campaignObjective: 'OUTCOME_SALES',
    angles,
    ...(variation ? { variation } : {}),
  });
  return readBrief([{ role: 'user', content }]);
}

describe('the offline model’s copywriter', () => {
  it('reads which take a brief asks for', () => {
    expect(brief(['benefit']).take).toBe(1);
    expect(brief(['benefit'], 'take #3: differ from earlier takes').take).toBe(3);
  });

  it.each(['benefit', 'social_proof', 'urgency', 'question', 'problem_solution'])(
    'regenerating the %s variant alone always gives new words (not the first take’s)',
    (angle) => {
      // The first take came from a request with every angle; the regeneration asks for this one only.
      const first = writeAd(brief(['benefit', 'social_proof', 'urgency', 'question']), angle, randomFor('a'));
      const again = writeAd(brief([angle], 'take #2: differ from earlier takes'), angle, randomFor('b'));
      expect(again.primaryText).not.toBe(first.primaryText);
      expect(again.headline).not.toBe(first.headline);
    },
  );

  it('writes the same headline for the same brief and angle, whatever else the request holds', () => {
    const a = writeAd(brief(['urgency']), 'urgency', randomFor('x'));
    const b = writeAd(brief(['urgency', 'benefit']), 'urgency', randomFor('y'));
    expect(b.headline).toBe(a.headline);
  });
});
