import type { AiConnectionTest } from '@shared/schemas/ai';
import { apiRequest } from '../api';

/** The spec's `test_connection` call to the AI function. */
export function testAiConnection(): Promise<AiConnectionTest> {
  return apiRequest('aiTestConnection');
}
