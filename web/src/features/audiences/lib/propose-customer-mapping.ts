import type { CustomerColumnField } from '@shared/schemas/audiences';

/** A first guess at what each column holds, from its name (the person confirms or changes it). */
const GUESSES: Array<[RegExp, CustomerColumnField]> = [
  [/e-?mail/i, 'em'],
  [/phone|mobile|tel/i, 'ph'],
  [/first|given/i, 'fn'],
  [/last|surname|family/i, 'ln'],
  [/city|town/i, 'ct'],
  [/state|province|region/i, 'st'],
  [/zip|postal|postcode/i, 'zp'],
  [/country/i, 'country'],
  [/\bid\b|customer|external/i, 'external_id'],
];

export function proposeCustomerMapping(header: readonly string[]): Record<string, CustomerColumnField> {
  const mapping: Record<string, CustomerColumnField> = {};
  const taken = new Set<CustomerColumnField>();
  for (const column of header) {
    const field = GUESSES.find(([pattern, candidate]) => pattern.test(column) && !taken.has(candidate))?.[1];
    if (field) {
      mapping[column] = field;
      taken.add(field);
    }
  }
  return mapping;
}
