/**
 * Stands in for zod's JSON Schema processors (zod/v4/core/json-schema-processors.js) in the functions that never
 * convert a schema to JSON Schema (ZOD_JSON_SCHEMA_KEPT_IN, infra/cdk/lib/bundling/zod-json-schema-cut.ts): every
 * zod string, number, date, array… schema wires its processor in, so the file (~8 KB) was compiled at every init,
 * though only z.toJSONSchema and a schema's toJSONSchema() ever run a processor. Each processor here throws, naming
 * the cut. What zod also uses the file for is kept: aggregateChecks, behind a schema's minLength/maxLength/format,
 * minValue/maxValue/isInt. Its lines (from `const narrowMin` to the end of aggregateChecks) are the package's, which a
 * test checks.
 */
/* eslint-disable no-restricted-imports -- the package's own file, which its "exports" map keeps from bare specifiers */
/* eslint-disable @typescript-eslint/no-unused-expressions -- the package's lines below, kept as they are */
import { BIGINT_FORMAT_RANGES, NUMBER_FORMAT_RANGES } from '../../../../../node_modules/zod/v4/core/util.js';
import { cutFromLambda } from './cut-from-lambda.cjs';

const cut = cutFromLambda(
  "zod's JSON Schema conversion (z.toJSONSchema, a schema's toJSONSchema())",
  'this function is not in ZOD_JSON_SCHEMA_KEPT_IN (infra/cdk/lib/bundling/zod-json-schema-cut.ts); add it there',
);

// ---- the package's lines ----
const narrowMin = (agg, key, value) => {
  if (agg[key] === undefined || value > agg[key]) agg[key] = value;
};
const narrowMax = (agg, key, value) => {
  if (agg[key] === undefined || value < agg[key]) agg[key] = value;
};
const narrowBoth = (agg, value) => {
  narrowMin(agg, 'minimum', value);
  narrowMax(agg, 'maximum', value);
};
const addDivisor = (agg, value) => {
  agg.multipleOf ?? (agg.multipleOf = []);
  if (!agg.multipleOf.includes(value)) agg.multipleOf.push(value);
};
const addPattern = (agg, pattern) => {
  agg.patterns ?? (agg.patterns = new Set());
  agg.patterns.add(pattern);
};
const intersectMime = (agg, mime) => {
  agg.mime = agg.mime ? agg.mime.filter((m) => mime.includes(m)) : [...mime];
};
// last-wins, matching the bag's historical write order; the flag keeps an integer format from being lost to a later float one
const setFormat = (agg, format) => {
  agg.format = format;
  if (format.includes('int')) agg.isInt = true;
};
const minContributor = (agg, def) => narrowMin(agg, 'minimum', def.minimum);
const maxContributor = (agg, def) => narrowMax(agg, 'maximum', def.maximum);
const formatContributor = (ranges) => (agg, def) => {
  setFormat(agg, def.format);
  const [minimum, maximum] = ranges[def.format];
  narrowMin(agg, 'minimum', minimum);
  narrowMax(agg, 'maximum', maximum);
};
const contributors = {
  greater_than: (agg, def) => narrowMin(agg, def.inclusive ? 'minimum' : 'exclusiveMinimum', def.value),
  less_than: (agg, def) => narrowMax(agg, def.inclusive ? 'maximum' : 'exclusiveMaximum', def.value),
  multiple_of: (agg, def) => addDivisor(agg, def.value),
  number_format: formatContributor(NUMBER_FORMAT_RANGES),
  bigint_format: formatContributor(BIGINT_FORMAT_RANGES),
  min_length: minContributor,
  max_length: maxContributor,
  length_equals: (agg, def) => narrowBoth(agg, def.length),
  min_size: minContributor,
  max_size: maxContributor,
  size_equals: (agg, def) => narrowBoth(agg, def.size),
  string_format: (agg, def) => {
    setFormat(agg, def.format);
    if (def.pattern) addPattern(agg, def.pattern);
    if (def.format === 'base64' || def.format === 'base64url') agg.contentEncoding = def.format;
    if (def.local || def.precision === -1) agg.laxFormat = true;
  },
  mime_type: (agg, def) => intersectMime(agg, def.mime),
};
export function aggregateChecks(schema) {
  const agg = {};
  const def = schema._zod.def;
  // a format schema is its own first check, same rule as $ZodType init
  const list = schema._zod.traits.has('$ZodCheck') ? [schema, ...(def.checks ?? [])] : (def.checks ?? []);
  for (const ch of list) contributors[ch._zod.def.check]?.(agg, ch._zod.def);
  // reconcile with the bag so third-party onattach contributions still land; first-party residue is never tighter than the fold, so merging it back is idempotent for one and additive for the other
  const bag = schema._zod.bag;
  if (bag.minimum !== undefined) narrowMin(agg, 'minimum', bag.minimum);
  if (bag.exclusiveMinimum !== undefined) narrowMin(agg, 'exclusiveMinimum', bag.exclusiveMinimum);
  if (bag.maximum !== undefined) narrowMax(agg, 'maximum', bag.maximum);
  if (bag.exclusiveMaximum !== undefined) narrowMax(agg, 'exclusiveMaximum', bag.exclusiveMaximum);
  if (bag.multipleOf !== undefined) addDivisor(agg, bag.multipleOf);
  if (bag.format !== undefined) {
    agg.format ?? (agg.format = bag.format);
    if (bag.format.includes('int')) agg.isInt = true;
  }
  if (bag.mime) intersectMime(agg, bag.mime);
  for (const pattern of bag.patterns ?? []) addPattern(agg, pattern);
  return agg;
}
// ---- end of the package's lines ----

export const stringProcessor = cut;
export const numberProcessor = cut;
export const booleanProcessor = cut;
export const bigintProcessor = cut;
export const symbolProcessor = cut;
export const nullProcessor = cut;
export const undefinedProcessor = cut;
export const voidProcessor = cut;
export const neverProcessor = cut;
export const anyProcessor = cut;
export const unknownProcessor = cut;
export const dateProcessor = cut;
export const enumProcessor = cut;
export const literalProcessor = cut;
export const nanProcessor = cut;
export const templateLiteralProcessor = cut;
export const fileProcessor = cut;
export const successProcessor = cut;
export const customProcessor = cut;
export const functionProcessor = cut;
export const transformProcessor = cut;
export const mapProcessor = cut;
export const setProcessor = cut;
export const arrayProcessor = cut;
export const objectProcessor = cut;
export const unionProcessor = cut;
export const intersectionProcessor = cut;
export const tupleProcessor = cut;
export const recordProcessor = cut;
export const nullableProcessor = cut;
export const nonoptionalProcessor = cut;
export const defaultProcessor = cut;
export const prefaultProcessor = cut;
export const catchProcessor = cut;
export const pipeProcessor = cut;
export const readonlyProcessor = cut;
export const promiseProcessor = cut;
export const optionalProcessor = cut;
export const lazyProcessor = cut;

export const allProcessors = {
  string: stringProcessor,
  number: numberProcessor,
  boolean: booleanProcessor,
  bigint: bigintProcessor,
  symbol: symbolProcessor,
  null: nullProcessor,
  undefined: undefinedProcessor,
  void: voidProcessor,
  never: neverProcessor,
  any: anyProcessor,
  unknown: unknownProcessor,
  date: dateProcessor,
  enum: enumProcessor,
  literal: literalProcessor,
  nan: nanProcessor,
  template_literal: templateLiteralProcessor,
  file: fileProcessor,
  success: successProcessor,
  custom: customProcessor,
  function: functionProcessor,
  transform: transformProcessor,
  map: mapProcessor,
  set: setProcessor,
  array: arrayProcessor,
  object: objectProcessor,
  union: unionProcessor,
  intersection: intersectionProcessor,
  tuple: tupleProcessor,
  record: recordProcessor,
  nullable: nullableProcessor,
  nonoptional: nonoptionalProcessor,
  default: defaultProcessor,
  prefault: prefaultProcessor,
  catch: catchProcessor,
  pipe: pipeProcessor,
  readonly: readonlyProcessor,
  promise: promiseProcessor,
  optional: optionalProcessor,
  lazy: lazyProcessor,
};

export const toJSONSchema = cut;
