import type { BriefTargeting } from './brief-audience';
import {
  billingEventsFor,
  goalsFor,
  LINK_AD_TEXT_LIMITS,
  ODAX_OBJECTIVES,
  promotedObjectNeeds,
  RECOMMENDED_TEXT,
  RESTRICTED_TARGETING_CATEGORIES,
  STORY_UNSUPPORTED_CTAS,
  TARGETING_AGE,
  CITY_RADIUS,
  SPECIAL_CATEGORY_MIN_RADIUS,
} from './campaign-rules';
import {
  CAROUSEL_CARD_TEXT_LIMITS,
  CAROUSEL_CARDS,
  CAROUSEL_IMAGE_MIN_SIDE,
  isCarouselRatio,
  RECOMMENDED_CARD_TEXT,
} from './carousel-rules';
import { checkAdPolicy } from './ad-policy';
import { adCopyLanguages } from './ad-copy-rules';
import { adSetLanguages, languageShare, needsLanguageAdSets } from './language-ad-sets';
import { ratioOf, VERTICAL_MIN_SIZE, VIDEO_SECONDS } from './ad-video';
import { baseLanguage, META_LOCALE_KEYS, writtenIn, isCopyLanguage } from './copy-languages';
import { currencyOffset } from './currency-units';
import { checkAdSetAudiences } from './plan-audience-rules';
import { findingSentence, INTERNAL_TEXT_RULE, publishableCopyFindings } from './publishable-text';
import type {
  CampaignBrief,
  CampaignPlan,
  PlanAd,
  PlanAdSet,
  PlanBudget,
  PlanCarouselCard,
  PlanIssue,
  PlanTargeting,
} from './schemas/campaign-plan';

/**
 * The pre-publish validator: every rule Meta enforces on the objects a plan
 * becomes, as plain functions over the plan, so the editor shows the same
 * findings live that publishing would otherwise learn from Meta. Errors block
 * publishing; warnings (recommended text lengths) do not.
 */

export interface ValidationContext {
  /** The ad account's `min_daily_budget`, minor units. */
  minDailyBudgetMinor: number;
  now: Date;
  /** What the marketer wrote (the brief's product, audience, starting copy): a name used there is theirs to use. */
  ownText?: readonly string[];
  /** Who the brief states the ads are for (shared/brief-audience.ts): an ad set reaching others is flagged. */
  stated?: BriefTargeting;
}

const DAY_MS = 86_400_000;

function formatMinor(minor: number, currency: string): string {
  const offset = currencyOffset(currency);
  return offset === 1 ? `${minor} ${currency}` : `${(minor / offset).toFixed(2)} ${currency}`;
}

export function checkObjective(plan: CampaignPlan): PlanIssue[] {
  if ((ODAX_OBJECTIVES as readonly string[]).includes(plan.campaign.objective)) return [];
  return [
    {
      path: 'campaign.objective',
      severity: 'error',
      message: `Use an outcome objective (${ODAX_OBJECTIVES.join(', ')}).`,
    },
  ];
}

export function checkGoalPairs(plan: CampaignPlan, adSet: PlanAdSet, at: string): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const goals = goalsFor(plan.campaign.objective, adSet.destinationType);
  if (!goals.includes(adSet.optimizationGoal)) {
    issues.push({
      path: `${at}.optimizationGoal`,
      severity: 'error',
      message: `${adSet.optimizationGoal} isn't available for ${plan.campaign.objective}${adSet.destinationType ? ` with ${adSet.destinationType}` : ''}. Choose one of ${goals.join(', ')}.`,
    });
  }
  const billing = billingEventsFor(adSet.optimizationGoal);
  if (!billing.includes(adSet.billingEvent)) {
    issues.push({
      path: `${at}.billingEvent`,
      severity: 'error',
      message: `${adSet.optimizationGoal} is billed on ${billing.join(' or ')}, not ${adSet.billingEvent}.`,
    });
  }
  for (const need of promotedObjectNeeds(adSet.optimizationGoal)) {
    if (!adSet.promotedObject?.[need]) {
      issues.push({
        path: `${at}.promotedObject.${need}`,
        severity: 'error',
        message: `${adSet.optimizationGoal} needs a ${need.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)}.`,
      });
    }
  }
  return issues;
}

function budgetDays(adSet: PlanAdSet): number | undefined {
  if (!adSet.endTime) return undefined;
  return Math.max(1, Math.ceil((Date.parse(adSet.endTime) - Date.parse(adSet.startTime)) / DAY_MS));
}

/** The least a budget may be at Meta: the account's daily minimum, for each scheduled day of a total budget. */
function budgetMinimum(budget: PlanBudget, context: ValidationContext, days: number | undefined): number {
  return budget.type === 'daily' ? context.minDailyBudgetMinor : context.minDailyBudgetMinor * (days ?? 1);
}

function checkBudgetAmount(
  budget: PlanBudget,
  path: string,
  plan: CampaignPlan,
  context: ValidationContext,
  days: number | undefined,
): PlanIssue[] {
  if (!Number.isInteger(budget.amountMinor)) {
    return [{ path, severity: 'error', message: 'Budgets are whole minor units (cents, or whole yen).' }];
  }
  const minimum = budgetMinimum(budget, context, days);
  if (budget.amountMinor < minimum) {
    const what = budget.type === 'daily' ? 'daily budget' : `total budget for ${days ?? 1} day(s)`;
    return [
      {
        path,
        severity: 'error',
        message: `The minimum ${what} for this ad account is ${formatMinor(minimum, plan.currency)}.`,
      },
    ];
  }
  return [];
}

const languageName = (tag: string) => (adCopyLanguages as Record<string, string>)[baseLanguage(tag)] ?? tag;

/**
 * An ad set that goes out once per language (shared/language-ad-sets.ts) has its budget split among the languages:
 * each share is an ad set's budget at Meta, so each must meet the account's minimum, or Meta refuses the second ad set
 * ("Your Budget Is Too Low") after the first was made. Checked only when the whole budget meets it (else that is said).
 */
function checkLanguageShares(
  adSet: PlanAdSet,
  budget: PlanBudget,
  path: string,
  plan: CampaignPlan,
  context: ValidationContext,
  days: number | undefined,
): PlanIssue[] {
  if (!needsLanguageAdSets(adSet)) return [];
  const languages = adSetLanguages(adSet);
  if (languages.length < 2) return [];
  const perDay = budgetMinimum(budget, context, days);
  if (budget.amountMinor < perDay) return [];
  // The remainder goes to the first language: the last share is the smallest.
  const smallest = languageShare(budget, languages.length, languages.length - 1)!.amountMinor;
  if (smallest >= perDay) return [];
  const what = budget.type === 'daily' ? 'daily budget' : `total budget for ${days ?? 1} day(s)`;
  const names = languages.map(languageName).join(', ');
  return [
    {
      path,
      severity: 'error',
      message: `“${adSet.name}” goes out as one ad set per language (${names}): its ${what} of ${formatMinor(budget.amountMinor, plan.currency)} is ${formatMinor(smallest, plan.currency)} per language, under this ad account's minimum ${what} of ${formatMinor(perDay, plan.currency)}. Raise it to at least ${formatMinor(perDay * languages.length, plan.currency)}, or write its ads in fewer languages.`,
    },
  ];
}

export function checkBudgets(plan: CampaignPlan, context: ValidationContext): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const campaignBudget = plan.campaign.budget;
  const longest = Math.max(...plan.adSets.map((adSet) => budgetDays(adSet) ?? 1));
  if (campaignBudget) {
    issues.push(...checkBudgetAmount(campaignBudget, 'campaign.budget.amountMinor', plan, context, longest));
  } else if (plan.campaign.isAdsetBudgetSharingEnabled === undefined) {
    issues.push({
      path: 'campaign.isAdsetBudgetSharingEnabled',
      severity: 'error',
      message: 'Without a campaign budget, say whether ad sets may share budget (true or false).',
    });
  }
  plan.adSets.forEach((adSet, index) => {
    const path = `adSets.${index}.budget`;
    if (campaignBudget && adSet.budget) {
      issues.push({
        path,
        severity: 'error',
        message: 'Set the budget on the campaign or on the ad sets, not both.',
      });
    } else if (!campaignBudget && !adSet.budget) {
      issues.push({ path, severity: 'error', message: 'Without a campaign budget, every ad set needs one.' });
    } else if (adSet.budget) {
      issues.push(...checkBudgetAmount(adSet.budget, `${path}.amountMinor`, plan, context, budgetDays(adSet)));
      issues.push(...checkLanguageShares(adSet, adSet.budget, `${path}.amountMinor`, plan, context, budgetDays(adSet)));
    }
    const lifetime = adSet.budget?.type === 'lifetime' || campaignBudget?.type === 'lifetime';
    if (lifetime && !adSet.endTime) {
      issues.push({ path: `adSets.${index}.endTime`, severity: 'error', message: 'A total budget needs an end date.' });
    }
    const bidStrategy = adSet.bidStrategy ?? plan.campaign.bidStrategy;
    if (bidStrategy !== 'LOWEST_COST_WITHOUT_CAP' && adSet.bidAmountMinor === undefined) {
      issues.push({
        path: `adSets.${index}.bidAmountMinor`,
        severity: 'error',
        message: `${bidStrategy} needs a bid amount.`,
      });
    }
  });
  return issues;
}

export function checkSchedule(adSet: PlanAdSet, at: string, context: ValidationContext, daily: boolean): PlanIssue[] {
  if (!adSet.endTime) return [];
  const start = Date.parse(adSet.startTime);
  const end = Date.parse(adSet.endTime);
  if (end <= start) return [{ path: `${at}.endTime`, severity: 'error', message: 'The end must be after the start.' }];
  if (end <= context.now.getTime()) {
    return [{ path: `${at}.endTime`, severity: 'error', message: 'The end must be in the future.' }];
  }
  if (daily && end - start <= DAY_MS) {
    return [{ path: `${at}.endTime`, severity: 'error', message: 'With a daily budget, run for more than 24 hours.' }];
  }
  return [];
}

export function checkTargeting(plan: CampaignPlan, adSet: PlanAdSet, at: string): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const { ageMin, ageMax, genders, interests } = adSet.targeting;
  const inRange = (age: number) => Number.isInteger(age) && age >= TARGETING_AGE.min && age <= TARGETING_AGE.max;
  if (!inRange(ageMin)) {
    issues.push({ path: `${at}.targeting.ageMin`, severity: 'error', message: 'The minimum age is 18 to 65.' });
  }
  if (!inRange(ageMax)) {
    issues.push({ path: `${at}.targeting.ageMax`, severity: 'error', message: 'The maximum age is 18 to 65.' });
  }
  if (inRange(ageMin) && inRange(ageMax) && ageMin > ageMax) {
    issues.push({
      path: `${at}.targeting.ageMax`,
      severity: 'error',
      message: 'The maximum age must not be below the minimum age.',
    });
  }
  const restricted = plan.campaign.specialAdCategories.filter((category) =>
    RESTRICTED_TARGETING_CATEGORIES.includes(category),
  );
  if (restricted.length > 0 && (ageMin !== 18 || ageMax !== 65 || genders.length > 0)) {
    issues.push({
      path: `${at}.targeting`,
      severity: 'error',
      message: `Ads in ${restricted.join(', ')} must target ages 18 to 65 and all genders.`,
    });
  }
  issues.push(...checkLocations(adSet, at, plan.campaign.specialAdCategories.length > 0));
  interests.forEach((interest, index) => {
    if (!interest.id) {
      issues.push({
        path: `${at}.targeting.interests.${index}`,
        severity: 'error',
        message: `"${interest.name}" isn't an interest Meta knows. Pick one of the suggestions or remove it.`,
      });
    }
  });
  return issues;
}

/** Regions and cities: inside the plan's countries, cities within Meta's radius bounds, no city inside a targeted region. */
export function checkLocations(adSet: PlanAdSet, at: string, specialCategories = false): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const { countries, regions, cities } = adSet.targeting;
  regions.forEach((region, index) => {
    if (!countries.includes(region.countryCode)) {
      issues.push({
        path: `${at}.targeting.regions.${index}`,
        severity: 'error',
        message: `${region.name} is in ${region.countryCode}, which is not one of the plan's countries.`,
      });
    }
  });
  cities.forEach((city, index) => {
    const path = `${at}.targeting.cities.${index}`;
    if (!countries.includes(city.countryCode)) {
      issues.push({
        path,
        severity: 'error',
        message: `${city.name} is in ${city.countryCode}, which is not one of the plan's countries.`,
      });
    }
    const bounds = CITY_RADIUS[city.distanceUnit];
    // Special ad categories raise Meta's floor (15 miles / 25 km): the smaller radii are refused there.
    const min = specialCategories ? SPECIAL_CATEGORY_MIN_RADIUS[city.distanceUnit] : bounds.min;
    if (!Number.isFinite(city.radius) || city.radius < min || city.radius > bounds.max) {
      const unit = city.distanceUnit === 'mile' ? 'miles' : 'km';
      issues.push({
        path: `${path}.radius`,
        severity: 'error',
        message: `The radius around ${city.name} must be ${min}–${bounds.max} ${unit}${specialCategories ? ' in a special ad category campaign' : ''}.`,
      });
    }
    if (city.regionKey && regions.some((region) => region.key === city.regionKey)) {
      issues.push({
        path,
        severity: 'error',
        message: `${city.name} is inside ${city.regionName ?? 'a targeted region'}: Meta refuses overlapping locations, so remove one.`,
      });
    }
  });
  return issues;
}

function placesStories(adSet: PlanAdSet): boolean {
  const placements = adSet.targeting.placements;
  return placements === 'advantage' || placements.publisherPlatforms.includes('instagram');
}

function placesInstagram(adSet: PlanAdSet): boolean {
  const placements = adSet.targeting.placements;
  return placements === 'advantage' || placements.publisherPlatforms.includes('instagram');
}

const textLength = (text: string) => [...text].length;

/** A carousel ad shows its primary text above the cards; the ad's own headline and description are not sent. */
export function isCarousel(ad: PlanAd): boolean {
  return ad.format === 'carousel';
}

function checkCardText(card: PlanCarouselCard, at: string, number: number): PlanIssue[] {
  const issues: PlanIssue[] = [];
  for (const key of ['headline', 'description'] as const) {
    const text = card[key];
    const hard = CAROUSEL_CARD_TEXT_LIMITS[key];
    const soft = RECOMMENDED_CARD_TEXT[key];
    if (key === 'headline' && text.trim() === '') {
      issues.push({ path: `${at}.${key}`, severity: 'error', message: `Card ${number}: the ${key} is empty.` });
    } else if (textLength(text) > hard) {
      issues.push({
        path: `${at}.${key}`,
        severity: 'error',
        message: `Card ${number}: the ${key} can be at most ${hard} characters.`,
      });
    } else if (textLength(text) > soft) {
      issues.push({
        path: `${at}.${key}`,
        severity: 'warning',
        message: `Card ${number}: the ${key} is ${textLength(text)} characters; carousel cards show about ${soft}.`,
      });
    }
  }
  return issues;
}

function checkCardImage(card: PlanCarouselCard, at: string, number: number, instagram: boolean): PlanIssue[] {
  const image = card.image;
  if (!image) return [{ path: `${at}.image`, severity: 'error', message: `Card ${number} needs an image.` }];
  if (image.width === undefined || image.height === undefined) return [];
  const size = `${image.width}×${image.height}`;
  const min = instagram ? CAROUSEL_IMAGE_MIN_SIDE.instagram : CAROUSEL_IMAGE_MIN_SIDE.facebook;
  if (Math.min(image.width, image.height) < min) {
    const where = instagram ? 'Instagram' : 'Facebook';
    return [
      {
        path: `${at}.image`,
        severity: 'error',
        message: `Card ${number}: the image is ${size}; ${where} needs at least ${min}×${min}.`,
      },
    ];
  }
  if (!isCarouselRatio(image.width, image.height)) {
    return [
      {
        path: `${at}.image`,
        severity: 'warning',
        message: `Card ${number}: the image is ${size}; carousel cards show 1:1 or 4:5, so Meta will crop it.`,
      },
    ];
  }
  return [];
}

/** Meta's card rules (shared/carousel-rules.ts): the count, each card's text, and each card's image. */
export function checkCarouselCards(ad: PlanAd, at: string, instagram: boolean): PlanIssue[] {
  if (!isCarousel(ad)) return [];
  const cards = ad.cards ?? [];
  const issues: PlanIssue[] = [];
  if (cards.length < CAROUSEL_CARDS.min || cards.length > CAROUSEL_CARDS.max) {
    issues.push({
      path: `${at}.cards`,
      severity: 'error',
      message: `A carousel has ${CAROUSEL_CARDS.min} to ${CAROUSEL_CARDS.max} cards; this one has ${cards.length}.`,
    });
  }
  cards.forEach((card, index) => {
    const cardAt = `${at}.cards.${index}`;
    issues.push(...checkCardText(card, cardAt, index + 1), ...checkCardImage(card, cardAt, index + 1, instagram));
  });
  return issues;
}

export function checkAdText(ad: PlanAd, at: string, stories: boolean): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const length = textLength;
  const fields = (
    [
      ['primaryText', ad.primaryText, 'Primary text'],
      ['headline', ad.headline, 'Headline'],
      ['description', ad.description, 'Description'],
    ] as const
  ).filter(([key]) => key === 'primaryText' || !isCarousel(ad));
  for (const [key, text, label] of fields) {
    const hard = LINK_AD_TEXT_LIMITS[key];
    const soft = RECOMMENDED_TEXT.feed[key];
    if (key !== 'description' && text.trim() === '') {
      issues.push({ path: `${at}.${key}`, severity: 'error', message: `${label} is empty.` });
    } else if (length(text) > hard) {
      issues.push({ path: `${at}.${key}`, severity: 'error', message: `${label} can be at most ${hard} characters.` });
    } else if (length(text) > soft) {
      issues.push({
        path: `${at}.${key}`,
        severity: 'warning',
        message: `${label} is ${length(text)} characters; feeds show about ${soft} before "See more".`,
      });
    }
  }
  if (stories && STORY_UNSUPPORTED_CTAS.includes(ad.callToAction)) {
    issues.push({
      path: `${at}.callToAction`,
      severity: 'error',
      message: `${ad.callToAction} isn't shown on Instagram stories; pick another button or leave Instagram out.`,
    });
  }
  return issues;
}

/**
 * A video ad (issue 29 requirement 2) against Meta's video rules (shared/ad-video.ts): it has its video (and so
 * the thumbnail Meta requires), the stated ratio is the video's, a 9:16 video is at least 540×960, at least 1 s
 * long; where the ad set reaches Instagram (Stories and Reels, or Advantage+ placements) a video over 60 s is
 * refused and one under 3 s skips Reels; a shape that is cropped or letterboxed in a placement is a warning.
 */
export function checkVideoAd(ad: PlanAd, at: string, adSet: PlanAdSet): PlanIssue[] {
  if (ad.format !== 'video') return [];
  const video = ad.video;
  if (!video) return [{ path: `${at}.video`, severity: 'error', message: 'A video ad needs its video.' }];
  const issues: PlanIssue[] = [];
  const error = (message: string) => issues.push({ path: `${at}.video`, severity: 'error', message });
  const warn = (message: string) => issues.push({ path: `${at}.video`, severity: 'warning', message });
  const shape = ratioOf(video.width, video.height);
  if (shape !== video.ratio) {
    error(`The video is ${video.width}×${video.height}, not ${video.ratio}: make it again in ${video.ratio}.`);
  }
  if (shape === '9:16' && (video.width < VERTICAL_MIN_SIZE.width || video.height < VERTICAL_MIN_SIZE.height)) {
    error(`A 9:16 video is at least ${VERTICAL_MIN_SIZE.width}×${VERTICAL_MIN_SIZE.height} for Stories and Reels.`);
  }
  if (video.seconds < VIDEO_SECONDS.feed.min) error('A video ad is at least 1 second long.');
  const instagram = placesInstagram(adSet);
  if (instagram && video.seconds > VIDEO_SECONDS.stories.max) {
    error(`Stories take videos of up to ${VIDEO_SECONDS.stories.max} s; this one is ${Math.round(video.seconds)} s.`);
  } else if (instagram && video.seconds < VIDEO_SECONDS.reels.min) {
    warn(`Reels take videos of ${VIDEO_SECONDS.reels.min} s or more: this one will not run there.`);
  }
  const feedsOnly = adSet.targeting.placements !== 'advantage' && !instagram;
  if (instagram && shape === '1:1') {
    warn('A 1:1 video shows with bars in Stories and Reels: make a 9:16 version for them.');
  } else if (feedsOnly && shape === '9:16') {
    warn('Facebook feeds crop a 9:16 video to 4:5: make a 1:1 version for feeds.');
  }
  // Versions in other languages are published as one ad set per language (Meta's locale targeting), not refused.
  return issues;
}

/**
 * A multi-language ad (issue 29 requirement 3): each version is checked on its own, in its language — Meta's text
 * lengths (checkAdText), the ad policy word lists of that language, and that it is written in it — and the versions
 * must be ones Meta can serve: each language once, each with Meta's locale key (a single-image ad goes out as one
 * multi-language ad; a carousel or video as one ad set per language, targeted by those locales).
 */
export function checkAdLanguages(ad: PlanAd, at: string, stories: boolean): PlanIssue[] {
  const own = ad.language ?? 'en';
  const versions = [
    { language: own, headline: ad.headline, primaryText: ad.primaryText, description: ad.description, at },
    ...(ad.translations ?? []).map((t, i) => ({ ...t, at: `${at}.translations.${i}` })),
  ];
  const issues: PlanIssue[] = [];
  // A carousel or video with versions is published once per language (an ad set each, targeted by Meta's locales);
  // a carousel's versions that give card texts give one per card.
  (ad.translations ?? []).forEach((t, i) => {
    if (isCarousel(ad) && t.cards && t.cards.length !== (ad.cards?.length ?? 0)) {
      issues.push({
        path: `${at}.translations.${i}.cards`,
        severity: 'error',
        message: `The ${t.language} version has ${t.cards.length} card texts for ${ad.cards?.length ?? 0} cards.`,
      });
    }
  });
  if ((ad.translations?.length ?? 0) > 0 && !isCarousel(ad) && ad.format !== 'video' && !ad.image) {
    issues.push({
      path: `${at}.image`,
      severity: 'error',
      message: 'A multi-language ad needs its image: Meta shows it with every language version.',
    });
  }
  const seen = new Set<string>();
  versions.forEach((version, index) => {
    const base = baseLanguage(version.language);
    if (seen.has(base)) {
      issues.push({
        path: `${version.at}.language`,
        severity: 'error',
        message: `${version.language} is already a version of this ad: each language once.`,
      });
    }
    seen.add(base);
    if (index === 0) return; // The ad's own copy: checkAdText and the publishable-text check cover it.
    if (!isCopyLanguage(base) || !META_LOCALE_KEYS[base]) {
      issues.push({
        path: `${version.at}.language`,
        severity: 'error',
        message: `Meta's locale for ${version.language} is not known here, so it can't be a version of this ad.`,
      });
    }
    issues.push(...checkAdText({ ...ad, ...version, cards: undefined, format: 'single_image' }, version.at, stories));
  });
  versions.forEach((version, index) => {
    const base = baseLanguage(version.language);
    const text = `${version.headline}\n${version.primaryText}\n${version.description}`;
    // An ad without a language of its own may be in the brief's copy language: only stated languages are judged.
    const stated = index > 0 || ad.language !== undefined;
    if (stated && isCopyLanguage(base) && !writtenIn(text, base)) {
      issues.push({
        path: `${version.at}.primaryText`,
        severity: 'error',
        message: `This version is meant to be in ${version.language}, but its words are in another language.`,
      });
    }
    for (const issue of checkAdPolicy(text, version.language)) {
      issues.push({
        path: `${version.at}.primaryText`,
        severity: 'warning',
        message: `"${issue.phrase}": ${issue.reason}`,
      });
    }
  });
  return issues;
}

/**
 * The places a targeting reaches: its regions and cities when it narrows a country to them (the plan sends a
 * country only when nothing narrows it), else its countries.
 */
function reachedPlaces(t: PlanTargeting): { countries: Set<string>; regions: Set<string>; cities: Set<string> } {
  const narrowed = new Set([...t.regions.map((r) => r.countryCode), ...t.cities.map((c) => c.countryCode)]);
  return {
    countries: new Set(t.countries.filter((country) => !narrowed.has(country))),
    regions: new Set(t.regions.map((r) => r.key)),
    cities: new Set(t.cities.map((c) => c.key)),
  };
}

function placesOverlap(a: PlanTargeting, b: PlanTargeting): boolean {
  const [pa, pb] = [reachedPlaces(a), reachedPlaces(b)];
  const shares = <T>(x: Set<T>, y: Set<T>) => [...x].some((item) => y.has(item));
  if (shares(pa.countries, pb.countries) || shares(pa.regions, pb.regions) || shares(pa.cities, pb.cities)) return true;
  // A whole country contains its regions and cities; a region contains the cities Meta places in it.
  const inCountry = (countries: Set<string>, t: PlanTargeting) =>
    t.regions.some((r) => countries.has(r.countryCode)) || t.cities.some((c) => countries.has(c.countryCode));
  const cityInRegion = (regions: Set<string>, t: PlanTargeting) =>
    t.cities.some((c) => c.regionKey !== undefined && regions.has(c.regionKey));
  return (
    inCountry(pa.countries, b) ||
    inCountry(pb.countries, a) ||
    cityInRegion(pa.regions, b) ||
    cityInRegion(pb.regions, a)
  );
}

/**
 * Whether two ad sets of one campaign target overlapping audiences: they reach a common place, their age ranges
 * share a year, their genders meet (none chosen = all), and their interests meet — an ad set without interests is
 * broad and reaches everyone the others reach, and two lists sharing an interest reach its people twice (an
 * interest list is "any of", so different interests are treated as different people; Meta does not say more
 * before delivery). Such ad sets bid against each other in the same auctions, raising each other's price, and
 * split the conversions Meta's learning phase needs (about 50 a week per ad set) between them.
 */
export function audiencesOverlap(a: PlanTargeting, b: PlanTargeting): boolean {
  const ages = a.ageMin <= b.ageMax && b.ageMin <= a.ageMax;
  const genders = a.genders.length === 0 || b.genders.length === 0 || a.genders.some((g) => b.genders.includes(g));
  const interestKey = (i: { id?: string; name: string }) => i.id ?? i.name.trim().toLowerCase();
  const bKeys = new Set(b.interests.map(interestKey));
  const interests =
    a.interests.length === 0 || b.interests.length === 0 || a.interests.some((i) => bKeys.has(interestKey(i)));
  return ages && genders && interests && customAudiencesMeet(a, b) && placesOverlap(a, b);
}

/**
 * Custom audiences: two ad sets each limited to custom audiences meet only through one they share, and an ad set
 * that excludes every audience another is limited to does not meet it (a lookalike set beside one that leaves
 * the lookalike out). Different audiences are treated as different people, as different interests are.
 */
function customAudiencesMeet(a: PlanTargeting, b: PlanTargeting): boolean {
  const ids = (list: PlanTargeting['audiences']) => new Set((list ?? []).map((audience) => audience.id));
  const [inA, inB, outA, outB] = [
    ids(a.audiences),
    ids(b.audiences),
    ids(a.excludedAudiences),
    ids(b.excludedAudiences),
  ];
  if (inA.size > 0 && inB.size > 0 && ![...inA].some((id) => inB.has(id))) return false;
  if (inA.size > 0 && [...inA].every((id) => outB.has(id))) return false;
  if (inB.size > 0 && [...inB].every((id) => outA.has(id))) return false;
  return true;
}

/**
 * A warning on each of two ad sets whose audiences overlap (audiencesOverlap), naming the other: a plan may
 * publish so (a marketer may test the same people on purpose), but most plans should not.
 */
export function checkAudienceOverlap(plan: CampaignPlan): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const label = (index: number) => `ad set ${index + 1} (“${plan.adSets[index]!.name}”)`;
  plan.adSets.forEach((a, i) => {
    plan.adSets.forEach((b, j) => {
      if (i === j || !audiencesOverlap(a.targeting, b.targeting)) return;
      issues.push({
        path: `adSets.${i}.targeting.audience`,
        severity: 'warning',
        message: `Overlaps ${label(j)}: same places, overlapping ages, genders and interests, so the two bid against each other in the same auctions and split Meta's learning. Give them different age bands or interests.`,
      });
    });
  });
  return issues;
}

/**
 * An error on every ad text that carries an ad set or ad name, an id, a pipe or template text (the shared
 * publishable-text check): a generated plan named its ad sets "women 25-45 | Yoga | 25–45", and copy must never
 * repeat such bookkeeping to the people who see the ad.
 */
export function checkPublishableText(plan: CampaignPlan, ownText: readonly string[] = []): PlanIssue[] {
  const names = [
    ...plan.adSets.map((set) => ({ kind: 'ad set' as const, name: set.name })),
    ...plan.adSets.flatMap((set) => set.ads.map((ad) => ({ kind: 'ad' as const, name: ad.name }))),
  ];
  return plan.adSets.flatMap((set, index) =>
    set.ads.flatMap((ad, adIndex) => {
      const at = `adSets.${index}.ads.${adIndex}`;
      const context = { names, allowed: ownText };
      // A carousel sends its primary text and its cards' texts, not the ad's own headline and description.
      const adCopy = isCarousel(ad) ? { headline: '', primaryText: ad.primaryText } : ad;
      const own = publishableCopyFindings(adCopy, context).map((finding) => ({
        path: `${at}.${finding.field}`,
        severity: 'error' as const,
        message: `${findingSentence(finding, finding.field)} ${INTERNAL_TEXT_RULE}`,
      }));
      const cards = (isCarousel(ad) ? (ad.cards ?? []) : []).flatMap((card, cardIndex) =>
        publishableCopyFindings({ ...card, primaryText: '' }, context).map((finding) => ({
          path: `${at}.cards.${cardIndex}.${finding.field}`,
          severity: 'error' as const,
          message: `Card ${cardIndex + 1}: ${lowerFirst(findingSentence(finding, finding.field))} ${INTERNAL_TEXT_RULE}`,
        })),
      );
      return [...own, ...cards];
    }),
  );
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** Two ads whose words overlap this much (Jaccard of their word sets) test the same idea. */
export const NEAR_DUPLICATE_SIMILARITY = 0.8;

function adWords(ad: PlanAd): Set<string> {
  const cards = isCarousel(ad) ? (ad.cards ?? []).map((card) => `${card.headline} ${card.description}`) : [];
  return new Set(
    `${ad.headline} ${ad.primaryText} ${ad.description} ${cards.join(' ')}`
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );
}

function similarity(a: Set<string>, b: Set<string>): number {
  const shared = [...a].filter((word) => b.has(word)).length;
  const all = new Set([...a, ...b]).size;
  return all === 0 ? 1 : shared / all;
}

/**
 * A warning on each ad of an ad set whose copy is (nearly) that of an earlier ad of the same set: a generated plan
 * once published three ads with one headline, text and description, only the button differing, which splits the
 * ad set's delivery without testing anything.
 */
export function checkDistinctAds(plan: CampaignPlan): PlanIssue[] {
  return plan.adSets.flatMap((set, index) => {
    const words = set.ads.map(adWords);
    return set.ads.flatMap((_, adIndex) => {
      const twin = words.findIndex(
        (other, j) => j < adIndex && similarity(other, words[adIndex]!) >= NEAR_DUPLICATE_SIMILARITY,
      );
      if (twin < 0) return [];
      return [
        {
          path: `adSets.${index}.ads.${adIndex}.headline`,
          severity: 'warning' as const,
          message: `Nearly the same copy as ad ${twin + 1}: variants test different ideas (benefit, proof, offer, urgency, a question), so rewrite the headline and text from another angle.`,
        },
      ];
    });
  });
}

/**
 * A warning on each ad set that reaches people the brief did not ask for: ages outside its stated ages, or
 * all or other genders when it named one (a plan once targeted all genders while naming its ad sets
 * "Women 25-45"). A warning, not an error: the marketer may widen an ad set on purpose in the editor.
 */
export function checkBriefTargeting(plan: CampaignPlan, stated: BriefTargeting | undefined): PlanIssue[] {
  if (!stated) return [];
  const restricted = plan.campaign.specialAdCategories.some((c) => RESTRICTED_TARGETING_CATEGORIES.includes(c));
  if (restricted) return [];
  return plan.adSets.flatMap((set, index) => {
    const issues: PlanIssue[] = [];
    const { ageMin, ageMax, genders } = set.targeting;
    const floor = stated.ageMin ?? TARGETING_AGE.min;
    const ceiling = stated.ageMax ?? TARGETING_AGE.max;
    if (ageMin < floor || ageMax > ceiling) {
      issues.push({
        path: `adSets.${index}.targeting.ageMin`,
        severity: 'warning',
        message: `The brief is for ages ${floor} to ${ceiling}; this ad set reaches ${ageMin} to ${ageMax}.`,
      });
    }
    const wanted = stated.genders?.[0];
    if (wanted && (genders.length !== 1 || genders[0] !== wanted)) {
      issues.push({
        path: `adSets.${index}.targeting.genders`,
        severity: 'warning',
        message: `The brief is for ${wanted === 'female' ? 'women' : 'men'}; this ad set reaches ${genders.length === 0 ? 'all genders' : genders[0] === 'female' ? 'women' : 'men'}.`,
      });
    }
    return issues;
  });
}

/** The brief's words, the marketer's own: the text check lets a name through that they wrote there. */
export function briefOwnText(brief: Partial<Pick<CampaignBrief, 'product' | 'audience' | 'adCopy'>>): string[] {
  return [brief.product, brief.audience, brief.adCopy].filter((text): text is string => typeof text === 'string');
}

/** Every finding for the plan, errors and warnings, in the order of the editor's fields. */
export function validatePlan(plan: CampaignPlan, context: ValidationContext): PlanIssue[] {
  const issues = [...checkObjective(plan), ...checkBudgets(plan, context)];
  plan.adSets.forEach((adSet, index) => {
    const at = `adSets.${index}`;
    const daily = (adSet.budget ?? plan.campaign.budget)?.type === 'daily';
    issues.push(...checkGoalPairs(plan, adSet, at));
    issues.push(...checkSchedule(adSet, at, context, daily));
    issues.push(...checkTargeting(plan, adSet, at));
    issues.push(...checkAdSetAudiences(plan, adSet, at));
    adSet.ads.forEach((ad, adIndex) => {
      issues.push(...checkAdText(ad, `${at}.ads.${adIndex}`, placesStories(adSet)));
      issues.push(...checkCarouselCards(ad, `${at}.ads.${adIndex}`, placesInstagram(adSet)));
      issues.push(...checkAdLanguages(ad, `${at}.ads.${adIndex}`, placesStories(adSet)));
      issues.push(...checkVideoAd(ad, `${at}.ads.${adIndex}`, adSet));
    });
  });
  issues.push(...checkAudienceOverlap(plan));
  issues.push(...checkDistinctAds(plan));
  issues.push(...checkBriefTargeting(plan, context.stated));
  issues.push(...checkPublishableText(plan, context.ownText));
  return issues;
}

export function blockingIssues(issues: PlanIssue[]): PlanIssue[] {
  return issues.filter((issue) => issue.severity === 'error');
}
