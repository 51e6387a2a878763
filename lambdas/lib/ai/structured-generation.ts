import type { z } from 'zod';
import { strictJsonSchema } from './strict-json-schema';
import { generateStructuredReply, type StructuredRequest, type StructuredResult } from './structured-reply';

export {
  STRUCTURED_ATTEMPTS,
  checkReply,
  type ModelSettings,
  type StructuredRequest,
  type StructuredResult,
} from './structured-reply';

/**
 * One structured generation (structured-reply.ts), its strict json_schema response format converted from the zod
 * schema in shared/ at the call.
 */
export async function generateStructured<S extends z.ZodType>(
  request: Omit<StructuredRequest<S>, 'jsonSchema'>,
): Promise<StructuredResult<z.output<S>>> {
  return generateStructuredReply({ ...request, jsonSchema: strictJsonSchema(request.schema) });
}
