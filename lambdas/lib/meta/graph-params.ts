/**
 * Encoding of Graph parameters the way Meta reads them: scalars as text,
 * objects and arrays as JSON (`time_range={"since":...}`, `special_ad_categories=["NONE"]`,
 * `filtering=[{...}]`), except the list-valued fields Meta documents as
 * comma-separated (`fields=id,name`, `breakdowns=age,gender`).
 */

export type GraphParamValue =
  string | number | boolean | null | undefined | readonly unknown[] | { readonly [key: string]: unknown };

export type GraphParams = Readonly<Record<string, GraphParamValue>>;

const COMMA_SEPARATED = new Set(['fields', 'breakdowns', 'action_breakdowns', 'summary']);

export function encodeParamValue(name: string, value: Exclude<GraphParamValue, null | undefined>): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && COMMA_SEPARATED.has(name) && value.every((item) => typeof item === 'string')) {
    return value.join(',');
  }
  return JSON.stringify(value);
}

/** Undefined and null are left out, so optional inputs can be passed straight through. */
export function toSearchParams(params: GraphParams | undefined): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    search.append(name, encodeParamValue(name, value));
  }
  return search;
}
