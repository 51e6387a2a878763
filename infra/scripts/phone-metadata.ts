/**
 * Writes lambdas/lib/customer-data/phone-metadata.json: libphonenumber-js's own `min` metadata without the number
 * formats, which only formatting reads (`format.js`, `AsYouTypeFormatter.js`: parsing never calls
 * `NumberingPlan.formats()`). The formats are 51 of its 83 KB; the Conversions API needs a number parsed to E.164,
 * never formatted. Run `npx tsx infra/scripts/phone-metadata.ts` after upgrading libphonenumber-js; a unit test
 * fails until the file matches the installed package.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MetadataJson } from 'libphonenumber-js/core';
import minMetadata from 'libphonenumber-js/min/metadata';

export const PHONE_METADATA_FILE = fileURLToPath(
  new URL('../../lambdas/lib/customer-data/phone-metadata.json', import.meta.url),
);

/** In metadata v4 a numbering plan is an array; index 4 holds its formats (`NumberingPlan._getFormats`). */
const FORMATS = 4;

/** The metadata with every numbering plan's formats left out (0, as the package writes an absent field). */
export function parsingMetadata(metadata: MetadataJson): MetadataJson {
  const withoutFormats = (plans: Record<string, unknown[]> = {}) =>
    Object.fromEntries(
      Object.entries(plans).map(([key, plan]) => [key, plan.map((field, index) => (index === FORMATS ? 0 : field))]),
    );
  const source = metadata as unknown as {
    countries: Record<string, unknown[]>;
    nonGeographic?: Record<string, unknown[]>;
  };
  return {
    ...metadata,
    countries: withoutFormats(source.countries),
    ...(source.nonGeographic && { nonGeographic: withoutFormats(source.nonGeographic) }),
  } as unknown as MetadataJson;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(PHONE_METADATA_FILE, `${JSON.stringify(parsingMetadata(minMetadata as unknown as MetadataJson))}\n`);
  console.log(`wrote ${PHONE_METADATA_FILE}`);
}
