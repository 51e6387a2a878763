/**
 * Stripe's v1 API takes `application/x-www-form-urlencoded` bodies with bracket
 * notation (`line_items[0][price]=price_1&metadata[plan]=pro`), not JSON. This
 * turns such a body (or a query string) into nested objects and arrays, as
 * Stripe's own parser does: numeric segments make arrays, `[]` appends.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export function parseStripeForm(text: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const segments = keySegments(rawKey);
    if (!segments) continue;
    assign(root, segments, value);
  }
  return root;
}

function keySegments(rawKey: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
  if (!match) return null;
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '');
  return [match[1]!, ...rest];
}

function assign(container: Record<string, FormValue> | FormValue[], segments: string[], value: string): void {
  const [head, ...tail] = segments as [string, ...string[]];
  const isArray = Array.isArray(container);
  const index = head === '' && isArray ? container.length : head;
  if (tail.length === 0) {
    (container as Record<string, FormValue>)[index as string] = value;
    return;
  }
  const nextIsArray = /^\d*$/.test(tail[0]!);
  const existing = (container as Record<string, FormValue>)[index as string];
  const child =
    existing !== undefined && typeof existing !== 'string' ? existing : nextIsArray ? ([] as FormValue[]) : {};
  (container as Record<string, FormValue>)[index as string] = child;
  assign(child as Record<string, FormValue> | FormValue[], tail, value);
}
