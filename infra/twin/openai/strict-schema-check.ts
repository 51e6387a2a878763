/**
 * Structured Outputs' strict-mode rules, checked as api.openai.com checks them before generating
 * anything. The message names the schema and the context path, in the API's words. Sources
 * (/work/shared/reference/openai/notes.md, "Structured Outputs"):
 * - the rules and limits: OpenAI's structured-outputs guide, "Supported schemas" (a root object,
 *   not anyOf; `additionalProperties: false` and every property required in every object; the
 *   supported types and string formats; `$defs` and `$ref`, recursion included; at most 5000
 *   object properties and 10 levels of nesting; at most 1000 enum values; 120,000 characters of
 *   property names, definition names, enum and const values; a string enum over 250 values at most
 *   15,000 characters);
 * - the wording, from 400 bodies quoted in public code: "'additionalProperties' is required to be
 *   supplied and to be false", "… Missing 'x'." and "… Extra required key 'x' supplied.", "schema
 *   must have a 'type' key.", "'uniqueItems' is not permitted.", "'uri' is not a valid format.",
 *   "reference to component '#/$defs/X' which was not found in the schema.", and "6 levels of
 *   nesting exceeds limit of 5." (tidyverse/ellmer#671, from when the limit was 5).
 * The wording of an unknown type and of the size limits is the stand-in's own (not found quoted).
 */
const SUPPORTED_TYPES = ['string', 'number', 'boolean', 'integer', 'object', 'array', 'null'];
const SUPPORTED_FORMATS = ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid'];
const NOT_PERMITTED = ['allOf', 'not', 'if', 'then', 'else', 'dependentRequired', 'dependentSchemas', 'uniqueItems'];

export const STRICT_SCHEMA_LIMITS = {
  nestingLevels: 10,
  objectProperties: 5000,
  enumValues: 1000,
  totalStringChars: 120_000,
  largeEnumValues: 250,
  largeEnumChars: 15_000,
} as const;

type Node = Record<string, unknown>;

/** What the walk adds up across the whole schema, for the size limits. */
interface Totals {
  properties: number;
  enumValues: number;
  chars: number;
}

/** The first problem OpenAI would refuse the schema for, in its words, or null. */
export function strictSchemaProblem(name: string, schema: unknown): string | null {
  const prefix = `Invalid schema for response_format '${name}': `;
  const root = schema as Node | undefined;
  if (!root || typeof root !== 'object' || root.type !== 'object' || 'anyOf' in root)
    return `${prefix}schema must be a JSON Schema of 'type: "object"', got 'type: "${String(root?.type ?? 'None')}"'.`;
  const totals: Totals = { properties: 0, enumValues: 0, chars: 0 };
  const walker = new SchemaWalker(root, totals);
  const problem = walker.walk(root, [], 0);
  if (problem) return `${prefix}${problem}`;
  for (const [defsKey, defs] of definitionsOf(root)) {
    for (const [defName, def] of Object.entries(defs)) {
      totals.chars += defName.length;
      const defProblem = walker.walk(def, [defsKey, defName], 0);
      if (defProblem) return `${prefix}${defProblem}`;
    }
  }
  if (walker.deepest > STRICT_SCHEMA_LIMITS.nestingLevels)
    return `${prefix}${walker.deepest} levels of nesting exceeds limit of ${STRICT_SCHEMA_LIMITS.nestingLevels}.`;
  if (totals.properties > STRICT_SCHEMA_LIMITS.objectProperties)
    return `${prefix}${totals.properties} object properties in total exceeds limit of ${STRICT_SCHEMA_LIMITS.objectProperties}.`;
  if (totals.enumValues > STRICT_SCHEMA_LIMITS.enumValues)
    return `${prefix}${totals.enumValues} enum values in total exceeds limit of ${STRICT_SCHEMA_LIMITS.enumValues}.`;
  if (totals.chars > STRICT_SCHEMA_LIMITS.totalStringChars)
    return `${prefix}${totals.chars} characters of property names, definition names, enum and const values exceeds limit of ${STRICT_SCHEMA_LIMITS.totalStringChars}.`;
  return null;
}

function definitionsOf(root: Node): Array<[string, Node]> {
  return (['$defs', 'definitions'] as const)
    .filter((key) => typeof root[key] === 'object' && root[key] !== null)
    .map((key) => [key, root[key] as Node]);
}

/** Python's tuple repr, as the API prints the path: `()`, `('items',)`, `('properties', 'a')`. */
function contextOf(path: readonly string[]): string {
  const inner = path.map((part) => `'${part}'`).join(', ');
  return `In context=(${inner}${path.length === 1 ? ',' : ''})`;
}

class SchemaWalker {
  /** The deepest object nesting seen (the root object is level 1). */
  deepest = 0;

  constructor(
    private readonly root: Node,
    private readonly totals: Totals,
  ) {}

  walk(raw: unknown, path: string[], objectDepth: number): string | null {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      return `${contextOf(path)}, schema must be a JSON Schema object.`;
    const node = raw as Node;
    const where = contextOf(path);
    for (const keyword of NOT_PERMITTED) {
      if (keyword in node) return `${where}, '${keyword}' is not permitted.`;
    }
    if (typeof node.$ref === 'string') return this.checkRef(node.$ref, where);
    if (Array.isArray(node.anyOf)) {
      for (const [index, branch] of node.anyOf.entries()) {
        const problem = this.walk(branch, [...path, 'anyOf', String(index)], objectDepth);
        if (problem) return problem;
      }
      return null;
    }
    if (!('type' in node)) return `${where}, schema must have a 'type' key.`;
    const types = Array.isArray(node.type) ? node.type : [node.type];
    for (const type of types) {
      if (typeof type !== 'string' || !SUPPORTED_TYPES.includes(type))
        return `${where}, '${String(type)}' is not a valid type. Supported types are ${SUPPORTED_TYPES.join(', ')}.`;
    }
    const valuesProblem = this.countValues(node, where);
    if (valuesProblem) return valuesProblem;
    if (typeof node.format === 'string' && !SUPPORTED_FORMATS.includes(node.format))
      return `${where}, '${node.format}' is not a valid format.`;
    if (types.includes('object')) {
      const problem = this.checkObject(node, path, objectDepth + 1);
      if (problem) return problem;
    }
    if (types.includes('array') && node.items !== undefined) {
      return this.walk(node.items, [...path, 'items'], objectDepth);
    }
    return null;
  }

  private checkRef(ref: string, where: string): string | null {
    if (ref === '#') return null; // recursion to the root is supported
    let target: unknown = this.root;
    for (const raw of ref.replace(/^#\/?/, '').split('/')) {
      const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      target = typeof target === 'object' && target !== null ? (target as Node)[part] : undefined;
    }
    if (!ref.startsWith('#') || target === undefined)
      return `${where}, reference to component '${ref}' which was not found in the schema.`;
    return null;
  }

  private checkObject(node: Node, path: string[], depth: number): string | null {
    const where = contextOf(path);
    this.deepest = Math.max(this.deepest, depth);
    if (node.additionalProperties !== false)
      return `${where}, 'additionalProperties' is required to be supplied and to be false.`;
    const properties = (node.properties as Node | undefined) ?? {};
    const keys = Object.keys(properties);
    const required = Array.isArray(node.required) ? (node.required as unknown[]) : null;
    const missing = keys.filter((key) => !required?.includes(key));
    const requiredRule = `'required' is required to be supplied and to be an array including every key in properties.`;
    if (!required || missing.length > 0) return `${where}, ${requiredRule} Missing '${missing[0] ?? keys[0]}'.`;
    const extra = required.find((key) => typeof key !== 'string' || !keys.includes(key));
    if (extra !== undefined) return `${where}, ${requiredRule} Extra required key '${String(extra)}' supplied.`;
    this.totals.properties += keys.length;
    for (const key of keys) {
      this.totals.chars += key.length;
      const problem = this.walk(properties[key], [...path, 'properties', key], depth);
      if (problem) return problem;
    }
    return null;
  }

  /** Adds up enum and const values; a single large string enum has its own character limit. */
  private countValues(node: Node, where: string): string | null {
    if (node.const !== undefined) this.totals.chars += String(node.const).length;
    if (!Array.isArray(node.enum)) return null;
    this.totals.enumValues += node.enum.length;
    const chars = node.enum.reduce<number>((sum, value) => sum + String(value).length, 0);
    this.totals.chars += chars;
    const { largeEnumValues, largeEnumChars } = STRICT_SCHEMA_LIMITS;
    if (node.enum.length > largeEnumValues && chars > largeEnumChars)
      return `${where}, an enum with more than ${largeEnumValues} string values may have at most ${largeEnumChars} characters in total; this one has ${chars}.`;
    return null;
  }
}
