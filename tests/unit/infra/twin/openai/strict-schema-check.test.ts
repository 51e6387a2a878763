import { describe, expect, it } from 'vitest';
import { strictSchemaProblem } from '@infra/twin/openai/strict-schema-check';

/** An object closed and fully required, as strict mode wants it. */
const closed = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
  ...extra,
});

const problem = (schema: unknown) => strictSchemaProblem('thing', schema);
const PREFIX = "Invalid schema for response_format 'thing': ";

describe('strictSchemaProblem', () => {
  it('accepts a closed schema with nullable fields, enums, formats, anyOf, $defs and recursion', () => {
    const schema = closed(
      {
        title: { type: 'string', pattern: '^[A-Z]' },
        note: { type: ['string', 'null'] },
        when: { type: 'string', format: 'date-time' },
        tone: { type: 'string', enum: ['calm', 'bold'] },
        score: { anyOf: [{ type: 'number', minimum: 0 }, { type: 'null' }] },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
        child: { $ref: '#/$defs/node' },
      },
      {
        $defs: {
          node: closed({ name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } }),
        },
      },
    );

    expect(problem(schema)).toBeNull();
  });

  it('refuses a root that is not an object', () => {
    expect(problem({ type: 'array', items: { type: 'string' } })).toBe(
      `${PREFIX}schema must be a JSON Schema of 'type: "object"', got 'type: "array"'.`,
    );
  });

  it('refuses an object without additionalProperties: false, naming where', () => {
    expect(problem(closed({ a: { type: 'object', properties: {}, required: [] } }))).toBe(
      `${PREFIX}In context=('properties', 'a'), 'additionalProperties' is required to be supplied and to be false.`,
    );
  });

  it('refuses a property missing from required, and a required key with no property', () => {
    expect(problem({ ...closed({ a: { type: 'string' }, b: { type: 'string' } }), required: ['a'] })).toBe(
      `${PREFIX}In context=(), 'required' is required to be supplied and to be an array including every key in properties. Missing 'b'.`,
    );
    expect(problem({ ...closed({ a: { type: 'string' } }), required: ['a', 'z'] })).toBe(
      `${PREFIX}In context=(), 'required' is required to be supplied and to be an array including every key in properties. Extra required key 'z' supplied.`,
    );
  });

  it('refuses a $ref to a definition that does not exist', () => {
    expect(problem(closed({ verdict: { $ref: '#/$defs/Verdict' } }, { $defs: {} }))).toBe(
      `${PREFIX}In context=('properties', 'verdict'), reference to component '#/$defs/Verdict' which was not found in the schema.`,
    );
  });

  it('refuses a schema without a type, and a type strict mode does not know', () => {
    expect(problem(closed({ rule: { const: 'R1' } }))).toBe(
      `${PREFIX}In context=('properties', 'rule'), schema must have a 'type' key.`,
    );
    expect(problem(closed({ when: { type: 'date' } }))).toMatch(
      /^Invalid schema for response_format 'thing': In context=\('properties', 'when'\), 'date' is not a valid type/,
    );
  });

  it('refuses keywords strict mode does not permit and formats it does not know', () => {
    expect(problem(closed({ tags: { type: 'array', items: { type: 'string' }, uniqueItems: true } }))).toBe(
      `${PREFIX}In context=('properties', 'tags'), 'uniqueItems' is not permitted.`,
    );
    expect(problem(closed({ a: { allOf: [{ type: 'string' }] } }))).toBe(
      `${PREFIX}In context=('properties', 'a'), 'allOf' is not permitted.`,
    );
    expect(problem(closed({ url: { type: 'string', format: 'uri' } }))).toBe(
      `${PREFIX}In context=('properties', 'url'), 'uri' is not a valid format.`,
    );
  });

  it('allows 10 levels of object nesting and refuses 11', () => {
    const nested = (levels: number): Record<string, unknown> =>
      levels === 1 ? closed({ leaf: { type: 'string' } }) : closed({ next: nested(levels - 1) });

    expect(problem(nested(10))).toBeNull();
    expect(problem(nested(11))).toBe(`${PREFIX}11 levels of nesting exceeds limit of 10.`);
  });

  it('refuses more than 1000 enum values in total', () => {
    const values = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}`);
    const schema = (n: number) =>
      closed({ a: { type: 'string', enum: values(500, 'a') }, b: { type: 'string', enum: values(n, 'b') } });

    expect(problem(schema(500))).toBeNull();
    expect(problem(schema(501))).toBe(`${PREFIX}1001 enum values in total exceeds limit of 1000.`);
  });

  it('refuses more than 5000 object properties in total', () => {
    const wide = (n: number) =>
      closed(Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: 'boolean' }])));

    expect(problem(wide(5000))).toBeNull();
    expect(problem(wide(5001))).toBe(`${PREFIX}5001 object properties in total exceeds limit of 5000.`);
  });

  it('refuses a string enum of more than 250 values over 15,000 characters', () => {
    const long = Array.from({ length: 251 }, (_, i) => `${'x'.repeat(60)}${i}`);

    expect(problem(closed({ pick: { type: 'string', enum: long } }))).toMatch(
      /In context=\('properties', 'pick'\), an enum with more than 250 string values may have at most 15000 characters/,
    );
  });
});
