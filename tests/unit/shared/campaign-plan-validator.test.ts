import { describe, expect, it } from 'vitest';
import { ODAX_GOALS as SANDBOX_ODAX_GOALS } from '@infra/twin/meta-sandbox/reference';
import { BILLING_EVENTS_FOR_GOAL as SANDBOX_BILLING } from '@infra/twin/meta-sandbox/graph-create';
import {
  audiencesOverlap,
  blockingIssues,
  checkAdLanguages,
  checkAudienceOverlap,
  checkDistinctAds,
  checkVideoAd,
  validatePlan,
  type ValidationContext,
} from '@shared/campaign-plan-validator';
import { BILLING_EVENTS_FOR_GOAL, GOAL_STRUCTURE, ODAX_GOALS, ODAX_OBJECTIVES, goalsFor } from '@shared/campaign-rules';
import { majorToBudget } from '@shared/currency-units';
import type { AdVideo } from '@shared/ad-video';
import { multiLanguageAd } from '@tests/support/multi-language-ad';
import { trailShoesPlan } from '@tests/support/trail-shoes-plan';
import {
  CampaignBriefSchema,
  CampaignPlanSchema,
  PlanAdSchema,
  type CampaignPlan,
  type PlanAd,
  type PlanTargeting,
} from '@shared/schemas/campaign-plan';

const NOW = new Date('2026-11-20T12:00:00Z');
const context = { minDailyBudgetMinor: 100, now: NOW };

function plan(change: (draft: CampaignPlan) => void = () => {}): CampaignPlan {
  const ad = (n: number) => ({
    name: `Ad ${n}`,
    headline: 'Trail shoes that last',
    primaryText: 'Light, tough trail shoes for weekend hikers.',
    description: 'Free returns',
    callToAction: 'SHOP_NOW' as const,
    link: 'https://shop.example.com/trail',
  });
  const draft = trailShoesPlan([
    {
      name: 'Hikers',
      optimizationGoal: 'LINK_CLICKS',
      billingEvent: 'IMPRESSIONS',
      destinationType: 'WEBSITE',
      budget: null,
      startTime: '2026-11-21T00:00:00Z',
      endTime: '2026-12-21T00:00:00Z',
      targeting: {
        countries: ['US'],
        regions: [],
        cities: [],
        ageMin: 25,
        ageMax: 55,
        genders: [],
        interests: [{ id: '6003000000001', name: 'Hiking' }],
        placements: 'advantage',
      },
      ads: [ad(1), ad(2)],
    },
  ]);
  change(draft);
  return CampaignPlanSchema.parse(draft);
}

const errorsAt = (p: CampaignPlan, ctx: ValidationContext = context) =>
  blockingIssues(validatePlan(p, ctx)).map((issue) => issue.path);

describe('the ODAX table', () => {
  it("is the same table the Meta sandbox validates with (Meta's reference)", () => {
    const withoutNotes = Object.fromEntries(Object.entries(SANDBOX_ODAX_GOALS).filter(([key]) => !key.startsWith('_')));
    expect(ODAX_GOALS).toEqual(withoutNotes);
    expect(BILLING_EVENTS_FOR_GOAL).toEqual(SANDBOX_BILLING);
  });

  const allowed = ODAX_OBJECTIVES.flatMap((objective) =>
    Object.entries(ODAX_GOALS[objective]).flatMap(([location, goals]) =>
      goals.map((goal) => ({
        objective,
        destination: location === '(any)' ? undefined : location.split('(')[0],
        goal,
      })),
    ),
  );
  it.each(allowed)('$objective at $destination allows $goal', ({ objective, destination, goal }) => {
    const p = plan((d) => {
      d.campaign.objective = objective;
      d.adSets[0]!.optimizationGoal = goal;
      d.adSets[0]!.destinationType = destination;
      d.adSets[0]!.promotedObject = {
        pixelId: '1',
        customEventType: 'PURCHASE',
        pageId: '2',
        applicationId: '3',
        objectStoreUrl: 'https://play.google.com/x',
      };
    });
    expect(errorsAt(p).filter((path) => path.endsWith('optimizationGoal'))).toEqual([]);
  });

  const everyGoal = [...new Set(Object.values(ODAX_GOALS).flatMap((table) => Object.values(table).flat()))];
  const refused = ODAX_OBJECTIVES.flatMap((objective) =>
    everyGoal.filter((goal) => !goalsFor(objective).includes(goal)).map((goal) => ({ objective, goal })),
  );
  it.each(refused)('$objective refuses $goal', ({ objective, goal }) => {
    const p = plan((d) => {
      d.campaign.objective = objective;
      d.adSets[0]!.optimizationGoal = goal;
      d.adSets[0]!.destinationType = undefined;
    });
    expect(errorsAt(p)).toContain('adSets.0.optimizationGoal');
  });

  it('refuses a goal valid for the objective but not at that destination', () => {
    const p = plan((d) => {
      d.campaign.objective = 'OUTCOME_LEADS';
      d.adSets[0]!.optimizationGoal = 'LEAD_GENERATION';
      d.adSets[0]!.destinationType = 'WEBSITE';
    });
    expect(errorsAt(p)).toContain('adSets.0.optimizationGoal');
  });

  it.each(Object.entries(GOAL_STRUCTURE))('the brief goal %s maps onto a valid pairing', (_, structure) => {
    expect(goalsFor(structure.objective, structure.destinationType)).toContain(structure.optimizationGoal);
  });
});

describe('pre-publish rules', () => {
  it('passes a valid plan with no errors', () => {
    expect(errorsAt(plan())).toEqual([]);
  });

  it.each([
    [
      'billing event must fit the goal',
      (d: CampaignPlan) => (d.adSets[0]!.billingEvent = 'THRUPLAY'),
      'adSets.0.billingEvent',
    ],
    [
      'conversions need a pixel and event',
      (d: CampaignPlan) => {
        d.campaign.objective = 'OUTCOME_SALES';
        d.adSets[0]!.optimizationGoal = 'OFFSITE_CONVERSIONS';
      },
      'adSets.0.promotedObject.pixelId',
    ],
    [
      'daily budget at least min_daily_budget',
      (d: CampaignPlan) => (d.campaign.budget = { type: 'daily', amountMinor: 99 }),
      'campaign.budget.amountMinor',
    ],
    [
      'not both budget levels',
      (d: CampaignPlan) => (d.adSets[0]!.budget = { type: 'daily', amountMinor: 500 }),
      'adSets.0.budget',
    ],
    [
      'no campaign budget needs is_adset_budget_sharing_enabled',
      (d: CampaignPlan) => {
        d.campaign.budget = null;
        d.adSets[0]!.budget = { type: 'daily', amountMinor: 500 };
      },
      'campaign.isAdsetBudgetSharingEnabled',
    ],
    [
      'no campaign budget needs ad set budgets',
      (d: CampaignPlan) => {
        d.campaign.budget = null;
        d.campaign.isAdsetBudgetSharingEnabled = false;
      },
      'adSets.0.budget',
    ],
    ['end after start', (d: CampaignPlan) => (d.adSets[0]!.endTime = '2026-11-20T23:00:00Z'), 'adSets.0.endTime'],
    [
      'daily budgets run over 24 hours',
      (d: CampaignPlan) => (d.adSets[0]!.endTime = '2026-11-21T20:00:00Z'),
      'adSets.0.endTime',
    ],
    [
      'lifetime budgets need an end',
      (d: CampaignPlan) => {
        d.campaign.budget = { type: 'lifetime', amountMinor: 100_000 };
        d.adSets[0]!.endTime = undefined;
      },
      'adSets.0.endTime',
    ],
    ['age at least 18', (d: CampaignPlan) => (d.adSets[0]!.targeting.ageMin = 17), 'adSets.0.targeting.ageMin'],
    ['age at most 65', (d: CampaignPlan) => (d.adSets[0]!.targeting.ageMax = 66), 'adSets.0.targeting.ageMax'],
    [
      'min age not above max age',
      (d: CampaignPlan) => (d.adSets[0]!.targeting.ageMin = 60),
      'adSets.0.targeting.ageMax',
    ],
    [
      'housing ads keep ages 18–65 and all genders',
      (d: CampaignPlan) => (d.campaign.specialAdCategories = ['HOUSING']),
      'adSets.0.targeting',
    ],
    [
      'unresolved interests are flagged',
      (d: CampaignPlan) => d.adSets[0]!.targeting.interests.push({ name: 'Hikking' }),
      'adSets.0.targeting.interests.1',
    ],
    [
      'headline hard limit',
      (d: CampaignPlan) => (d.adSets[0]!.ads[0]!.headline = 'x'.repeat(256)),
      'adSets.0.ads.0.headline',
    ],
    [
      'primary text not empty',
      (d: CampaignPlan) => (d.adSets[0]!.ads[1]!.primaryText = ' '),
      'adSets.0.ads.1.primaryText',
    ],
    [
      'stories do not show CALL_NOW',
      (d: CampaignPlan) => (d.adSets[0]!.ads[0]!.callToAction = 'CALL_NOW'),
      'adSets.0.ads.0.callToAction',
    ],
    [
      'bid caps need a bid amount',
      (d: CampaignPlan) => (d.adSets[0]!.bidStrategy = 'COST_CAP'),
      'adSets.0.bidAmountMinor',
    ],
  ])('%s', (_, change, path) => {
    expect(errorsAt(plan(change))).toContain(path);
  });

  it('lets CALL_NOW through when only Facebook is placed', () => {
    const p = plan((d) => {
      d.adSets[0]!.ads[0]!.callToAction = 'CALL_NOW';
      d.adSets[0]!.targeting.placements = { publisherPlatforms: ['facebook'] };
    });
    expect(errorsAt(p)).toEqual([]);
  });

  it('warns, without blocking, on text past the recommended length', () => {
    const issues = validatePlan(
      plan((d) => (d.adSets[0]!.ads[0]!.headline = 'A headline that runs past forty characters')),
      context,
    );
    expect(issues).toEqual([expect.objectContaining({ path: 'adSets.0.ads.0.headline', severity: 'warning' })]);
  });

  it('uses the account minimum and the lifetime days for total budgets, in JPY whole units', () => {
    const jpy = (amountMinor: number) =>
      plan((d) => {
        d.currency = 'JPY';
        d.campaign.budget = { type: 'lifetime', amountMinor };
      });
    const jpyContext = { minDailyBudgetMinor: 150, now: NOW };
    // 30 days × 150 JPY.
    expect(errorsAt(jpy(4499), jpyContext)).toContain('campaign.budget.amountMinor');
    expect(errorsAt(jpy(4500), jpyContext)).toEqual([]);
    const message = validatePlan(jpy(4499), jpyContext)[0]!.message;
    expect(message).toBe('The minimum total budget for 30 day(s) for this ad account is 4500 JPY.');
  });
});

describe('regions and cities', () => {
  const california = { key: '3847', name: 'California', countryCode: 'US' };
  const la = {
    key: '2420379',
    name: 'Los Angeles',
    countryCode: 'US',
    regionKey: '3847',
    regionName: 'California',
    radius: 25,
    distanceUnit: 'mile' as const,
  };

  it('accepts regions and cities of the plan’s countries with a radius Meta allows', () => {
    const p = plan((d) => {
      d.adSets[0]!.targeting.regions = [california];
      d.adSets[0]!.targeting.cities = [{ ...la, key: '2490299', name: 'New York', regionKey: '3875' }];
    });
    expect(errorsAt(p)).toEqual([]);
  });

  it.each([
    [9, 'mile'],
    [51, 'mile'],
    [16, 'kilometer'],
    [81, 'kilometer'],
  ] as const)('refuses a %i %s radius (Meta: 10–50 miles, 17–80 km)', (radius, distanceUnit) => {
    const p = plan((d) => (d.adSets[0]!.targeting.cities = [{ ...la, radius, distanceUnit }]));
    expect(errorsAt(p)).toEqual(['adSets.0.targeting.cities.0.radius']);
  });

  // Issue 22, finding 2: cities in special-ad-category campaigns need 15 miles (about 25 km).
  it.each([
    [10, 'mile', true],
    [14, 'mile', true],
    [15, 'mile', false],
    [24, 'kilometer', true],
    [25, 'kilometer', false],
  ] as const)('in a special ad category campaign, %i %s is refused: %s', (radius, distanceUnit, refused) => {
    const p = plan((d) => {
      d.campaign.specialAdCategories = ['HOUSING'];
      d.adSets[0]!.targeting.cities = [{ ...la, radius, distanceUnit }];
    });
    const radiusErrors = errorsAt(p).filter((path) => path.endsWith('.radius'));
    expect(radiusErrors).toEqual(refused ? ['adSets.0.targeting.cities.0.radius'] : []);
  });

  it('refuses a city inside a targeted region, and places outside the plan’s countries', () => {
    const inside = plan((d) => {
      d.adSets[0]!.targeting.regions = [california];
      d.adSets[0]!.targeting.cities = [la];
    });
    expect(errorsAt(inside)).toEqual(['adSets.0.targeting.cities.0']);
    const abroad = plan(
      (d) => (d.adSets[0]!.targeting.regions = [{ key: '1234', name: 'Ontario', countryCode: 'CA' }]),
    );
    expect(errorsAt(abroad)).toEqual(['adSets.0.targeting.regions.0']);
  });
});

describe('minor units', () => {
  it.each([
    [19.99, 'USD', 1999],
    [1.005, 'USD', 101],
    [50, 'USD', 5000],
    [3000, 'JPY', 3000],
    [1999.4, 'JPY', 1999],
  ])('%s %s → %s', (major, currency, minor) => {
    expect(majorToBudget(major, currency)).toBe(minor);
  });

  it('keeps plan budgets whole', () => {
    expect(() => plan((d) => (d.campaign.budget = { type: 'daily', amountMinor: 10.5 }))).toThrow(/whole minor units/);
  });
});

describe('the brief', () => {
  const brief = {
    adAccountId: 'act_100',
    product: 'Trail running shoes',
    goal: 'sales',
    landingUrl: 'https://shop.example.com',
    budgetType: 'daily',
    budgetAmount: 50,
    startDate: '2026-11-21',
    countries: ['US'],
    audience: 'Weekend hikers',
  };

  it('accepts a complete brief', () => {
    expect(CampaignBriefSchema.safeParse(brief).success).toBe(true);
  });

  it.each([
    [{ goal: 'fame' }, 'goal', 'Choose a goal.'],
    [{ landingUrl: 'shop.example.com' }, 'landingUrl', 'Enter a full web address starting with https://'],
    [{ budgetAmount: 0 }, 'budgetAmount', 'The budget must be more than 0.'],
    [{ endDate: '2026-11-20' }, 'endDate', 'The end date must be after the start date.'],
    [{ budgetType: 'total' }, 'endDate', 'A total budget needs an end date.'],
    [{ countries: [] }, 'countries', 'Add at least one country.'],
    [{ audience: '' }, 'audience', 'Describe who the ads are for (at least 3 characters).'],
    [{ goal: 'app_promotion' }, 'appId', 'App promotion needs the app’s id on Meta.'],
    [{ goal: 'app_promotion', appId: '1234567890123456' }, 'appStoreUrl', 'App promotion needs the app’s store page.'],
    [
      { goal: 'app_promotion', appId: '1234567890123456', appStoreUrl: 'https://example.com/app' },
      'appStoreUrl',
      'Use the app’s page on the App Store (apps.apple.com) or Google Play (play.google.com).',
    ],
    [{ appId: 'my-app' }, 'appId', 'The app id is the number Meta shows for your app, e.g. 1234567890123456.'],
  ])('%j → %s: %s', (change, path, message) => {
    const result = CampaignBriefSchema.safeParse({ ...brief, ...change });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toContainEqual(expect.objectContaining({ path: [path], message }));
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['a script tag', '<script>alert(1)</script>'],
    ['a lone surrogate', 'https://\uD800.example'],
    ['200 KiB', 'x'.repeat(200 * 1024)],
  ])(
    'an appStoreUrl that is not a web address (%s) is an issue on appStoreUrl, never a throw',
    (_label, appStoreUrl) => {
      const result = CampaignBriefSchema.safeParse({
        ...brief,
        goal: 'app_promotion',
        appId: '1234567890123456',
        appStoreUrl,
      });
      expect(result.success).toBe(false);
      expect(result.error!.issues).toContainEqual(
        expect.objectContaining({
          path: ['appStoreUrl'],
          message: 'Enter the app’s store page, starting with https://',
        }),
      );
    },
  );
});

const hiking = { id: '6003000000001', name: 'Hiking' };
const running = { id: '6003000000002', name: 'Trail running' };
const camping = { id: '6003000000003', name: 'Camping' };

function targeting(change: Partial<PlanTargeting> = {}): PlanTargeting {
  return {
    countries: ['US'],
    regions: [],
    cities: [],
    ageMin: 18,
    ageMax: 65,
    genders: [],
    interests: [hiking],
    placements: 'advantage',
    ...change,
  };
}

const california = { key: '3847', name: 'California', countryCode: 'US' };
const texas = { key: '3886', name: 'Texas', countryCode: 'US' };
const city = (key: string, name: string, regionKey?: string) => ({
  key,
  name,
  countryCode: 'US',
  radius: 25,
  distanceUnit: 'mile' as const,
  ...(regionKey ? { regionKey } : {}),
});

describe('audiencesOverlap: two ad sets of one campaign reaching the same people', () => {
  it.each([
    // name, a, b, overlap
    ['the same audience', {}, {}, true],
    ['18–65 and 25–44 (nested ages)', {}, { ageMin: 25, ageMax: 44 }, true],
    ['18–29 and 30–44 (disjoint bands)', { ageMin: 18, ageMax: 29 }, { ageMin: 30, ageMax: 44 }, false],
    ['18–30 and 30–44 (one shared year)', { ageMin: 18, ageMax: 30 }, { ageMin: 30, ageMax: 44 }, true],
    ['women and men', { genders: ['female'] }, { genders: ['male'] }, false],
    ['women and all genders', { genders: ['female'] }, { genders: [] }, true],
    ['different interests', { interests: [hiking] }, { interests: [running, camping] }, false],
    ['interests sharing one', { interests: [hiking, running] }, { interests: [running] }, true],
    ['interests and broad (none)', { interests: [hiking] }, { interests: [] }, true],
    ['both broad', { interests: [] }, { interests: [] }, true],
    [
      'an interest named alike before Meta resolves it',
      { interests: [{ name: 'Hiking ' }] },
      { interests: [{ name: 'hiking' }] },
      true,
    ],
    ['different countries', { countries: ['US'] }, { countries: ['CA'] }, false],
    ['countries sharing one', { countries: ['US', 'CA'] }, { countries: ['CA'] }, true],
    ['a country and one of its regions', {}, { regions: [california] }, true],
    ['two regions of one country', { regions: [california] }, { regions: [texas] }, false],
    [
      'a region and a city inside it',
      { regions: [california] },
      { cities: [city('2420379', 'Los Angeles', '3847')] },
      true,
    ],
    [
      'a region and a city elsewhere',
      { regions: [california] },
      { cities: [city('2490299', 'Austin', '3886')] },
      false,
    ],
    [
      'two different cities',
      { cities: [city('2420379', 'Los Angeles')] },
      { cities: [city('2490299', 'Austin')] },
      false,
    ],
  ] as [string, Partial<PlanTargeting>, Partial<PlanTargeting>, boolean][])('%s → %s', (_name, a, b, overlap) => {
    expect(audiencesOverlap(targeting(a), targeting(b))).toBe(overlap);
    // The rule is symmetric: which ad set comes first does not matter.
    expect(audiencesOverlap(targeting(b), targeting(a))).toBe(overlap);
  });
});

describe('checkAudienceOverlap in the plan check', () => {
  const adSet = (name: string, t: Partial<PlanTargeting>) =>
    ({
      name,
      optimizationGoal: 'LINK_CLICKS',
      billingEvent: 'IMPRESSIONS',
      destinationType: 'WEBSITE',
      budget: null,
      startTime: '2026-11-21T00:00:00Z',
      endTime: '2026-12-21T00:00:00Z',
      targeting: targeting(t),
      ads: [],
    }) as CampaignPlan['adSets'][number];

  it('warns on each of the two ad sets, naming the other, and never blocks publishing', () => {
    const issues = checkAudienceOverlap(
      trailShoesPlan([
        adSet('Hikers 18–65', {}),
        adSet('Hikers 25–44', { ageMin: 25, ageMax: 44 }),
        adSet('Runners', { interests: [running] }),
      ]),
    );
    expect(issues.map((i) => [i.path, i.severity])).toEqual([
      ['adSets.0.targeting.audience', 'warning'],
      ['adSets.1.targeting.audience', 'warning'],
    ]);
    expect(issues[0]!.message).toMatch(/^Overlaps ad set 2 \(“Hikers 25–44”\)/);
    expect(issues[1]!.message).toMatch(/^Overlaps ad set 1 \(“Hikers 18–65”\)/);
    expect(issues[0]!.message).toMatch(/same auctions/);
  });

  it('is part of validatePlan, and silent for a plan whose audiences are apart', () => {
    const apart = trailShoesPlan([
      adSet('Hiking | 18–29', { ageMin: 18, ageMax: 29 }),
      adSet('Hiking | 30–44', { ageMin: 30, ageMax: 44 }),
    ]);
    const context = { minDailyBudgetMinor: 100, now: new Date('2026-11-20T12:00:00Z') };
    expect(validatePlan(apart, context).filter((i) => i.path.endsWith('.audience'))).toEqual([]);
    const nested = trailShoesPlan([adSet('A', {}), adSet('B', { ageMin: 25, ageMax: 44 })]);
    expect(validatePlan(nested, context).filter((i) => i.path.endsWith('.audience'))).toHaveLength(2);
  });
});

describe('checkPublishableText: no bookkeeping in an ad', () => {
  it('blocks an ad whose copy repeats its ad set’s name, a pipe or template text, naming the field and what', () => {
    const p = plan((d) => {
      d.adSets[0]!.name = 'Advantage+ audience | reach';
      d.adSets[0]!.ads[0]!.primaryText = 'Made for Advantage+ audience | reach';
      d.adSets[0]!.ads[1]!.headline = 'Shoes for {audience}';
    });
    const errors = blockingIssues(validatePlan(p, context));
    expect(errors.map((issue) => issue.path)).toEqual(['adSets.0.ads.0.primaryText', 'adSets.0.ads.1.headline']);
    expect(errors[0]!.message).toMatch(/^The primary text contains the ad set name “Advantage\+ audience \| reach”\./);
    expect(errors[1]!.message).toMatch(/template text “\{audience\}”/);
  });

  it('lets the brief’s own words through: an ad set named for the brief’s audience may be said in the copy', () => {
    const p = plan((d) => {
      d.adSets[0]!.name = 'Women 25-45 | Hiking';
      d.adSets[0]!.ads[0]!.primaryText = 'Trail shoes for women 25-45 who hike.';
    });
    expect(errorsAt(p)).toContain('adSets.0.ads.0.primaryText');
    expect(errorsAt(p, { ...context, ownText: ['Women 25-45 who hike on weekends'] })).toEqual([]);
  });
});

describe('checkDistinctAds: variants are variants', () => {
  it('flags ads of one ad set that differ only in the button, naming the twin ad', () => {
    const p = plan((d) => {
      d.adSets[0]!.ads[1]!.callToAction = 'LEARN_MORE';
    });
    const issues = checkDistinctAds(p);
    expect(issues).toEqual([
      {
        path: 'adSets.0.ads.1.headline',
        severity: 'warning',
        message:
          'Nearly the same copy as ad 1: variants test different ideas (benefit, proof, offer, urgency, a question), so rewrite the headline and text from another angle.',
      },
    ]);
    expect(validatePlan(p, context)).toContainEqual(issues[0]);
  });

  it('flags near-duplicates (a word changed), not ads written from different angles', () => {
    const near = plan((d) => {
      d.adSets[0]!.ads[1]!.primaryText = 'Light, tough trail shoes for weekend hikers!';
      d.adSets[0]!.ads[1]!.headline = 'Trail shoes that last long';
    });
    expect(checkDistinctAds(near).map((issue) => issue.path)).toEqual(['adSets.0.ads.1.headline']);
    const apart = plan((d) => {
      d.adSets[0]!.ads[1]!.headline = 'Ready for the trail?';
      d.adSets[0]!.ads[1]!.primaryText = 'What would a lighter shoe change on your next climb? Hikers are finding out.';
      d.adSets[0]!.ads[1]!.description = 'Loved by 10,000 hikers';
    });
    expect(checkDistinctAds(apart)).toEqual([]);
  });
});

describe('carousel ads: Meta’s card rules', () => {
  const image = (n: number, width = 1080, height = 1080) => ({
    hash: `abcdef${n}0000000000`,
    name: `card-${n}.png`,
    width,
    height,
  });
  const card = (n: number) => ({
    headline: `Trail shoe ${n}`,
    description: 'Free returns',
    link: `https://shop.example.com/trail/${n}`,
    image: image(n),
  });
  const carousel = (change: (ad: CampaignPlan['adSets'][0]['ads'][0]) => void = () => {}) =>
    plan((d) => {
      const ad = d.adSets[0]!.ads[0]!;
      ad.format = 'carousel';
      ad.cards = [card(1), card(2), card(3)];
      change(ad);
    });
  const issuesAt = (p: CampaignPlan, prefix: string) =>
    validatePlan(p, context).filter((issue) => issue.path.startsWith(prefix));

  it('passes a carousel of three square cards with their own links', () => {
    expect(issuesAt(carousel(), 'adSets.0.ads.0')).toEqual([]);
  });

  it('blocks a carousel of one card; the schema refuses eleven', () => {
    const one = carousel((ad) => (ad.cards = [card(1)]));
    expect(blockingIssues(issuesAt(one, 'adSets.0.ads.0'))).toEqual([
      { path: 'adSets.0.ads.0.cards', severity: 'error', message: 'A carousel has 2 to 10 cards; this one has 1.' },
    ]);
    expect(() => carousel((ad) => (ad.cards = Array.from({ length: 11 }, (_, i) => card(i))))).toThrow(
      /A carousel has 2 to 10 cards/,
    );
  });

  it('blocks a card without a headline or an image and one too long; warns past the recommended lengths', () => {
    const p = carousel((ad) => {
      ad.cards![0]!.headline = ' ';
      delete ad.cards![1]!.image;
      ad.cards![2]!.headline = 'x'.repeat(256);
    });
    expect(blockingIssues(issuesAt(p, 'adSets.0.ads.0'))).toEqual([
      { path: 'adSets.0.ads.0.cards.0.headline', severity: 'error', message: 'Card 1: the headline is empty.' },
      { path: 'adSets.0.ads.0.cards.1.image', severity: 'error', message: 'Card 2 needs an image.' },
      {
        path: 'adSets.0.ads.0.cards.2.headline',
        severity: 'error',
        message: 'Card 3: the headline can be at most 255 characters.',
      },
    ]);
    const long = carousel((ad) => {
      ad.cards![0]!.headline = 'A headline that runs on well past forty characters';
      ad.cards![0]!.description = 'Free returns for a year';
    });
    expect(issuesAt(long, 'adSets.0.ads.0').map((issue) => [issue.path, issue.severity])).toEqual([
      ['adSets.0.ads.0.cards.0.headline', 'warning'],
      ['adSets.0.ads.0.cards.0.description', 'warning'],
    ]);
  });

  it('blocks a card image smaller than Instagram takes, warns on a shape Meta crops', () => {
    const p = carousel((ad) => {
      ad.cards![0]!.image = image(1, 500, 500);
      ad.cards![1]!.image = image(2, 1200, 628);
    });
    const issues = issuesAt(p, 'adSets.0.ads.0');
    expect(issues).toEqual([
      {
        path: 'adSets.0.ads.0.cards.0.image',
        severity: 'error',
        message: 'Card 1: the image is 500×500; Instagram needs at least 600×600.',
      },
      {
        path: 'adSets.0.ads.0.cards.1.image',
        severity: 'warning',
        message: 'Card 2: the image is 1200×628; carousel cards show 1:1 or 4:5, so Meta will crop it.',
      },
    ]);
    // Facebook alone takes 200×200.
    const facebookOnly = plan((d) => {
      d.adSets[0]!.targeting.placements = { publisherPlatforms: ['facebook'] };
      const ad = d.adSets[0]!.ads[0]!;
      ad.format = 'carousel';
      ad.cards = [{ ...card(1), image: image(1, 500, 500) }, card(2)];
    });
    expect(blockingIssues(issuesAt(facebookOnly, 'adSets.0.ads.0'))).toEqual([]);
  });

  it('applies the publish-safety text check to every card’s text', () => {
    const p = carousel((ad) => {
      ad.cards![1]!.headline = 'Shoes for {audience}';
      ad.cards![2]!.description = 'Hikers | reach';
    });
    const errors = blockingIssues(issuesAt(p, 'adSets.0.ads.0'));
    expect(errors.map((issue) => issue.path)).toEqual([
      'adSets.0.ads.0.cards.1.headline',
      'adSets.0.ads.0.cards.2.description',
    ]);
    expect(errors[0]!.message).toMatch(/^Card 2: the headline contains template text “\{audience\}”\./);
  });
});

// A multi-language ad (issue 29, requirement 3): each version checked on its own.

const errors = (a: PlanAd) => checkAdLanguages(a, 'ad', false).filter((i) => i.severity === 'error');

describe('the pre-publish checks of a multi-language ad', () => {
  it('passes versions in their languages, within Meta’s lengths', () => {
    expect(checkAdLanguages(multiLanguageAd(), 'ad', false)).toEqual([]);
  });

  it('checks each version’s length on its own', () => {
    const long = multiLanguageAd({
      translations: [
        { language: 'fr', headline: 'T'.repeat(300), primaryText: 'Des tasses pour vous.', description: '' },
      ],
    });
    expect(errors(long)).toEqual([
      { path: 'ad.translations.0.headline', severity: 'error', message: expect.stringMatching(/at most 255/) },
    ]);
    const wordy = multiLanguageAd({
      translations: [
        {
          language: 'fr',
          headline: 'Des tasses',
          primaryText: `${'Pour vous et les matins. '.repeat(6)}`,
          description: '',
        },
      ],
    });
    expect(checkAdLanguages(wordy, 'ad', false)).toContainEqual(
      expect.objectContaining({
        path: 'ad.translations.0.primaryText',
        severity: 'warning',
        message: expect.stringMatching(/125/),
      }),
    );
  });

  it('runs the policy list of each version’s language', () => {
    const risky = multiLanguageAd({
      translations: [
        { language: 'es', headline: 'Tazas', primaryText: '¿Estás deprimido? Las tazas para ti.', description: '' },
      ],
    });
    expect(checkAdLanguages(risky, 'ad', false)).toContainEqual(
      expect.objectContaining({
        path: 'ad.translations.0.primaryText',
        severity: 'warning',
        message: expect.stringMatching(/Estás deprimido/),
      }),
    );
  });

  it('refuses a version not written in its language, a language twice, and no image', () => {
    expect(
      errors(
        multiLanguageAd({
          translations: [
            {
              language: 'de',
              headline: 'Mugs',
              primaryText: 'Meet the mugs you need for your mornings.',
              description: '',
            },
          ],
        }),
      ),
    ).toEqual([
      expect.objectContaining({
        path: 'ad.translations.0.primaryText',
        message: expect.stringMatching(/meant to be in de/),
      }),
    ]);
    expect(
      errors(
        multiLanguageAd({
          language: 'es-MX',
          headline: 'Tazas para ti',
          primaryText: 'Las tazas para tus mañanas.',
          description: '',
        }),
      ).map((i) => i.path),
    ).toEqual(['ad.translations.0.language']);
    expect(errors(multiLanguageAd({ image: undefined })).map((i) => i.path)).toEqual(['ad.image']);
  });

  it('takes a carousel or video in several languages (published per language), its card texts one per card', () => {
    const cards = [
      { headline: 'Mugs', description: '', link: 'https://shop.example.com/mugs' },
      { headline: 'Cups', description: '', link: 'https://shop.example.com/cups' },
    ];
    const spanish = multiLanguageAd().translations![0]!;
    const carousel = multiLanguageAd({
      format: 'carousel',
      cards,
      translations: [{ ...spanish, cards: [{ headline: 'Tazas', description: '' }] }],
    });
    expect(errors(carousel)).toEqual([
      expect.objectContaining({
        path: 'ad.translations.0.cards',
        message: expect.stringMatching(/1 card texts for 2/),
      }),
    ]);
    const fixed = {
      ...carousel,
      translations: [{ ...spanish, cards: cards.map(({ headline, description }) => ({ headline, description })) }],
    };
    expect(errors(fixed)).toEqual([]);
    expect(errors(multiLanguageAd({ format: 'video', image: undefined }))).toEqual([]);
  });

  it('refuses a translation tag that is not BCP-47 at the schema (400 naming the field)', () => {
    const parsed = PlanAdSchema.safeParse({
      ...multiLanguageAd(),
      translations: [{ ...multiLanguageAd().translations![0], language: 'Spanish' }],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['translations', 0, 'language']);
  });
});

describe("video ads against Meta's video rules (issue 29 req 2)", () => {
  const video: AdVideo = {
    kind: 'video',
    assetKey: 'users/u1/videos/v1/ad.mp4',
    thumbnailAssetKey: 'users/u1/videos/v1/thumbnail.png',
    ratio: '9:16',
    seconds: 10,
    width: 1080,
    height: 1920,
  };
  const withVideo = (change: Partial<AdVideo> = {}, placements?: PlanTargeting['placements']) =>
    plan((d) => {
      for (const ad of d.adSets[0]!.ads) Object.assign(ad, { format: 'video', video: { ...video, ...change } });
      if (placements) d.adSets[0]!.targeting.placements = placements;
    });
  const videoIssues = (p: CampaignPlan) =>
    checkVideoAd(p.adSets[0]!.ads[0]!, 'adSets.0.ads.0', p.adSets[0]!).map((i) => [i.severity, i.message]);

  it('passes a 10 s 1080×1920 video on Advantage+ placements', () => {
    const p = withVideo();
    expect(videoIssues(p)).toEqual([]);
    expect(blockingIssues(validatePlan(p, context))).toEqual([]);
  });

  it("refuses a video ad without its video, and a stated ratio that is not the video's", () => {
    const bare = plan((d) => void (d.adSets[0]!.ads[0]!.format = 'video'));
    expect(videoIssues(bare)).toEqual([['error', 'A video ad needs its video.']]);
    expect(videoIssues(withVideo({ ratio: '1:1' }))[0]).toEqual([
      'error',
      'The video is 1080×1920, not 1:1: make it again in 1:1.',
    ]);
  });

  it('refuses a 9:16 video under 540×960 and one over 60 s where Stories run', () => {
    expect(videoIssues(withVideo({ width: 360, height: 640 }))[0]?.[1]).toMatch(/at least 540×960/);
    expect(videoIssues(withVideo({ seconds: 75 }))).toEqual([
      ['error', 'Stories take videos of up to 60 s; this one is 75 s.'],
    ]);
    expect(videoIssues(withVideo({ seconds: 75 }, { publisherPlatforms: ['facebook'] }))).toEqual([
      ['warning', 'Facebook feeds crop a 9:16 video to 4:5: make a 1:1 version for feeds.'],
    ]);
  });

  it('warns where a shape is letterboxed or a length skips Reels', () => {
    const square = withVideo({ ratio: '1:1', width: 1080, height: 1080 });
    expect(videoIssues(square)).toEqual([
      ['warning', 'A 1:1 video shows with bars in Stories and Reels: make a 9:16 version for them.'],
    ]);
    expect(videoIssues(withVideo({ seconds: 2 }))[0]).toEqual([
      'warning',
      'Reels take videos of 3 s or more: this one will not run there.',
    ]);
  });

  it("refuses video keys outside a user's stored files and a thumbnail that is not an image (schema)", () => {
    const ad = { ...plan().adSets[0]!.ads[0]!, format: 'video', video };
    expect(PlanAdSchema.safeParse(ad).success).toBe(true);
    const outside = PlanAdSchema.safeParse({ ...ad, video: { ...video, assetKey: 'uploads/u1/x.mp4' } });
    expect(outside.success).toBe(false);
    const climbing = PlanAdSchema.safeParse({ ...ad, video: { ...video, assetKey: 'users/u1/../u2/x.mp4' } });
    expect(climbing.success).toBe(false);
    const thumbnail = PlanAdSchema.safeParse({ ...ad, video: { ...video, thumbnailAssetKey: 'users/u1/t.mp4' } });
    expect(thumbnail.success).toBe(false);
  });
});

describe('an ad set split per language: each share meets the account’s minimum (issue 29 req 3)', () => {
  const video: AdVideo = {
    kind: 'video',
    assetKey: 'users/u1/videos/v1/video.mp4',
    thumbnailAssetKey: 'users/u1/videos/v1/poster.png',
    width: 1080,
    height: 1920,
    ratio: '9:16',
    seconds: 10,
  };
  /** An ad set of video ads in English, Spanish and German, with its own budget (the campaign has none). */
  const split = (budget: CampaignPlan['adSets'][0]['budget'], format: 'video' | 'single_image' = 'video') =>
    plan((d) => {
      d.campaign.budget = null;
      d.campaign.isAdsetBudgetSharingEnabled = false;
      d.adSets[0]!.budget = budget;
      const ad = (name: string) =>
        format === 'video'
          ? multiLanguageAd({ name, format: 'video', video, image: undefined, language: 'en' })
          : multiLanguageAd({ name, language: 'en' });
      d.adSets[0]!.ads = [ad('Mugs 1'), ad('Mugs 2')];
    });
  const budgetIssues = (p: CampaignPlan, ctx: ValidationContext = context) =>
    validatePlan(p, ctx).filter((issue) => issue.path === 'adSets.0.budget.amountMinor');

  it('refuses a daily budget whose smallest share is under the minimum, naming the ad set, the share and the minimum', () => {
    // 2.50 USD in three: 0.84, 0.83, 0.83 — each under 1.00 USD, though the whole is over it.
    expect(budgetIssues(split({ type: 'daily', amountMinor: 250 }))).toEqual([
      {
        path: 'adSets.0.budget.amountMinor',
        severity: 'error',
        message:
          "“Hikers” goes out as one ad set per language (English, Spanish, German): its daily budget of 2.50 USD is 0.83 USD per language, under this ad account's minimum daily budget of 1.00 USD. Raise it to at least 3.00 USD, or write its ads in fewer languages.",
      },
    ]);
    expect(budgetIssues(split({ type: 'daily', amountMinor: 300 }))).toEqual([]);
  });

  it('counts whole yen and a total budget’s days, and leaves a single-image multi-language ad alone', () => {
    const jpy = (amountMinor: number) => {
      const p = split({ type: 'lifetime', amountMinor });
      return { ...p, currency: 'JPY' };
    };
    const yen = { minDailyBudgetMinor: 150, now: NOW };
    // 30 days × 150 JPY a language, three languages.
    expect(budgetIssues(jpy(13_499), yen)[0]?.message).toContain(
      "its total budget for 30 day(s) of 13499 JPY is 4499 JPY per language, under this ad account's minimum total budget for 30 day(s) of 4500 JPY. Raise it to at least 13500 JPY",
    );
    expect(budgetIssues(jpy(13_500), yen)).toEqual([]);
    // One multi-language ad at Meta: its budget is not split.
    expect(budgetIssues(split({ type: 'daily', amountMinor: 250 }, 'single_image'))).toEqual([]);
  });

  it('says only the whole budget’s minimum when the whole is already under it', () => {
    const issues = budgetIssues(split({ type: 'daily', amountMinor: 90 }));
    expect(issues.map((issue) => issue.message)).toEqual(['The minimum daily budget for this ad account is 1.00 USD.']);
  });
});
