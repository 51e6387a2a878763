import { WebConfigSchema, type WebConfig, type WebConfigInput } from '@shared/schemas/web-config';
import { LOCAL_STAGE } from '../function-environment';
import { writeFileAtomic } from '../state/atomic-file';

export interface LocalWebConfigInputs {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** The client sign-up goes through (may write `name`, signs nobody in). */
  signUpClientId: string;
  cognitoUrl: string;
  /** Where the browser's own-key mode sends completions; set when that is not api.openai.com. */
  openaiBaseUrl?: string;
  offlineModel: boolean;
}

/** The SPA's /config.json on this machine: the twin's pool, reached through the Cognito front. */
export function localWebConfig(inputs: LocalWebConfigInputs): WebConfig {
  return WebConfigSchema.parse({
    stage: LOCAL_STAGE,
    region: inputs.region,
    userPoolId: inputs.userPoolId,
    userPoolClientId: inputs.userPoolClientId,
    signUpClientId: inputs.signUpClientId,
    userPoolEndpoint: inputs.cognitoUrl,
    // cognito-local has no SRP.
    authFlowType: 'USER_PASSWORD_AUTH',
    apiBaseUrl: '/api',
    offlineModel: inputs.offlineModel,
    ...(inputs.openaiBaseUrl ? { openaiBaseUrl: inputs.openaiBaseUrl } : {}),
  } satisfies WebConfigInput);
}

export async function writeWebConfig(file: string, config: WebConfig): Promise<void> {
  // Atomic: Vite serves it as /config.json, possibly while a restart rewrites it.
  await writeFileAtomic(file, `${JSON.stringify(config, null, 2)}\n`);
}
