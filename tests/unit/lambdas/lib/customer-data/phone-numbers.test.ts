import { readFileSync } from 'node:fs';
import {
  parsePhoneNumberFromString as parseWithPackageMetadata,
  type CountryCode,
  type MetadataJson,
} from 'libphonenumber-js';
import examples from 'libphonenumber-js/examples.mobile.json';
import minMetadata from 'libphonenumber-js/min/metadata';
import { describe, expect, it } from 'vitest';
import { PHONE_METADATA_FILE, parsingMetadata } from '@infra/scripts/phone-metadata';
import { normaliseCustomerValue } from '@lambdas/lib/customer-data/normalise-customer-value';
import { parsePhone, phoneCountries } from '@lambdas/lib/customer-data/phone-numbers';

const countries = Object.keys(examples) as CountryCode[];

/** What a parse tells: undefined, or the number as the Conversions API gets it and how it was read. */
const reading = (phone: ReturnType<typeof parsePhone>) =>
  phone && {
    number: phone.number,
    country: phone.country,
    nationalNumber: phone.nationalNumber,
    possible: phone.isPossible(),
    valid: phone.isValid(),
  };

/** The ways a person writes one number: national (with its trunk prefix), international, E.164, 00-dialled, mangled. */
function writings(country: CountryCode, example: string): string[] {
  const phone = parseWithPackageMetadata(example, country)!;
  const digits = phone.number.slice(1);
  return [
    example,
    `0${example}`,
    example.slice(0, -1),
    `${example}9`,
    phone.formatNational(),
    phone.formatInternational(),
    phone.number,
    `00${digits}`,
    `+${digits.slice(0, -2)}`,
  ];
}

describe('phone metadata without the number formats', () => {
  it('is what infra/scripts/phone-metadata.ts derives from the installed libphonenumber-js (run it after an upgrade)', () => {
    const file = JSON.parse(readFileSync(PHONE_METADATA_FILE, 'utf8')) as unknown;
    expect(file).toEqual(JSON.parse(JSON.stringify(parsingMetadata(minMetadata as unknown as MetadataJson))));
  });

  it('is less than half the size of the package default', () => {
    expect(readFileSync(PHONE_METADATA_FILE).length).toBeLessThan(JSON.stringify(minMetadata).length / 2);
  });

  it('numbers the same regions as the package', () => {
    expect(phoneCountries()).toEqual(countries.filter((c) => phoneCountries().includes(c)));
    expect(new Set(phoneCountries())).toEqual(new Set(countries));
  });

  it.each(countries)('reads %s numbers, written every way, as the package default does', (country) => {
    const other: CountryCode = country === 'US' ? 'GB' : 'US';
    for (const text of writings(country, examples[country])) {
      for (const defaultCountry of [country, other, undefined]) {
        const expected = reading(
          defaultCountry ? parseWithPackageMetadata(text, defaultCountry) : parseWithPackageMetadata(text),
        );
        expect(reading(parsePhone(text, defaultCountry)), `${text} in ${defaultCountry}`).toEqual(expected);
      }
    }
  });
});

describe('phone numbers normalised for the Conversions API (E.164 digits)', () => {
  // Public switchboard numbers, written as locals and as callers from abroad write them.
  it.each([
    ['US', '(202) 456-1111', '+1 202-456-1111', '12024561111'],
    ['GB', '020 7930 4832', '+44 20 7930 4832', '442079304832'],
    ['DE', '030 2270', '+49 30 2270', '49302270'],
    ['FR', '01 42 92 81 00', '+33 1 42 92 81 00', '33142928100'],
    ['IN', '022 6665 3366', '+91 22 6665 3366', '912266653366'],
    ['BR', '(61) 3411-1221', '+55 61 3411-1221', '556134111221'],
    ['JP', '03-3433-5111', '+81 3-3433-5111', '81334335111'],
    ['AU', '(02) 9250 7111', '+61 2 9250 7111', '61292507111'],
    ['GB', '07700 900123', '0044 7700 900123', '447700900123'],
    ['IN', '081234 56789', '+91 81234 56789', '918123456789'],
    ['DE', '0151 23456789', '+49 151 23456789', '4915123456789'],
  ])('%s: %s and %s give %s', (country, national, international, e164) => {
    expect(normaliseCustomerValue('ph', national, { country })).toEqual({ ok: true, value: e164, prehashed: false });
    expect(normaliseCustomerValue('ph', international)).toEqual({ ok: true, value: e164, prehashed: false });
    expect(normaliseCustomerValue('ph', international, { country: country === 'US' ? 'GB' : 'US' })).toMatchObject({
      value: e164,
    });
  });
});
