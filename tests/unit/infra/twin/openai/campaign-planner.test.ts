import { describe, expect, it } from 'vitest';
import { ageBands, briefAges, planAudiences } from '@infra/twin/openai/campaign-planner';
import { readBrief } from '@infra/twin/openai/brief';
import { fillSchema } from '@infra/twin/openai/schema-filler';
import { randomFor } from '@infra/twin/meta-sandbox/prng';
import { buildPlan } from '@lambdas/campaign-generator/build-plan';
import { campaignPlanPrompt } from '@lambdas/lib/ai/prompts/campaign-plan';
import { strictJsonSchema } from '@lambdas/lib/ai/strict-json-schema';
import {
  audiencesOverlap,
  checkAdLanguages,
  checkAudienceOverlap,
  checkDistinctAds,
} from '@shared/campaign-plan-validator';
import { likelyLanguage, writtenIn } from '@shared/copy-languages';
import {
  AiCampaignDraftSchema,
  aiCampaignDraftSchemaFor,
  CampaignBriefSchema,
  type CampaignBrief,
} from '@shared/schemas/campaign-plan';

function brief(change: Partial<CampaignBrief> = {}): CampaignBrief {
  return CampaignBriefSchema.parse({
    adAccountId: 'act_1',
    product: 'Lightweight trail running shoes',
    goal: 'traffic',
    landingUrl: 'https://shop.example.com/trail',
    budgetType: 'daily',
    budgetAmount: 60,
    startDate: '2026-12-01',
    endDate: '2026-12-31',
    countries: ['US'],
    audience: 'Hiking and camping fans',
    ...change,
  });
}

/** The offline model answering exactly what the campaign generator sends (prompt and strict schema). */
function offlineDraft(input: CampaignBrief) {
  const messages = campaignPlanPrompt.build(input) as never;
  const schema = strictJsonSchema(AiCampaignDraftSchema) as Record<string, unknown>;
  const parsed = readBrief(messages);
  const value = planAudiences(fillSchema(schema, parsed, randomFor('test', JSON.stringify(input))), parsed);
  return AiCampaignDraftSchema.parse(value);
}

function offlinePlan(input: CampaignBrief) {
  const draft = offlineDraft(input);
  // Resolved as Meta's search would: one id per interest name.
  const ids = new Map<string, string>();
  const idOf = (name: string) => ids.get(name) ?? (ids.set(name, `600300000${ids.size}`), ids.get(name)!);
  const interests = draft.adSets.map((set) => set.interestKeywords.map((name) => ({ id: idOf(name), name })));
  return buildPlan(input, draft, { adAccountId: 'act_1', currency: 'USD', minDailyBudgetMinor: 100 }, interests);
}

describe('offline model: campaign plans a media buyer would propose', () => {
  it('writes each ad of an ad set from its own angle, with its own headline and text (issue 25: three identical ads)', () => {
    for (const audience of ['Hiking and camping fans', 'Women 25-45']) {
      const plan = offlinePlan(brief({ audience }));
      for (const set of plan.adSets) {
        expect(set.ads.length).toBeGreaterThanOrEqual(2);
        expect(new Set(set.ads.map((ad) => ad.angle)).size).toBe(set.ads.length);
        expect(new Set(set.ads.map((ad) => ad.headline)).size).toBe(set.ads.length);
        expect(new Set(set.ads.map((ad) => ad.primaryText)).size).toBe(set.ads.length);
      }
      expect(checkDistinctAds(plan)).toEqual([]);
    }
  });

  it('gives every ad set a distinct, descriptive name (audience | interest | ages)', () => {
    const draft = offlineDraft(brief());
    expect(draft.adSets.length).toBeGreaterThan(1);
    const names = draft.adSets.map((set) => set.name);
    expect(new Set(names).size).toBe(names.length);
    for (const set of draft.adSets) {
      expect(set.name).toMatch(/^Hiking and camping fans \| .+ \| \d{2}–\d{2}\+?$/);
      expect(set.name).toContain(`${set.ageMin}–${set.ageMax}`);
      expect(set.name).toContain(set.interestKeywords[0]!);
    }
  });

  it('splits ages into disjoint bands, so no two ad sets of the campaign overlap, and the plan check agrees', () => {
    for (const audience of ['Hiking and camping fans', 'Busy parents', 'Coffee lovers aged 25-54']) {
      const plan = offlinePlan(brief({ audience }));
      const sets = plan.adSets;
      for (let i = 0; i < sets.length; i += 1)
        for (let j = i + 1; j < sets.length; j += 1) {
          expect(sets[i]!.targeting.ageMax < sets[j]!.targeting.ageMin, audience).toBe(true);
          expect(audiencesOverlap(sets[i]!.targeting, sets[j]!.targeting)).toBe(false);
        }
      expect(checkAudienceOverlap(plan)).toEqual([]);
    }
  });

  it('keeps the brief’s own ages when it names them', () => {
    const plan = offlinePlan(brief({ audience: 'Coffee lovers aged 25-54' }));
    expect(plan.adSets[0]!.targeting.ageMin).toBe(25);
    expect(plan.adSets.at(-1)!.targeting.ageMax).toBe(54);
  });

  it('in a special ad category (ages fixed at 18–65) keeps ad sets apart by disjoint interests instead', () => {
    const plan = offlinePlan(brief({ specialAdCategories: ['HOUSING'], audience: 'Hiking and camping fans' }));
    expect(plan.adSets.length).toBeGreaterThanOrEqual(1);
    for (const set of plan.adSets) expect([set.targeting.ageMin, set.targeting.ageMax]).toEqual([18, 65]);
    const names = plan.adSets.map((set) => set.targeting.interests.map((i) => i.name).join());
    expect(new Set(names).size).toBe(plan.adSets.length);
    expect(checkAudienceOverlap(plan)).toEqual([]);
  });

  it('cuts age ranges into bands of at least ten years', () => {
    expect(ageBands({ min: 18, max: 65 }, 3)).toEqual([
      { min: 18, max: 29 },
      { min: 30, max: 44 },
      { min: 45, max: 65 },
    ]);
    // 25–54 holds two bands the generator keeps as they are (it widens anything under ten years), not three.
    expect(ageBands({ min: 25, max: 54 }, 3)).toEqual([
      { min: 25, max: 39 },
      { min: 40, max: 54 },
    ]);
    expect(ageBands({ min: 30, max: 45 }, 3)).toEqual([{ min: 30, max: 45 }]);
    expect(briefAges('women 30 to 55')).toEqual({ min: 30, max: 55 });
    expect(briefAges('students')).toEqual({ min: 18, max: 65 });
  });
});

describe('offline model: a plan in the brief’s languages (issue 29 req 3)', () => {
  /** The reply to the schema the generator sends with further languages: every ad with its versions. */
  function multiLanguagePlan(input: CampaignBrief) {
    const others = input.copyLanguages!.slice(1);
    const schema = aiCampaignDraftSchemaFor(others);
    const messages = campaignPlanPrompt.build(input) as never;
    const parsed = readBrief(messages);
    const raw = planAudiences(
      fillSchema(strictJsonSchema(schema) as Record<string, unknown>, parsed, randomFor('test', JSON.stringify(input))),
      parsed,
    );
    const draft = schema.parse(raw);
    return buildPlan(input, draft, { adAccountId: 'act_1', currency: 'USD', minDailyBudgetMinor: 100 }, [[], [], []]);
  }

  it('writes every ad in the first language with a version in each other one, same angle, each in its language', () => {
    const image = { hash: 'abcdef001', name: 'shoe.png' };
    const plan = multiLanguagePlan(brief({ copyLanguages: ['en', 'es', 'de'], images: [image] }));
    for (const set of plan.adSets) {
      for (const [index, ad] of set.ads.entries()) {
        expect(ad.language).toBe('en');
        expect(ad.translations?.map((t) => t.language)).toEqual(['es', 'de']);
        expect(likelyLanguage(`${ad.headline} ${ad.primaryText} ${ad.description}`)).not.toBe('es');
        for (const version of ad.translations!) {
          expect(
            writtenIn(`${version.headline}\n${version.primaryText}\n${version.description}`, version.language as 'es'),
          ).toBe(true);
          expect([...version.primaryText].length).toBeLessThanOrEqual(125);
        }
        // Each version is checked on its own: in its language, within Meta's lengths, clear of its policy list.
        const errors = checkAdLanguages(ad, `adSets.0.ads.${index}`, false).filter((i) => i.severity === 'error');
        expect(errors).toEqual([]);
      }
    }
  });

  it('gives a carousel’s versions one card text per card', () => {
    const images = [1, 2, 3].map((n) => ({ hash: `abcdef00${n}`, name: `card-${n}.png` }));
    const plan = multiLanguagePlan(brief({ copyLanguages: ['es', 'fr'], adFormat: 'carousel', images }));
    const ad = plan.adSets[0]!.ads[0]!;
    expect(ad.language).toBe('es');
    expect(ad.cards).toHaveLength(3);
    expect(ad.translations![0]!.language).toBe('fr');
    expect(ad.translations![0]!.cards).toHaveLength(3);
    expect(writtenIn(ad.primaryText, 'es')).toBe(true);
    expect(writtenIn(ad.translations![0]!.primaryText, 'fr')).toBe(true);
  });

  it('refuses a reply whose version is not in its language (the engine is asked again)', () => {
    const schema = aiCampaignDraftSchemaFor(['de']);
    const english = {
      headline: 'Shoes for the trail',
      primaryText: 'Meet the shoes you need for the trail.',
      description: 'Free returns',
    };
    const ad = { angle: 'benefit', ...english, callToAction: 'SHOP_NOW', versions: [{ language: 'de', ...english }] };
    const set = {
      name: 'A',
      audienceSummary: 'B',
      interestKeywords: ['Hiking'],
      ageMin: 18,
      ageMax: 65,
      ads: [ad, ad],
    };
    expect(schema.safeParse({ campaignName: 'X', adSets: [set] }).success).toBe(false);
    const german = {
      language: 'de',
      headline: 'Schuhe für den Trail',
      primaryText: 'Die Schuhe für dich und den Trail.',
      description: 'Kostenlose Rücksendung',
    };
    const fixed = {
      ...set,
      ads: [
        { ...ad, versions: [german] },
        { ...ad, versions: [german] },
      ],
    };
    expect(schema.safeParse({ campaignName: 'X', adSets: [fixed] }).success).toBe(true);
  });
});
