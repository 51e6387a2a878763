import * as z from 'zod';

/**
 * The SPA's runtime config (`/config.json`): written by CDK's BucketDeployment in AWS
 * and by the local twin on this machine, so one web build serves every stage.
 */
export const WebConfigSchema = z.object({
  stage: z.string(),
  region: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  /**
   * The app client sign-up goes through: it may write the display name (`name`, checked by the pre
   * sign-up trigger) but signs nobody in; the client above, whose tokens the browser holds, cannot
   * write `name` (changes go through PUT /api/me). Absent: sign up with `userPoolClientId`.
   */
  signUpClientId: z.string().optional(),
  /** Set only on the twin: where Amplify sends Cognito calls instead of AWS. */
  userPoolEndpoint: z.string().url().optional(),
  /** cognito-local has no SRP, so the twin signs in with USER_PASSWORD_AUTH; AWS uses SRP. */
  authFlowType: z.enum(['USER_SRP_AUTH', 'USER_PASSWORD_AUTH']),
  /** Base of the API; same origin in every stage. */
  apiBaseUrl: z.string().default('/api'),
  /** Shown in the UI when the AI runs on the offline model. */
  offlineModel: z.boolean().default(false),
  /**
   * Where own-key mode sends chat completions from the browser: api.openai.com
   * unless the stage says otherwise (the twin's offline model locally).
   */
  openaiBaseUrl: z.url().default('https://api.openai.com/v1'),
});
export type WebConfig = z.infer<typeof WebConfigSchema>;
/** What a stage writes; fields with defaults may be left out. */
export type WebConfigInput = z.input<typeof WebConfigSchema>;
