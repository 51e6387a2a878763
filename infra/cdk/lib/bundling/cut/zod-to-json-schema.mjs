/**
 * Stands in for zod's JSON Schema conversion (zod/v4/core/to-json-schema.js, ~9 KB) in the functions that never
 * convert a schema to JSON Schema (ZOD_JSON_SCHEMA_KEPT_IN, infra/cdk/lib/bundling/zod-json-schema-cut.ts). zod's
 * classic schemas import it for toJSONSchema() and for the `jsonSchema` of their `~standard` props, which build a
 * converter only when read: those still build one here, and it throws, naming the cut, when called.
 */
import { cutFromLambda } from './cut-from-lambda.cjs';

const cut = cutFromLambda(
  "zod's JSON Schema conversion (z.toJSONSchema, a schema's toJSONSchema())",
  'this function is not in ZOD_JSON_SCHEMA_KEPT_IN (infra/cdk/lib/bundling/zod-json-schema-cut.ts); add it there',
);

export const initializeContext = cut;
export const handleUnrepresentable = cut;
export const processSchema = cut;
export { processSchema as process };
export const extractDefs = cut;
export const finalize = cut;
export const createToJSONSchemaMethod = () => cut;
export const createStandardJSONSchemaMethod = () => cut;
