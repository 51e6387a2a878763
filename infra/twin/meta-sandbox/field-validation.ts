import { GraphError, nonexistingField, invalidParameter } from './graph-error.js';
import { FIELDS_BY_NODE_TYPE, type NodeType } from './reference.js';

/**
 * The `fields` parameter: a comma list where each item may carry modifiers and
 * a nested selection, e.g. `name,insights.date_preset(last_7d).limit(5){spend}`
 * (Meta's field expansion). Parsed once, then validated per node type.
 */

export interface FieldSelection {
  name: string;
  /** `.date_preset(last_7d)` → { date_preset: 'last_7d' }; arguments are kept as raw text. */
  modifiers: Record<string, string>;
  children?: FieldSelection[];
}

function syntaxError(expected: string, found: string, position: number, source: string): GraphError {
  return new GraphError(400, {
    message: `Syntax error "Expected ${expected} instead of "${found}"." at character ${position}: ${source}`,
    type: 'OAuthException',
    code: 2500,
  });
}

export function parseFields(source: string): FieldSelection[] {
  let position = 0;
  const peek = () => source[position] ?? '';
  const skipSpaces = () => {
    while (/\s/.test(peek())) position += 1;
  };
  const name = (): string => {
    skipSpaces();
    const start = position;
    while (/[A-Za-z0-9_]/.test(peek())) position += 1;
    if (start === position) throw syntaxError('field name', peek() || 'end of string', position, source);
    return source.slice(start, position);
  };
  /** Raw text up to the matching ")", allowing JSON (with braces and commas) inside. */
  const argument = (): string => {
    const start = position;
    let depth = 1;
    while (position < source.length) {
      const char = source[position];
      if (char === '(') depth += 1;
      if (char === ')') depth -= 1;
      if (depth === 0) break;
      position += 1;
    }
    if (depth !== 0) throw syntaxError('")"', 'end of string', position, source);
    const text = source.slice(start, position);
    position += 1;
    return text.trim();
  };
  const list = (closing: string): FieldSelection[] => {
    const items: FieldSelection[] = [];
    for (;;) {
      const item: FieldSelection = { name: name(), modifiers: {} };
      skipSpaces();
      while (peek() === '.') {
        position += 1;
        const modifier = name();
        if (peek() !== '(') throw syntaxError('"("', peek() || 'end of string', position, source);
        position += 1;
        item.modifiers[modifier] = argument();
        skipSpaces();
      }
      if (peek() === '{') {
        position += 1;
        item.children = list('}');
        if (peek() !== '}') throw syntaxError('"}"', peek() || 'end of string', position, source);
        position += 1;
        skipSpaces();
      }
      items.push(item);
      if (peek() === ',') {
        position += 1;
        continue;
      }
      if (peek() === closing || (closing === '' && position >= source.length)) return items;
      throw syntaxError(closing === '' ? 'end of string' : `"${closing}"`, peek() || 'end of string', position, source);
    }
  };
  if (source.trim() === '') return [];
  return list('');
}

/** Edges that may be expanded inside `fields` on each node type. */
export const EXPANDABLE_EDGES: Readonly<Partial<Record<NodeType, readonly string[]>>> = {
  AdAccount: ['campaigns', 'adsets', 'ads', 'insights'],
  Campaign: ['adsets', 'ads', 'insights'],
  AdSet: ['ads', 'insights'],
  Ad: ['insights'],
};

/**
 * Rejects the first unknown field the way Meta does for ordinary nodes:
 * `(#100) Tried accessing nonexisting field (x) on node type (Campaign)`.
 */
export function validateNodeFields(selection: FieldSelection[], nodeType: NodeType): void {
  const known = FIELDS_BY_NODE_TYPE[nodeType];
  const edges = EXPANDABLE_EDGES[nodeType] ?? [];
  for (const field of selection) {
    if (!known.has(field.name) && !edges.includes(field.name)) throw nonexistingField(field.name, nodeType);
  }
}

/**
 * Insights reject all unknown fields in one message, as Meta does:
 * `(#100) a, b are not valid for fields param. please check … for all valid values`.
 */
export function validateInsightsFields(fields: string[]): void {
  const known = FIELDS_BY_NODE_TYPE.AdsInsights;
  const invalid = fields.filter((field) => !known.has(field));
  if (invalid.length === 0) return;
  const verb = invalid.length === 1 ? 'is' : 'are';
  throw invalidParameter(
    `(#100) ${invalid.join(', ')} ${verb} not valid for fields param. please check https://developers.facebook.com/docs/marketing-api/reference/ads-insights/ for all valid values`,
  );
}
