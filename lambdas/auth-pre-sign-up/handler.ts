import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { cognitoTrigger } from '../lib/http/cognito-trigger';
import { logger } from '../lib/observability';
import { signUpAttributesProblem } from './sign-up-attributes';

export const handler = cognitoTrigger<PreSignUpTriggerEvent>(async (event) => {
  const problem = signUpAttributesProblem(event.request.userAttributes);
  if (problem) {
    logger.info('Sign-up refused', { triggerSource: event.triggerSource, problem });
    // Cognito answers the SignUp call with UserLambdaValidationException "PreSignUp failed with error <message>."
    throw new Error(problem);
  }
  return event;
});
