/**
 * SVG logo sanitiser: rebuilds an uploaded SVG from an allowlist of drawing elements and attributes, so what is
 * stored can never run script, load anything from outside (no external href, url() or @import), or smuggle HTML
 * (foreignObject). Pure string processing: runs in the browser, in Lambda and in tests alike, with no DOM.
 *
 * The output is rebuilt from parsed tokens, never patched: anything not understood is dropped, not passed through.
 */

export const MAX_SVG_BYTES = 1024 * 1024;

const allowedElements = new Set([
  'svg',
  'g',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'defs',
  'lineargradient',
  'radialgradient',
  'stop',
  'clippath',
  'mask',
  'title',
  'desc',
  'use',
  'symbol',
]);

/** Elements dropped together with everything inside them. */
const droppedWithContent = new Set([
  'script',
  'style',
  'foreignobject',
  'iframe',
  'object',
  'embed',
  'image',
  'audio',
  'video',
  'a',
  'animate',
  'animatetransform',
  'animatemotion',
  'set',
  'handler',
  'listener',
  'metadata',
]);

const allowedAttributes = new Set([
  'id',
  'class',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'd',
  'points',
  'viewbox',
  'preserveaspectratio',
  'transform',
  'fill',
  'fill-opacity',
  'fill-rule',
  'clip-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'opacity',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientunits',
  'gradienttransform',
  'spreadmethod',
  'clip-path',
  'clippathunits',
  'mask',
  'maskunits',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'style',
  'xmlns',
  'xmlns:xlink',
  'version',
  'href',
  'xlink:href',
  'display',
  'visibility',
]);

/** Style properties kept from a `style` attribute (everything else, notably anything with url(), is dropped). */
const allowedStyleProperties = new Set([
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'opacity',
  'stop-color',
  'stop-opacity',
  'font-family',
  'font-size',
  'font-weight',
  'display',
  'visibility',
]);

export type SvgSanitiseResult =
  { ok: true; svg: string; width: number; height: number; removed: string[] } | { ok: false; reason: string };

interface Tag {
  kind: 'open' | 'close' | 'self';
  name: string;
  attributes: [string, string][];
}

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return namedEntities[entity] ?? '';
  });
}

/** Tokens are compared lower-cased; SVG is case-sensitive, so the mixed-case names are written back as SVG spells them. */
const mixedCaseNames = new Map(
  [
    'linearGradient',
    'radialGradient',
    'clipPath',
    'viewBox',
    'preserveAspectRatio',
    'gradientUnits',
    'gradientTransform',
    'spreadMethod',
    'clipPathUnits',
    'maskUnits',
  ].map((name) => [name.toLowerCase(), name]),
);

function canonical(name: string): string {
  return mixedCaseNames.get(name) ?? name;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function parseTag(source: string): Tag | null {
  const close = /^<\/\s*([A-Za-z][\w:.-]*)\s*>$/.exec(source);
  if (close) return { kind: 'close', name: close[1]!.toLowerCase(), attributes: [] };
  const open = /^<([A-Za-z][\w:.-]*)([\s\S]*?)(\/?)>$/.exec(source);
  if (!open) return null;
  const attributes: [string, string][] = [];
  const attributePattern = /([^\s=/"'<>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const match of (open[2] ?? '').matchAll(attributePattern)) {
    attributes.push([match[1]!.toLowerCase(), decodeEntities(match[2] ?? match[3] ?? match[4] ?? '')]);
  }
  return { kind: open[3] ? 'self' : 'open', name: open[1]!.toLowerCase(), attributes };
}

/** A reference is internal when it points into the same document (`#id`). */
function isInternalReference(value: string): boolean {
  return /^#[A-Za-z_][\w.-]*$/.test(value.trim());
}

/** url(...) is allowed only as url(#id); any other url(), expression() or escape sequence drops the value. */
function isSafeValue(value: string): boolean {
  const lowered = value.toLowerCase().replace(/\s+/g, '');
  if (/[\\]|expression\(|javascript:|@import|<|>/.test(lowered)) return false;
  for (const match of lowered.matchAll(/url\(([^)]*)\)/g)) {
    if (!isInternalReference(match[1]!.replace(/^['"]|['"]$/g, ''))) return false;
  }
  return !/url\(/.test(lowered.replace(/url\(['"]?#[\w.-]+['"]?\)/g, ''));
}

function sanitiseStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => declaration.split(':').map((part) => part.trim()))
    .filter(
      (parts): parts is [string, string] =>
        parts.length === 2 && allowedStyleProperties.has(parts[0]!.toLowerCase()) && isSafeValue(parts[1]!),
    )
    .map(([property, value]) => `${property.toLowerCase()}:${value}`)
    .join(';');
}

function parseLength(value: string | undefined): number | null {
  if (value === undefined) return null;
  const match = /^\s*([0-9]*\.?[0-9]+)\s*(px)?\s*$/.exec(value);
  return match ? Number(match[1]) : null;
}

/**
 * Sanitise an SVG document. Refuses (ok: false) what cannot be made safe or is not an SVG: DOCTYPE/entity
 * declarations (entity expansion attacks), no single root `<svg>`, more than MAX_SVG_BYTES, no usable size.
 */
export function sanitiseSvg(input: string): SvgSanitiseResult {
  if (input.length > MAX_SVG_BYTES) return { ok: false, reason: `The SVG is larger than ${MAX_SVG_BYTES} bytes.` };
  if (/<!DOCTYPE|<!ENTITY/i.test(input))
    return { ok: false, reason: 'SVG files with a DOCTYPE or entities are refused.' };

  const removed = new Set<string>();
  const output: string[] = [];
  const stack: string[] = [];
  let dropDepth = 0;
  let dropping: string | null = null;
  let sawRoot = false;
  let rootClosed = false;
  let width: number | null = null;
  let height: number | null = null;

  const tokenPattern = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<[^>]*>|[^<]+/g;
  for (const [token] of input.matchAll(tokenPattern)) {
    if (token.startsWith('<!--') || token.startsWith('<?')) continue;
    if (token.startsWith('<![CDATA[')) {
      if (dropping === null && sawRoot && !rootClosed) output.push(escapeText(token.slice(9, -3)));
      continue;
    }
    if (!token.startsWith('<')) {
      if (dropping === null && sawRoot && !rootClosed && token.trim() !== '')
        output.push(escapeText(decodeEntities(token)));
      continue;
    }
    const tag = parseTag(token);
    if (!tag) {
      removed.add('malformed markup');
      continue;
    }
    if (dropping !== null) {
      if (tag.name === dropping && tag.kind === 'open') dropDepth += 1;
      if (tag.name === dropping && tag.kind === 'close') {
        dropDepth -= 1;
        if (dropDepth === 0) dropping = null;
      }
      continue;
    }
    if (tag.kind === 'close') {
      if (stack.at(-1) === tag.name) {
        stack.pop();
        output.push(`</${canonical(tag.name)}>`);
        if (stack.length === 0 && tag.name === 'svg') rootClosed = true;
      }
      continue;
    }
    if (rootClosed) {
      removed.add('content after the root element');
      continue;
    }
    if (!sawRoot && tag.name !== 'svg') return { ok: false, reason: 'The file is not an SVG image.' };
    if (droppedWithContent.has(tag.name) || !allowedElements.has(tag.name)) {
      removed.add(`<${tag.name}>`);
      if (tag.kind === 'open') {
        dropping = tag.name;
        dropDepth = 1;
      }
      continue;
    }
    const kept: string[] = [];
    for (const [name, value] of tag.attributes) {
      if (name.startsWith('on')) {
        removed.add('event handler attributes');
        continue;
      }
      if (!allowedAttributes.has(name)) {
        removed.add(`attribute ${name}`);
        continue;
      }
      if (name === 'href' || name === 'xlink:href') {
        if (!isInternalReference(value)) {
          removed.add('external references');
          continue;
        }
      }
      let safeValue = value;
      if (name === 'style') {
        safeValue = sanitiseStyle(value);
        if (safeValue !== value.trim().replace(/;$/, '')) removed.add('unsafe style declarations');
        if (safeValue === '') continue;
      } else if (name !== 'xmlns' && name !== 'xmlns:xlink' && !isSafeValue(value)) {
        removed.add('external references');
        continue;
      }
      kept.push(` ${canonical(name)}="${escapeAttribute(safeValue)}"`);
    }
    if (tag.name === 'svg' && !sawRoot) {
      sawRoot = true;
      const attributes = new Map(tag.attributes);
      const viewBox = (attributes.get('viewbox') ?? '')
        .trim()
        .split(/[\s,]+/)
        .map(Number);
      width = parseLength(attributes.get('width')) ?? (viewBox.length === 4 ? (viewBox[2] ?? null) : null);
      height = parseLength(attributes.get('height')) ?? (viewBox.length === 4 ? (viewBox[3] ?? null) : null);
      if (!attributes.has('xmlns')) kept.unshift(' xmlns="http://www.w3.org/2000/svg"');
    }
    output.push(`<${canonical(tag.name)}${kept.join('')}${tag.kind === 'self' ? '/>' : '>'}`);
    if (tag.kind === 'open') stack.push(tag.name);
    else if (tag.name === 'svg' && stack.length === 0) rootClosed = true;
  }

  if (!sawRoot) return { ok: false, reason: 'The file is not an SVG image.' };
  if (!rootClosed) return { ok: false, reason: 'The SVG is incomplete (its root element is not closed).' };
  if (!width || !height || !Number.isFinite(width) || !Number.isFinite(height)) {
    return { ok: false, reason: 'The SVG has no width and height or viewBox to size it by.' };
  }
  return { ok: true, svg: output.join(''), width, height, removed: [...removed].sort() };
}
