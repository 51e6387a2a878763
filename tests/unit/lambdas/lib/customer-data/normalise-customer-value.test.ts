import { ParamBuilder } from 'capi-param-builder-nodejs';
import { ServerSideUtils } from 'facebook-nodejs-business-sdk';
import { describe, expect, it, vi } from 'vitest';
import type { HashedCustomerField } from '@lambdas/lib/customer-data/customer-fields';
import { sha256Hex } from '@lambdas/lib/customer-data/hash-customer-data';
import { normaliseCustomerValue, type CustomerContext } from '@lambdas/lib/customer-data/normalise-customer-value';
import { phoneCountries } from '@lambdas/lib/customer-data/phone-numbers';

/** Our hash of one value, or null where it is refused. */
function ourHash(field: HashedCustomerField, raw: string, context: CustomerContext = {}): string | null {
  const normalised = normaliseCustomerValue(field, raw, context);
  if (!normalised.ok) return null;
  return normalised.prehashed ? normalised.value : sha256Hex(normalised.value);
}

// Meta's own normaliser (facebook/capi-param-builder, npm capi-param-builder-nodejs): its hashes carry a
// ".<library token>" suffix that the Conversions API strips.
const paramBuilder = new ParamBuilder([]);
const paramBuilderTypes: Record<HashedCustomerField, string> = {
  em: 'email',
  ph: 'phone',
  fn: 'first_name',
  ln: 'last_name',
  ge: 'gender',
  db: 'date_of_birth',
  ct: 'city',
  st: 'state',
  zp: 'zip_code',
  country: 'country',
  external_id: 'external_id',
};
function metaNormaliserHash(field: HashedCustomerField, raw: string): string | null {
  const hashed = paramBuilder.getNormalizedAndHashedPII(raw, paramBuilderTypes[field]);
  return hashed === null ? null : hashed.slice(0, hashed.lastIndexOf('.'));
}

describe("Meta's published examples", () => {
  // developers.facebook.com/docs/marketing-api/conversions-api/parameters/customer-information-parameters
  it.each([
    ['em', 'John_Smith@gmail.com', {}, '62a14e44f765419d10fea99367361a727c12365e2520f32218d505ed9aa0f62f'],
    ['ph', '(650)555-1212', { country: 'US' }, 'e323ec626319ca94ee8bff2e4c87cf613be6ea19919ed1364124e16807ab3176'],
    ['fn', 'Mary', {}, '6915771be1c5aa0c886870b6951b03d7eafc121fea0e80a5ea83beb7c449f4ec'],
    ['fn', '정', {}, '8fa8cd9c440be61d0151429310034083132b35975c4bea67fdd74158eb51db14'],
    ['fn', 'Valéry', {}, '08e1996b5dd49e62a4b4c010d44e4345592a863bb9f8e3976219bac29417149c'],
  ] as const)('%s %j hashes as Meta documents', (field, raw, context, expected) => {
    expect(ourHash(field, raw, context)).toBe(expected);
  });
});

describe("agreement with Meta's own normaliser (capi-param-builder)", () => {
  it.each([
    ['em', '  John_Smith@GMAIL.com  '],
    ['em', 'Ana.Lopez+ads@Example.co.uk'],
    ['ph', '+44 7700 900123'],
    ['ph', '0044 7700 900123'],
    ['ph', '+33 6 12 34 56 78'],
    ['ph', '+49 30 901820'],
    ['ph', '+1 (650) 555-1212'],
    ['fn', '  MARY  '],
    ['fn', 'Valéry'],
    ['fn', 'José'],
    ['ln', "O'Brien-Smith"],
    ['ln', 'van der Berg'],
    ['ct', 'San Francisco'],
    ['ct', 'New York'],
    ['ct', 'Zürich'],
    ['st', 'California'],
    ['st', 'CA'],
    ['st', 'new york'],
    ['st', 'Ontario'],
    ['st', 'Bavaria'],
    ['zp', '94025'],
    ['zp', '94025-1234'],
    ['country', 'US'],
    ['country', 'United States'],
    ['country', 'Germany'],
    ['country', 'fr'],
    ['ge', 'Female'],
    ['ge', 'M'],
    ['db', '1985-02-14'],
    ['db', '19850214'],
    ['db', '02/14/1985'],
    ['external_id', ' ABC 123 '],
  ] as const)('%s %j', (field, raw) => {
    const expected = metaNormaliserHash(field, raw);
    expect(expected).not.toBeNull();
    expect(ourHash(field, raw)).toBe(expected);
  });
});

describe("agreement with the Business SDK's normaliser (facebook-nodejs-business-sdk ServerSideUtils)", () => {
  it.each([
    ['em', 'Person@Example.com '],
    ['ph', '+44 844 412 4653'],
    ['ph', '+81 3-1234-5678'],
    ['ct', 'Menlo Park'],
    ['zp', 'SW1A 1AA'],
    ['zp', '94025-1234'],
    ['country', 'DE'],
    ['ge', 'male'],
  ] as const)('%s %j', (field, raw) => {
    expect(ourHash(field, raw)).toBe(ServerSideUtils.normalizeAndHash(raw, field));
  });
});

describe('where the rules ask more than the libraries do', () => {
  it('adds the country code to a national phone number from the record or account country', () => {
    expect(normaliseCustomerValue('ph', '07700 900123', { country: 'GB' })).toEqual({
      ok: true,
      value: '447700900123',
      prehashed: false,
    });
    expect(normaliseCustomerValue('ph', '06 12 34 56 78', { country: 'fr' })).toMatchObject({ value: '33612345678' });
    expect(normaliseCustomerValue('ph', '(650) 555-1212', { country: 'US' })).toMatchObject({ value: '16505551212' });
  });

  it('refuses a national phone number whose country is unknown, rather than send a hash that cannot match', () => {
    expect(normaliseCustomerValue('ph', '07700 900123')).toEqual({
      ok: false,
      reason: 'a phone number needs its country code',
    });
    expect(normaliseCustomerValue('ph', '12-34')).toEqual({ ok: false, reason: 'too short for a phone number' });
  });

  it('hashes a decomposed accent as the precomposed one Meta documents', () => {
    expect(ourHash('fn', 'Vale\u0301ry')).toBe(ourHash('fn', 'Valéry'));
  });

  it('drops typographic punctuation from names as it drops ASCII punctuation', () => {
    expect(normaliseCustomerValue('ln', 'O’Brien')).toMatchObject({ value: 'obrien' });
  });

  it('keeps five digits of a US ZIP+4 and maps Québec to its code', () => {
    expect(normaliseCustomerValue('zp', '94025 1234', { country: 'US' })).toMatchObject({ value: '94025' });
    expect(normaliseCustomerValue('st', 'Québec')).toMatchObject({ value: 'qc' });
  });

  it('reads an ambiguous date by the record country and refuses dates that do not exist', () => {
    expect(normaliseCustomerValue('db', '03/04/1990', { country: 'US' })).toMatchObject({ value: '19900304' });
    expect(normaliseCustomerValue('db', '03/04/1990', { country: 'GB' })).toMatchObject({ value: '19900403' });
    expect(normaliseCustomerValue('db', '1985-02-30').ok).toBe(false);
    expect(normaliseCustomerValue('db', '1850-01-01').ok).toBe(false);
  });

  it('refuses what Meta cannot match, naming why without the value', () => {
    expect(normaliseCustomerValue('em', 'not-an-email')).toEqual({ ok: false, reason: 'not an email address' });
    expect(normaliseCustomerValue('ge', 'x')).toEqual({ ok: false, reason: 'Meta matches only f or m' });
    expect(normaliseCustomerValue('country', 'Atlantis').ok).toBe(false);
    expect(normaliseCustomerValue('em', '   ')).toEqual({ ok: false, reason: 'empty' });
  });

  it('passes a value already hashed with SHA-256 as it is, in lower case', () => {
    const hash = sha256Hex('person@example.com');
    expect(normaliseCustomerValue('em', hash.toUpperCase())).toEqual({ ok: true, value: hash, prehashed: true });
  });
});

describe('what loading the normaliser costs', () => {
  it('builds the country-name table (Intl region names, ~13 ms) only when a country first comes as a name', async () => {
    vi.resetModules();
    const regionName = vi.spyOn(Intl.DisplayNames.prototype, 'of');
    try {
      const fresh = await import('@lambdas/lib/customer-data/normalise-customer-value');
      expect(fresh.normaliseCustomerValue('country', 'DE')).toMatchObject({ value: 'de' });
      expect(regionName).not.toHaveBeenCalled();
      expect(fresh.normaliseCustomerValue('country', 'Germany')).toMatchObject({ value: 'de' });
      expect(fresh.normaliseCustomerValue('country', 'Côte d’Ivoire')).toMatchObject({ value: 'ci' });
      expect(regionName).toHaveBeenCalledTimes(phoneCountries().length);
    } finally {
      regionName.mockRestore();
    }
  });
});
