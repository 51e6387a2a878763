import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { logger } from '../lib/observability';
import { signUpAttributesProblem } from './sign-up-attributes';

export const handler = middy<PreSignUpTriggerEvent, PreSignUpTriggerEvent>()
  .use(injectLambdaContext(logger, { resetKeys: true }))
  .handler(async (event) => {
    const problem = signUpAttributesProblem(event.request.userAttributes);
    if (problem) {
      logger.info('Sign-up refused', { triggerSource: event.triggerSource, problem });
      // Cognito answers the SignUp call with UserLambdaValidationException "PreSignUp failed with error <message>."
      throw new Error(problem);
    }
    return event;
  });
