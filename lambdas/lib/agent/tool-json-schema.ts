import * as z from 'zod';
import type { AgentTool } from './tool-registry';

/**
 * A tool's argument schema as the JSON Schema the model is given (OpenAI's function `parameters`): zod's conversion
 * of what the schema accepts as input, without `$schema`. Only the build runs it (lambdas/lib/build-json-schemas.ts
 * writes tool-parameters.json, a test holds that file to this): the agent reads the file, so no turn converts and
 * its bundle carries no JSON Schema conversion (ZOD_JSON_SCHEMA_KEPT_IN).
 */
export function toolParameters(tool: Pick<AgentTool, 'args'>): Record<string, unknown> {
  const { $schema: _schema, ...parameters } = z.toJSONSchema(tool.args, { io: 'input' }) as Record<string, unknown>;
  return parameters;
}
