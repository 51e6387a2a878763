import type { RouteName } from '@shared/routes';
import { getWebConfig } from '../config/web-config';
import { createApiClient, type ApiClient, type RequestInput, type ResponseOf } from './api-client';
import { getAccessToken } from './auth/cognito';
import { chosenWorkspace, forgetWorkspace, subOfAccessToken } from './workspace/chosen-workspace';

const workspaceFor = (token: string) => {
  const sub = subOfAccessToken(token);
  return sub ? chosenWorkspace(sub) : null;
};
const onWorkspaceRefused = (token: string) => {
  const sub = subOfAccessToken(token);
  if (sub) forgetWorkspace(sub);
};

/** The app's API client, created on first use because the base URL comes from /config.json. */
let client: ApiClient | undefined;

export function apiRequest<N extends RouteName>(name: N, input?: RequestInput<N>): Promise<ResponseOf<N>> {
  client ??= createApiClient({ baseUrl: getWebConfig().apiBaseUrl, getAccessToken, workspaceFor, onWorkspaceRefused });
  return client.request(name, input);
}
