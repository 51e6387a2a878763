import {
  getCountries as countriesOf,
  parsePhoneNumberFromString as parseWith,
  type CountryCode,
  type MetadataJson,
  type PhoneNumber,
} from 'libphonenumber-js/core';
import metadataJson from './phone-metadata.json';

/**
 * libphonenumber-js over its `min` metadata without the number formats (infra/scripts/phone-metadata.ts writes
 * phone-metadata.json from the installed package): parsing reads every other field, so a number parses as with the
 * package's default entry (a test compares both on every country's example numbers), in 32 KB instead of 83.
 * Formatting a number (`format()`, `formatNational()`, `AsYouType`) would need the formats: not available here.
 */
const metadata = metadataJson as unknown as MetadataJson;

export type { CountryCode };

/** Every region the metadata numbers (ISO 3166-1 alpha-2, upper case; includes e.g. AC, TA, XK). */
export const phoneCountries = (): CountryCode[] => countriesOf(metadata);

/** The number in `text`, read in `country` when it has no country code; undefined if it is none. */
export const parsePhone = (text: string, country?: CountryCode): PhoneNumber | undefined =>
  country ? parseWith(text, country, metadata) : parseWith(text, metadata);
