import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { AD_COPY_REPLY_SCHEMA_FILE, agentToolParameters, TOOL_PARAMETERS_FILE } from '@lambdas/lib/build-json-schemas';
import { AGENT_TOOLS } from '@lambdas/lib/agent/agent-tools';
import { toolParameters } from '@lambdas/lib/agent/tool-json-schema';
import { defineTool, openAiTools } from '@lambdas/lib/agent/tool-registry';
import { adCopyReplySchema } from '@lambdas/lib/ai/ad-copy';
import { strictJsonSchema } from '@lambdas/lib/ai/strict-json-schema';

const written = JSON.parse(readFileSync(TOOL_PARAMETERS_FILE, 'utf8')) as Record<string, unknown>;
/** What a JSON Schema is once sent: the model reads it as JSON. */
const asSent = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe("the agent tools' JSON Schemas, converted at build time", () => {
  it('are the zod conversion of every tool, in the order the model sees the tools (else run lambdas/lib/build-json-schemas.ts)', () => {
    expect(Object.keys(written)).toEqual(AGENT_TOOLS.map((tool) => tool.name));
    expect(written).toEqual(asSent(agentToolParameters()));
  });

  it('are what the model is given for each tool, with its name and description', () => {
    const offered = openAiTools(AGENT_TOOLS);
    expect(offered).toEqual(
      AGENT_TOOLS.map((tool) => ({
        type: 'function',
        function: { name: tool.name, description: tool.description, parameters: asSent(toolParameters(tool)) },
      })),
    );
    for (const tool of offered) expect(tool).not.toHaveProperty('function.parameters.$schema');
  });

  it('name the script when a tool has none', () => {
    const unwritten = defineTool({
      name: 'not_a_tool' as never,
      description: 'A tool the file does not know',
      kind: 'read',
      args: () => z.object({}).strict(),
      run: async () => ({ ok: true, summary: '' }),
    });
    expect(() => openAiTools([unwritten])).toThrow(
      /not_a_tool has no JSON Schema .*lambdas\/lib\/build-json-schemas\.ts/,
    );
  });
});

describe("the ad copy reply's response format, converted at build time", () => {
  it('is the strict JSON Schema of the reply schema the generator parses with, for any brief (else run lambdas/lib/build-json-schemas.ts)', () => {
    const format = JSON.parse(readFileSync(AD_COPY_REPLY_SCHEMA_FILE, 'utf8')) as unknown;
    for (const [count, language] of [
      [1, 'en'],
      [3, 'de'],
      [5, 'pt'],
    ] as const)
      expect(format).toEqual(asSent(strictJsonSchema(adCopyReplySchema(count, language))));
  });
});
