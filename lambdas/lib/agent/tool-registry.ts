import type * as z from 'zod';
import type OpenAI from 'openai';
import type { AgentProposal, AgentToolName } from '@shared/schemas/agent';
import { isAppError } from '../errors';
import TOOL_PARAMETERS from './tool-parameters.json';

/**
 * The agent's tools: plain functions over the product's own logic, each with a zod schema for its arguments.
 * The model sees each as an OpenAI function (its JSON Schema converted from the zod schema at build time); what
 * it sends back is parsed with the same schema before the function runs, so a malformed or invented argument is
 * refused with the field named, and the refusal is what the model reads.
 */

/** What a tool answers, as the model reads it (JSON) and the reader sees it (the summary). */
export type ToolOutcome =
  { ok: true; summary: string; data?: unknown; proposal?: AgentProposal } | { ok: false; error: string };

export interface AgentTool<A extends z.ZodType = z.ZodType, C = unknown> {
  name: AgentToolName;
  description: string;
  args: A;
  kind: 'read' | 'propose';
  run(args: z.output<A>, context: C): Promise<ToolOutcome>;
}

/**
 * A tool whose argument schema is built when first read (`args` is a getter): a model call sends the JSON Schemas
 * converted at build time (openAiTools), so a tool's zod schema is needed only to parse a call of that tool (or to
 * register it with the MCP server), and a turn builds the schemas of the tools it calls, not all 15 at init.
 */
export function defineTool<A extends z.ZodType, C>(
  tool: Omit<AgentTool<A, C>, 'args'> & { args: () => A },
): AgentTool<A, C> {
  const { args: build, ...rest } = tool;
  let args: A | undefined;
  return {
    ...rest,
    get args() {
      return (args ??= build());
    },
  };
}

/**
 * The tools as OpenAI's `tools` parameter: each tool's argument schema as JSON Schema, read from tool-parameters.json
 * (written at build time from the zod schemas by lambdas/lib/build-json-schemas.ts, held to them by a test), so
 * no model call converts a schema. A tool missing from the file is a fault of the build: the script was not run.
 */
export function openAiTools<C>(
  tools: ReadonlyArray<AgentTool<z.ZodType, C>>,
): OpenAI.Chat.Completions.ChatCompletionTool[] {
  return tools.map((tool) => {
    const parameters = (TOOL_PARAMETERS as Partial<Record<string, Record<string, unknown>>>)[tool.name];
    if (!parameters)
      throw new Error(
        `The agent tool ${tool.name} has no JSON Schema in tool-parameters.json: ` +
          'run npx tsx lambdas/lib/build-json-schemas.ts',
      );
    return { type: 'function', function: { name: tool.name, description: tool.description, parameters } };
  });
}

function issuesText(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`).join('; ');
}

/**
 * Runs one call the model made: unknown tool, arguments that are not JSON or fail the schema, and the
 * tool's own refusals (an AppError: not found, not this workspace's, over a guardrail) all come back as
 * `{ ok: false, error }`; anything else is a fault of ours and is thrown.
 */
export async function runToolCall<C>(
  tools: ReadonlyArray<AgentTool<z.ZodType, C>>,
  call: { name: string; arguments: string },
  context: C,
): Promise<ToolOutcome> {
  const tool = tools.find((t) => t.name === call.name);
  if (!tool) return { ok: false, error: `There is no tool named ${call.name}.` };
  let raw: unknown;
  try {
    raw = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
  } catch {
    return { ok: false, error: 'The arguments are not valid JSON.' };
  }
  const parsed = tool.args.safeParse(raw);
  if (!parsed.success) return { ok: false, error: `Invalid arguments: ${issuesText(parsed.error)}` };
  return runTool(tool, parsed.data, context);
}

/**
 * Runs a tool on arguments its schema already parsed (the agent loop above, or the MCP server, whose SDK parses
 * them with the same schema): the tool's own refusals come back as `{ ok: false, error }`, faults are thrown.
 */
export async function runTool<C>(tool: AgentTool<z.ZodType, C>, args: unknown, context: C): Promise<ToolOutcome> {
  try {
    return await tool.run(args, context);
  } catch (error) {
    if (isAppError(error) && error.statusCode < 500) return { ok: false, error: error.message };
    throw error;
  }
}
