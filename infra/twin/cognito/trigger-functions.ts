import { UserLambdaValidationError } from 'cognito-local/lib/errors';
import type { Context as CognitoLocalContext } from 'cognito-local/lib/services/context';
import type { FunctionConfig, Lambda } from 'cognito-local/lib/services/lambda';
import type { FunctionRunner } from '../function-runner';

/** The AWS SDK version real Cognito reports in callerContext; any plausible value does. */
const CALLER_SDK_VERSION = 'aws-sdk-unknown-unknown';

type TriggerName = keyof FunctionConfig;

/** What cognito-local hands its Lambda port: the common fields of its trigger events. */
export interface TriggerInvocation {
  triggerSource: string;
  userPoolId: string;
  username: string;
  clientId: string | null;
  userAttributes: Record<string, string>;
  clientMetadata?: Record<string, string>;
  validationData?: Record<string, string>;
  codeParameter?: string;
  usernameParameter?: string;
}

/** The trigger events the twin's user pool sends, in the shape real Cognito sends them (version 1). */
export function buildTriggerEvent(region: string, event: TriggerInvocation): Record<string, unknown> {
  const common = {
    version: '1',
    region,
    userPoolId: event.userPoolId,
    userName: event.username,
    callerContext: { awsSdkVersion: CALLER_SDK_VERSION, clientId: event.clientId ?? 'CLIENT_ID_NOT_APPLICABLE' },
    triggerSource: event.triggerSource,
  };
  if (event.triggerSource.startsWith('CustomMessage_')) {
    return {
      ...common,
      request: {
        userAttributes: event.userAttributes,
        codeParameter: event.codeParameter,
        linkParameter: '{##Click Here##}',
        usernameParameter: event.triggerSource === 'CustomMessage_AdminCreateUser' ? event.usernameParameter : null,
        clientMetadata: event.clientMetadata ?? {},
      },
      response: { smsMessage: null, emailMessage: null, emailSubject: null },
    };
  }
  if (event.triggerSource.startsWith('PostConfirmation_')) {
    return {
      ...common,
      request: {
        // Confirming with a code sent by email proves the address: real Cognito
        // reports it verified here; cognito-local does not, so the twin does.
        userAttributes: { ...event.userAttributes, email_verified: 'true' },
        clientMetadata: event.clientMetadata ?? {},
      },
      response: {},
    };
  }
  if (event.triggerSource.startsWith('PreSignUp_')) {
    return {
      ...common,
      request: {
        userAttributes: event.userAttributes,
        validationData: event.validationData ?? null,
        clientMetadata: event.clientMetadata ?? {},
      },
      response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
    };
  }
  throw new Error(`The twin does not send ${event.triggerSource} triggers`);
}

/**
 * cognito-local's Lambda port, answered in its execution environment: each configured trigger runs
 * the real handler from lambdas/<fn> (the same code Cognito invokes in AWS).
 */
export class InProcessTriggerFunctions implements Lambda {
  constructor(
    private readonly functions: Partial<Record<TriggerName, string>>,
    private readonly runner: FunctionRunner,
    private readonly region: string,
  ) {}

  enabled(trigger: TriggerName): boolean {
    const fn = this.functions[trigger];
    return fn !== undefined && this.runner.exists(fn);
  }

  // Lambda.invoke is overloaded per trigger; one implementation serves them all.
  readonly invoke = (async (
    ctx: CognitoLocalContext,
    trigger: TriggerName,
    event: TriggerInvocation,
  ): Promise<unknown> => {
    const fn = this.functions[trigger];
    if (!fn) throw new Error(`${trigger} trigger not configured`);
    const triggerEvent = buildTriggerEvent(this.region, event);
    try {
      const result = (await this.runner.invoke(fn, triggerEvent)) as { response?: unknown } | undefined;
      return result?.response ?? {};
    } catch (error) {
      // A pre sign-up trigger that throws refuses the sign-up; Cognito names the trigger and its message.
      if (trigger === 'PreSignUp') {
        const message = error instanceof Error ? error.message : String(error);
        throw new UserLambdaValidationError(`PreSignUp failed with error ${message}.`);
      }
      // cognito-local swallows trigger failures; say so loudly, as CloudWatch would show them.
      console.error(`[cognito] ${trigger} trigger (lambdas/${fn}) failed:`, error);
      ctx.logger.error(error);
      throw error;
    }
  }) as Lambda['invoke'];
}
