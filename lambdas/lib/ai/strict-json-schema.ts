import * as z from 'zod';

/**
 * The JSON Schema of a zod schema in the form OpenAI's strict structured
 * outputs accept: every object closed (`additionalProperties: false`) and
 * every property required; no `$schema` key. Optional fields are not allowed
 * there, so model output schemas are written without them.
 */
export type JsonSchema = { [key: string]: unknown };

export function strictJsonSchema(schema: z.ZodType): JsonSchema {
  const raw = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' }) as JsonSchema;
  delete raw.$schema;
  return close(raw) as JsonSchema;
}

function close(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(close);
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = close(value);
  if (out.type === 'object' && typeof out.properties === 'object' && out.properties !== null) {
    out.additionalProperties = false;
    out.required = Object.keys(out.properties);
  }
  return out;
}
