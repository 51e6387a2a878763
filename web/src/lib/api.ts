import type { RouteName } from '@shared/routes';
import { getWebConfig } from '../config/web-config';
import { createApiClient, type ApiClient, type RequestInput, type ResponseOf } from './api-client';
import { getAccessToken } from './auth/cognito';

/** The app's API client, created on first use because the base URL comes from /config.json. */
let client: ApiClient | undefined;

export function apiRequest<N extends RouteName>(name: N, input?: RequestInput<N>): Promise<ResponseOf<N>> {
  client ??= createApiClient({ baseUrl: getWebConfig().apiBaseUrl, getAccessToken });
  return client.request(name, input);
}
