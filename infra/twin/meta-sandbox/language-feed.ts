import { enumParameter, invalidParameter, type GraphError } from './graph-error.js';
import { CALL_TO_ACTION_VALUES } from './reference.js';

/**
 * A multi-language ad: one creative whose `asset_feed_spec` carries a version of each text (and image) per language,
 * with `asset_customization_rules` saying which locales see which version. v26 keeps `asset_feed_spec` on AdCreative
 * (/work/shared/reference/meta/fields-and-enums.json, AdCreative fields); the rules the sandbox applies, where each
 * comes from:
 * - Meta's Multi-Language Ads guide (developers.facebook.com/documentation/ads-commerce/marketing-api/multi-language-ads,
 *   updated 2026-02-04): the creative is an asset_feed_spec with an array of assets per type, each tagged with
 *   `adlabels` naming its language; the rules group assets by those labels; "provide at least one asset per asset
 *   type" (images for SINGLE_IMAGE, bodies, titles, link_urls; descriptions optional); each rule targets locales in
 *   `customization_spec.locales` (Meta's numeric locale keys), and one rule, `is_default: true`, is the version for
 *   everyone else;
 * - the Asset Customization Rules guide (…/asset-feed-spec/asset-customization-rules, updated 2026-06-28): "All ads
 *   using asset_feed_spec must contain at least two target customization rules", else the ad cannot be created;
 * - the asset feed spec reference (developers.facebook.com/docs/marketing-api/reference/ad-asset-feed-spec): `ad_formats`
 *   and `call_to_action_types` (one, from the CallToAction enum);
 * - the object_story_spec of such a creative names the Page only: the texts and link live in the feed.
 * A rule naming a label no asset carries, or a locale in two rules, would leave Meta unable to pick a version; the
 * sandbox refuses both. Meta does not publish the subcodes of these refusals: code 100 with the rule's words and the
 * blamed field, as its validation refusals do. The sandbox has no video library, so SINGLE_VIDEO is refused.
 */

export const LANGUAGE_FEED_FORMATS = ['SINGLE_IMAGE'] as const;
const TEXT_LIMITS = { bodies: 2200, titles: 255, descriptions: 255 } as const;

export interface LanguageVersion {
  /** The label of the version's body (its language's name, as the caller labelled it). */
  label: string;
  /** The rule's locales; empty for the default rule. */
  locales: number[];
  isDefault: boolean;
  body: string;
  title: string;
  description?: string;
  link: string;
  imageHash?: string;
  imageUrl?: string;
}

export interface LanguageFeed {
  callToActionType: string;
  versions: LanguageVersion[];
}

export interface LanguageFeedChecks {
  isUrl: (value: unknown) => value is string;
  imageExists: (hash: string) => boolean;
}

type Asset = Record<string, unknown> & { label?: string };

const refuse = (message: string, userTitle: string, userMsg: string, blame: string): GraphError =>
  invalidParameter(`(#100) ${message}`, { userTitle, userMsg, blame: [blame] });

function object(value: unknown, name: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidParameter(`(#100) param ${name} must be JSON object.`);
  }
  return value as Record<string, unknown>;
}

/** The asset list of one type, each with its label (the first adlabel's name). */
function assets(feed: Record<string, unknown>, type: string, required: boolean): Asset[] {
  const list = feed[type];
  if (list === undefined) {
    if (!required) return [];
    throw refuse(
      `asset_feed_spec[${type}] is required`,
      'Asset Missing',
      `A multi-language ad needs at least one asset in asset_feed_spec.${type}.`,
      `asset_feed_spec[${type}]`,
    );
  }
  if (!Array.isArray(list) || (required && list.length === 0)) {
    throw invalidParameter(`(#100) param asset_feed_spec[${type}] must be a non-empty array.`);
  }
  return list.map((raw, i) => {
    const asset = object(raw, `asset_feed_spec[${type}][${i}]`);
    const labels = asset.adlabels;
    if (labels === undefined) return asset;
    if (!Array.isArray(labels) || labels.length === 0) {
      throw invalidParameter(`(#100) param asset_feed_spec[${type}][${i}][adlabels] must be a non-empty array.`);
    }
    const name = object(labels[0], `asset_feed_spec[${type}][${i}][adlabels][0]`).name;
    if (typeof name !== 'string' || name.trim() === '') {
      throw invalidParameter(`(#100) param asset_feed_spec[${type}][${i}][adlabels][0][name] is required`);
    }
    return { ...asset, label: name };
  });
}

/** Several assets of a type must each say their language; a single one may be shared by every version. */
function requireLabels(list: Asset[], type: string): void {
  if (list.length < 2) return;
  const unlabelled = list.findIndex((asset) => asset.label === undefined);
  if (unlabelled >= 0) {
    throw refuse(
      `asset_feed_spec[${type}][${unlabelled}] needs adlabels`,
      'Asset Needs a Language Label',
      `Each of the ${type} of a multi-language ad needs an adlabel naming its language, so the rules can pick it.`,
      `asset_feed_spec[${type}][${unlabelled}][adlabels]`,
    );
  }
}

function labelled(list: Asset[], rule: Record<string, unknown>, key: string, type: string, index: number): Asset {
  const ref = rule[key];
  if (ref === undefined) {
    // A rule may leave a type out only when one asset serves every version.
    if (list.length === 1) return list[0]!;
    throw refuse(
      `asset_customization_rules[${index}][${key}] is required`,
      'Rule Needs a Label',
      `Rule ${index + 1} must name which of the ${type} it shows (${key}).`,
      `asset_feed_spec[asset_customization_rules][${index}][${key}]`,
    );
  }
  const name = object(ref, `asset_customization_rules[${index}][${key}]`).name;
  const found = list.find((asset) => asset.label === name);
  if (!found) {
    throw refuse(
      `asset_customization_rules[${index}][${key}] names the label ${String(name)}, which no asset in ${type} carries`,
      'Label Not Found',
      `Rule ${index + 1} asks for the ${type} labelled "${String(name)}", but none has that label.`,
      `asset_feed_spec[asset_customization_rules][${index}][${key}]`,
    );
  }
  return found;
}

function text(asset: Asset, type: keyof typeof TEXT_LIMITS): string {
  const value = asset.text;
  if (typeof value !== 'string' || value.trim() === '') {
    throw invalidParameter(`(#100) param asset_feed_spec[${type}][][text] is required`);
  }
  if (value.length > TEXT_LIMITS[type]) {
    throw invalidParameter(`(#100) asset_feed_spec.${type} text can be at most ${TEXT_LIMITS[type]} characters.`, {
      subcode: 1487040,
      userTitle: 'Text Too Long',
      userMsg: `asset_feed_spec.${type} text can be at most ${TEXT_LIMITS[type]} characters.`,
    });
  }
  return value;
}

function locales(rule: Record<string, unknown>, index: number): number[] {
  const spec = rule.customization_spec;
  if (spec === undefined) return [];
  const list = object(spec, `asset_customization_rules[${index}][customization_spec]`).locales;
  if (list === undefined) return [];
  if (!Array.isArray(list) || !list.every((id) => Number.isInteger(Number(id)) && Number(id) > 0)) {
    throw invalidParameter(
      `(#100) param asset_customization_rules[${index}][customization_spec][locales] must be an array of locale keys.`,
    );
  }
  return list.map(Number);
}

/** The checked versions of a multi-language creative's asset_feed_spec. */
export function checkLanguageFeed(raw: unknown, checks: LanguageFeedChecks): LanguageFeed {
  const feed = object(raw, 'asset_feed_spec');
  const formats = feed.ad_formats;
  if (!Array.isArray(formats) || formats.length !== 1 || typeof formats[0] !== 'string') {
    throw invalidParameter('(#100) param asset_feed_spec[ad_formats] must name one ad format.', {
      blame: ['asset_feed_spec[ad_formats]'],
    });
  }
  if (!(LANGUAGE_FEED_FORMATS as readonly string[]).includes(formats[0])) {
    throw enumParameter('asset_feed_spec[ad_formats]', LANGUAGE_FEED_FORMATS);
  }
  const images = assets(feed, 'images', true);
  const bodies = assets(feed, 'bodies', true);
  const titles = assets(feed, 'titles', true);
  const descriptions = assets(feed, 'descriptions', false);
  const links = assets(feed, 'link_urls', true);
  for (const [type, list] of Object.entries({ images, bodies, titles, descriptions, link_urls: links })) {
    requireLabels(list, type);
  }
  const ctas = feed.call_to_action_types;
  if (!Array.isArray(ctas) || ctas.length !== 1 || typeof ctas[0] !== 'string') {
    throw invalidParameter('(#100) param asset_feed_spec[call_to_action_types] must name one call to action.');
  }
  if (!CALL_TO_ACTION_VALUES.includes(ctas[0])) {
    throw enumParameter('asset_feed_spec[call_to_action_types]', CALL_TO_ACTION_VALUES);
  }
  const rules = feed.asset_customization_rules;
  if (!Array.isArray(rules) || rules.length < 2) {
    throw refuse(
      'asset_feed_spec must contain at least two asset_customization_rules',
      'Not Enough Customization Rules',
      'An ad using asset_feed_spec needs at least two customization rules (for a multi-language ad, one per language).',
      'asset_feed_spec[asset_customization_rules]',
    );
  }
  const seenLocales = new Map<number, number>();
  const versions = rules.map((rawRule, index): LanguageVersion => {
    const rule = object(rawRule, `asset_customization_rules[${index}]`);
    const isDefault = rule.is_default === true || rule.is_default === 'true';
    const ruleLocales = locales(rule, index);
    if (!isDefault && ruleLocales.length === 0) {
      throw refuse(
        `asset_customization_rules[${index}][customization_spec][locales] is required`,
        'Rule Needs Locales',
        `Rule ${index + 1} must say which locales see its version (customization_spec.locales), or be the default.`,
        `asset_feed_spec[asset_customization_rules][${index}][customization_spec]`,
      );
    }
    for (const locale of ruleLocales) {
      const earlier = seenLocales.get(locale);
      if (earlier !== undefined) {
        throw refuse(
          `locale ${locale} is in asset_customization_rules ${earlier} and ${index}`,
          'Locale in Two Rules',
          `Locale ${locale} is in rules ${earlier + 1} and ${index + 1}: each locale sees one version.`,
          `asset_feed_spec[asset_customization_rules][${index}][customization_spec][locales]`,
        );
      }
      seenLocales.set(locale, index);
    }
    const image = labelled(images, rule, 'image_label', 'images', index);
    const body = labelled(bodies, rule, 'body_label', 'bodies', index);
    const title = labelled(titles, rule, 'title_label', 'titles', index);
    const description =
      descriptions.length > 0 ? labelled(descriptions, rule, 'description_label', 'descriptions', index) : undefined;
    const link = labelled(links, rule, 'link_url_label', 'link_urls', index);
    if (!checks.isUrl(link.website_url)) {
      throw invalidParameter('(#100) param asset_feed_spec[link_urls][][website_url] must be a valid URL', {
        blame: ['asset_feed_spec[link_urls]'],
      });
    }
    const hash = image.hash;
    if (hash !== undefined && (typeof hash !== 'string' || !checks.imageExists(hash))) {
      throw invalidParameter(`(#100) The image hash ${String(hash)} doesn't match an image in this ad account.`, {
        subcode: 1487242,
        userTitle: 'Image Not Found',
        userMsg: `The image hash ${String(hash)} doesn't match an image in this ad account.`,
      });
    }
    if (hash === undefined && !checks.isUrl(image.url)) {
      throw invalidParameter('(#100) asset_feed_spec[images][] needs a hash or url');
    }
    return {
      label: body.label ?? `version-${index}`,
      locales: ruleLocales,
      isDefault,
      body: text(body, 'bodies'),
      title: text(title, 'titles'),
      ...(description !== undefined && { description: text(description, 'descriptions') }),
      link: link.website_url,
      ...(typeof hash === 'string' ? { imageHash: hash } : { imageUrl: String(image.url) }),
    };
  });
  const defaults = versions.filter((version) => version.isDefault).length;
  if (defaults !== 1) {
    throw refuse(
      `asset_customization_rules must have exactly one rule with is_default (found ${defaults})`,
      'One Default Language',
      'A multi-language ad has exactly one default version (is_default: true) for people outside the listed locales.',
      'asset_feed_spec[asset_customization_rules]',
    );
  }
  return { callToActionType: ctas[0], versions };
}

/** The feed as a read of the creative's asset_feed_spec returns it: one labelled asset of each type per version. */
export function renderLanguageFeed(feed: LanguageFeed): Record<string, unknown> {
  const tag = (version: LanguageVersion) => [{ name: version.label }];
  const ref = (version: LanguageVersion) => ({ name: version.label });
  return {
    ad_formats: ['SINGLE_IMAGE'],
    images: feed.versions.map((v) => ({
      ...(v.imageHash !== undefined ? { hash: v.imageHash } : { url: v.imageUrl }),
      adlabels: tag(v),
    })),
    bodies: feed.versions.map((v) => ({ text: v.body, adlabels: tag(v) })),
    titles: feed.versions.map((v) => ({ text: v.title, adlabels: tag(v) })),
    ...(feed.versions.some((v) => v.description !== undefined) && {
      descriptions: feed.versions.map((v) => ({ text: v.description ?? '', adlabels: tag(v) })),
    }),
    link_urls: feed.versions.map((v) => ({ website_url: v.link, adlabels: tag(v) })),
    call_to_action_types: [feed.callToActionType],
    asset_customization_rules: feed.versions.map((v, i) => ({
      ...(v.locales.length > 0 && { customization_spec: { locales: v.locales } }),
      image_label: ref(v),
      body_label: ref(v),
      title_label: ref(v),
      ...(v.description !== undefined && { description_label: ref(v) }),
      link_url_label: ref(v),
      priority: i + 1,
      ...(v.isDefault && { is_default: true }),
    })),
  };
}
