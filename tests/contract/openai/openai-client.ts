import OpenAI from 'openai';
import { contractTwin } from '../contract-twin';

/** A key of the shape OpenAI issues; the stand-in refuses others (infra/twin/openai/offline-model-server.ts). */
export const GOOD_KEY = 'sk-contract-0123456789abcdefghij';

/** The official client pointed at the stand-in, retries off so each refusal is seen once. */
export function openaiClient(apiKey = GOOD_KEY): OpenAI {
  return new OpenAI({ apiKey, baseURL: contractTwin().openai.baseUrl, maxRetries: 0 });
}

/** The APIError the client threw, or a failure saying the call went through. */
export async function apiErrorOf(call: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  try {
    await call;
  } catch (error) {
    if (error instanceof OpenAI.APIError) return error;
    throw error;
  }
  throw new Error('OpenAI (the stand-in) accepted a request it refuses');
}
