import { writeFile } from 'node:fs/promises';
import { WebConfigSchema, type WebConfig } from '@shared/schemas/web-config';
import { LOCAL_STAGE } from '../lambda-environment';

export interface LocalWebConfigInputs {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  cognitoUrl: string;
}

/** The SPA's /config.json on this machine: the twin's pool, reached through the Cognito front. */
export function localWebConfig(inputs: LocalWebConfigInputs): WebConfig {
  return WebConfigSchema.parse({
    stage: LOCAL_STAGE,
    region: inputs.region,
    userPoolId: inputs.userPoolId,
    userPoolClientId: inputs.userPoolClientId,
    userPoolEndpoint: inputs.cognitoUrl,
    // cognito-local has no SRP.
    authFlowType: 'USER_PASSWORD_AUTH',
    apiBaseUrl: '/api',
    offlineModel: true,
  } satisfies WebConfig);
}

export async function writeWebConfig(file: string, config: WebConfig): Promise<void> {
  await writeFile(file, `${JSON.stringify(config, null, 2)}\n`);
}
