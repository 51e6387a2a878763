/**
 * Writes the JSON Schemas the agent's bundle reads instead of converting zod schemas (a build step: no function
 * imports this module): each agent tool's arguments (agent/tool-parameters.json, as tool-json-schema.ts converts
 * them: every model call of a turn sends all 15, which took ~6-7 ms CPU the first time in a process) and the ad copy
 * reply's strict response format (ai/ad-copy-reply-schema.json, as strict-json-schema.ts converts it: the agent's copy
 * rewrite asks for it). With both read from files, no code of the agent converts, and its bundle carries no zod JSON
 * Schema conversion (~20 KB at init).
 * Run `npx tsx lambdas/lib/build-json-schemas.ts` after changing a tool's arguments or the ad copy reply; a unit test
 * fails until the files match the schemas.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AdCopyModelOutputSchema } from '@shared/schemas/ai';
import { AGENT_TOOLS } from './agent/agent-tools';
import { toolParameters } from './agent/tool-json-schema';
import { strictJsonSchema } from './ai/strict-json-schema';

const file = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

export const TOOL_PARAMETERS_FILE = file('agent/tool-parameters.json');
export const AD_COPY_REPLY_SCHEMA_FILE = file('ai/ad-copy-reply-schema.json');

/** Each agent tool's parameters by its name, in the order the model sees the tools. */
export function agentToolParameters(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(AGENT_TOOLS.map((tool) => [tool.name, toolParameters(tool)]));
}

/** The ad copy reply's response format (a refinement of AdCopyModelOutputSchema: refinements add nothing to it). */
export function adCopyReplySchema(): Record<string, unknown> {
  return strictJsonSchema(AdCopyModelOutputSchema);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [path, schema] of [
    [TOOL_PARAMETERS_FILE, agentToolParameters()],
    [AD_COPY_REPLY_SCHEMA_FILE, adCopyReplySchema()],
  ] as const) {
    writeFileSync(path, `${JSON.stringify(schema, null, 2)}\n`);
    console.log(`wrote ${path}`);
  }
}
