/**
 * Structured Outputs' strict-mode rules, checked as api.openai.com checks them
 * before generating anything: every object closed and every property required.
 * The message names the schema and the context path, in the API's words.
 */
export function strictSchemaProblem(name: string, schema: unknown): string | null {
  const root = schema as Record<string, unknown> | undefined;
  if (!root || root.type !== 'object' || 'anyOf' in root)
    return `Invalid schema for response_format '${name}': schema must be a JSON Schema of 'type: "object"', got 'type: "${String(root?.type ?? 'None')}"'.`;
  return walk(name, root, []);
}

function walk(name: string, node: unknown, context: string[]): string | null {
  if (Array.isArray(node)) {
    for (const item of node) {
      const problem = walk(name, item, context);
      if (problem) return problem;
    }
    return null;
  }
  if (typeof node !== 'object' || node === null) return null;
  const n = node as Record<string, unknown>;
  const where = `In context=(${context.map((c) => `'${c}'`).join(', ')}${context.length === 1 ? ',' : ''})`;
  for (const unsupported of ['allOf', 'not', 'if', 'then', 'else', 'dependentRequired', 'dependentSchemas']) {
    if (unsupported in n)
      return `Invalid schema for response_format '${name}': ${where}, '${unsupported}' is not permitted.`;
  }
  const isObject = n.type === 'object' || (Array.isArray(n.type) && n.type.includes('object'));
  if (isObject) {
    if (n.additionalProperties !== false)
      return `Invalid schema for response_format '${name}': ${where}, 'additionalProperties' is required to be supplied and to be false.`;
    const keys = Object.keys((n.properties as Record<string, unknown> | undefined) ?? {});
    const required = Array.isArray(n.required) ? (n.required as unknown[]) : null;
    const missing = keys.filter((k) => !required?.includes(k));
    if (!required || missing.length > 0)
      return `Invalid schema for response_format '${name}': ${where}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing[0] ?? keys[0]}'.`;
    for (const key of keys) {
      const problem = walk(name, (n.properties as Record<string, unknown>)[key], [...context, 'properties', key]);
      if (problem) return problem;
    }
  }
  if (n.items) {
    const problem = walk(name, n.items, [...context, 'items']);
    if (problem) return problem;
  }
  for (const key of ['anyOf', '$defs', 'definitions'] as const) {
    if (n[key]) {
      const children = Array.isArray(n[key]) ? (n[key] as unknown[]) : Object.values(n[key] as object);
      for (const [i, child] of children.entries()) {
        const problem = walk(name, child, [...context, key, String(i)]);
        if (problem) return problem;
      }
    }
  }
  return null;
}
