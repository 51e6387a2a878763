import type { Mock } from 'vitest';

/** What a screen passes to apiRequest(name, input): path params, query, body. */
export interface ApiInput {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}
export type ApiHandler = (input: ApiInput) => unknown;

/**
 * Answers the mocked `apiRequest(name, input)` by route name: a test's `overrides` first, then the screen's
 * `defaults`. A call nobody expected fails loudly instead of hanging the screen in a loading state.
 */
export function serveApi(
  apiRequest: Mock,
  defaults: Record<string, ApiHandler>,
  overrides: Record<string, ApiHandler> = {},
): void {
  apiRequest.mockImplementation(async (name: string, input: ApiInput = {}) => {
    const handler = overrides[name] ?? defaults[name];
    if (!handler) throw new Error(`unexpected ${name}`);
    return handler(input);
  });
}
