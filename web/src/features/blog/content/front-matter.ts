/**
 * The front matter our posts use, parsed strictly: `key: value` lines between two `---`
 * lines, values quoted ('…' or "…"), bare, or a flat `[a, b]` list; `#` starts a comment
 * outside quotes. Anything else is an error naming the line, so a typo fails the build
 * instead of publishing a post with a missing field. (A YAML library would accept far more
 * than we want to support, and the browser never sees this code.)
 */
export class FrontMatterError extends Error {
  override name = 'FrontMatterError';
}

export interface ParsedSource {
  data: Record<string, string | string[]>;
  body: string;
}

function stripComment(raw: string): string {
  let quote: string | null = null;
  for (let i = 0; i < raw.length; i += 1) {
    const ch = raw[i];
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === '#' && (i === 0 || /\s/.test(raw[i - 1] ?? ''))) {
      return raw.slice(0, i);
    }
  }
  return raw;
}

function unquote(value: string, where: string): string {
  const first = value[0];
  if (first !== '"' && first !== "'") return value;
  if (value.length < 2 || value[value.length - 1] !== first) throw new FrontMatterError(`${where}: unterminated quote`);
  const inner = value.slice(1, -1);
  // YAML's escapes: '' inside single quotes, \" and \\ inside double quotes.
  return first === "'" ? inner.replace(/''/g, "'") : inner.replace(/\\(["\\])/g, '$1');
}

function parseValue(value: string, where: string): string | string[] {
  if (value.startsWith('[')) {
    if (!value.endsWith(']')) throw new FrontMatterError(`${where}: a list must end with ]`);
    const inner = value.slice(1, -1).trim();
    if (inner === '') return [];
    return inner.split(',').map((item) => unquote(item.trim(), where));
  }
  return unquote(value, where);
}

export function parseFrontMatter(source: string, file: string): ParsedSource {
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== '---') throw new FrontMatterError(`${file}: must start with a --- front matter line`);
  const end = lines.findIndex((line, index) => index > 0 && line.trim() === '---');
  if (end === -1) throw new FrontMatterError(`${file}: front matter has no closing --- line`);
  const data: Record<string, string | string[]> = {};
  for (let index = 1; index < end; index += 1) {
    const where = `${file}:${index + 1}`;
    const line = stripComment(lines[index] ?? '').trim();
    if (line === '') continue;
    const match = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(line);
    if (!match) throw new FrontMatterError(`${where}: expected "key: value", got "${line}"`);
    const [, key = '', value = ''] = match;
    if (key in data) throw new FrontMatterError(`${where}: "${key}" is given twice`);
    data[key] = parseValue(value.trim(), where);
  }
  return {
    data,
    body: lines
      .slice(end + 1)
      .join('\n')
      .trim(),
  };
}
