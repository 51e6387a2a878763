import type { HashedCustomerField } from './customer-fields';
import { parsePhone, phoneCountries, type CountryCode } from './phone-numbers';
import { usAndCanadaRegions } from './us-and-canada-regions';

/**
 * Meta's normalisation of customer information before hashing, one value at a time. The rules are Meta's
 * (developers.facebook.com/docs/marketing-api/conversions-api/parameters/customer-information-parameters) as its own
 * normaliser applies them (facebook/capi-param-builder, `piiUtil/`), so a hash made here equals the one Meta makes
 * of its users' data; tests check both against Meta's published example hashes and its two official libraries.
 * Where Meta's libraries stop short, this goes further in the same direction, never elsewhere:
 * - phones get their country code from the record or the account (Meta: "Phone numbers must include a country
 *   code to be used for matching"; its libraries only strip symbols);
 * - text is NFC-composed first, so "é" typed as e + accent hashes as the precomposed "é" Meta's example uses;
 * - names also lose non-ASCII punctuation (’ « ») besides the ASCII set ("Lowercase only with no punctuation").
 */
export type NormalisedValue = { ok: true; value: string; prehashed: boolean } | { ok: false; reason: string };

export interface CustomerContext {
  /** ISO 3166-1 alpha-2 country of the record (or of the ad account when the record has none): reads phones and dates. */
  country?: string;
}

const SHA256_HEX = /^[a-f0-9]{64}$/i;
const ASCII_PUNCTUATION_AND_SPACE = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~\s]+/g;
const UNICODE_PUNCTUATION = /\p{P}+/gu;
const NOT_LATIN_ALPHANUMERIC = /[^a-z0-9]+/g;
// Meta's normaliser's approximation of RFC 2822, on the lower-cased address.
const EMAIL =
  /^[\w!#$%&'*+/=?^`{|}~-]+(?:\.[\w!#$%&'*+/=?^`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

const accepted = (value: string): NormalisedValue => ({ ok: true, value, prehashed: false });
const refused = (reason: string): NormalisedValue => ({ ok: false, reason });

/** Normalises one raw value of `field` as Meta does before hashing; a value already hashed (SHA-256 hex) passes as it is. */
export function normaliseCustomerValue(
  field: HashedCustomerField,
  raw: string,
  context: CustomerContext = {},
): NormalisedValue {
  const text = raw.normalize('NFC').trim();
  if (text === '') return refused('empty');
  if (SHA256_HEX.test(text)) return { ok: true, value: text.toLowerCase(), prehashed: true };
  switch (field) {
    case 'em':
      return normaliseEmail(text);
    case 'ph':
      return normalisePhone(text, context);
    case 'fn':
    case 'ln':
      return normaliseName(text);
    case 'ge':
      return normaliseGender(text);
    case 'db':
      return normaliseDateOfBirth(text, context);
    case 'ct':
      return normaliseCity(text);
    case 'st':
      return normaliseState(text);
    case 'zp':
      return normalisePostalCode(text, context);
    case 'country':
      return normaliseCountry(text);
    case 'external_id':
      return accepted(text.toLowerCase().replace(/\s+/g, ''));
  }
}

function normaliseEmail(text: string): NormalisedValue {
  const email = text.toLowerCase();
  return EMAIL.test(email) ? accepted(email) : refused('not an email address');
}

function normaliseName(text: string): NormalisedValue {
  const name = text.toLowerCase().replace(ASCII_PUNCTUATION_AND_SPACE, '').replace(UNICODE_PUNCTUATION, '');
  return name === '' ? refused('no letters') : accepted(name);
}

/** Latin letters and digits only, as Meta's normaliser keeps for cities, regions and countries. */
const latinLettersAndDigits = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(NOT_LATIN_ALPHANUMERIC, '');

function normaliseCity(text: string): NormalisedValue {
  // Meta's normaliser drops every character outside a–z and 0–9, accents included ("Zürich" → "zrich").
  const city = text.toLowerCase().replace(NOT_LATIN_ALPHANUMERIC, '');
  return /^[a-z]/.test(city) ? accepted(city) : refused('not a city name');
}

function normaliseState(text: string): NormalisedValue {
  const letters = latinLettersAndDigits(text).replace(/[^a-z]/g, '');
  if (letters === '') return refused('not a state or province');
  const code = letters.length === 2 ? letters : (usAndCanadaRegions[letters] ?? letters);
  // Meta's normaliser keeps two letters for any region, named or coded.
  return accepted(code.slice(0, 2));
}

const countryCodes = new Set(phoneCountries().map((code) => code.toLowerCase()));

let countryNames: ReadonlyMap<string, string> | undefined;
/**
 * Country codes by English name (and a few common aliases), built when a country first comes as a name: Intl's
 * region names cost ~13 ms CPU for the table, and a country sent as its code (what Meta asks for) needs none.
 */
const countryByName = (): ReadonlyMap<string, string> => (countryNames ??= countryNamesTable());

function countryNamesTable(): ReadonlyMap<string, string> {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const byName = new Map<string, string>();
  for (const code of phoneCountries()) {
    const name = names.of(code);
    if (name) byName.set(latinLettersAndDigits(name), code.toLowerCase());
  }
  for (const [alias, code] of Object.entries({
    usa: 'us',
    unitedstatesofamerica: 'us',
    uk: 'gb',
    greatbritain: 'gb',
  })) {
    byName.set(alias, code);
  }
  return byName;
}

function normaliseCountry(text: string): NormalisedValue {
  const letters = latinLettersAndDigits(text).replace(/[^a-z]/g, '');
  const code = letters.length === 2 ? letters : countryByName().get(letters);
  return code && countryCodes.has(code)
    ? accepted(code)
    : refused('not a country (ISO 3166-1 two-letter code or English name)');
}

function normalisePostalCode(text: string, context: CustomerContext): NormalisedValue {
  // "Use lowercase, and no spaces and no dash"; US ZIP+4 keeps its first five digits.
  const withoutSpaces = text.toLowerCase().replace(/\s+/g, '');
  const first = withoutSpaces.split('-', 1)[0] ?? '';
  const code = context.country?.toLowerCase() === 'us' && /^\d{5}/.test(first) ? first.slice(0, 5) : first;
  return code.length >= 2 ? accepted(code) : refused('too short for a postal code');
}

function normaliseGender(text: string): NormalisedValue {
  const word = text.toLowerCase().replace(/[^a-z]/g, '');
  if (['f', 'female', 'woman', 'w'].includes(word)) return accepted('f');
  if (['m', 'male', 'man'].includes(word)) return accepted('m');
  return refused('Meta matches only f or m');
}

function phoneCountry(context: CustomerContext): CountryCode | undefined {
  const code = context.country?.toUpperCase();
  return code && countryCodes.has(code.toLowerCase()) ? (code as CountryCode) : undefined;
}

function normalisePhone(text: string, context: CustomerContext): NormalisedValue {
  const digits = text.replace(/\D/g, '');
  if (digits.length < 7) return refused('too short for a phone number');
  // "+44 …" and "0044 …" say their country; "(650) 555-1212" needs the record's or the account's.
  const international = /^\s*(\+|00)/.test(text) ? `+${digits.replace(/^00/, '')}` : undefined;
  const country = phoneCountry(context);
  const candidates = [
    international && parsePhone(international),
    !international && country && parsePhone(digits, country),
    !international && parsePhone(`+${digits.replace(/^0+/, '')}`),
  ];
  const phone = candidates.find((candidate) => candidate && candidate.isPossible());
  if (!phone) return refused(country || international ? 'not a phone number' : 'a phone number needs its country code');
  return accepted(phone.number.slice(1));
}

function normaliseDateOfBirth(text: string, context: CustomerContext): NormalisedValue {
  const groups = text.match(/\d+/g) ?? [];
  const parts = dateParts(groups, context.country?.toLowerCase() === 'us');
  if (!parts) return refused('not a date (YYYYMMDD, YYYY-MM-DD or DD/MM/YYYY)');
  const [year, month, day] = parts;
  const date = new Date(Date.UTC(year, month - 1, day));
  const valid = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  // "Use the YYYY format from 1900 to current year."
  if (!valid || year < 1900 || year > new Date().getUTCFullYear()) return refused('not a real date of birth');
  return accepted(`${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`);
}

/** Year, month and day from the digit groups; day and month order from the country where both are ≤ 12. */
function dateParts(groups: string[], monthFirst: boolean): [number, number, number] | undefined {
  if (groups.length === 1 && groups[0]!.length === 8) {
    const g = groups[0]!;
    return [Number(g.slice(0, 4)), Number(g.slice(4, 6)), Number(g.slice(6, 8))];
  }
  if (groups.length !== 3) return undefined;
  const [a, b, c] = groups.map(Number) as [number, number, number];
  if (groups[0]!.length === 4) return [a, b, c];
  if (groups[2]!.length !== 4) return undefined;
  if (a > 12) return [c, b, a];
  if (b > 12) return [c, a, b];
  return monthFirst ? [c, a, b] : [c, b, a];
}
