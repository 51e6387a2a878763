/**
 * Stands in for `@aws-sdk/credential-provider-node` inside Lambda bundles. Every AWS client's
 * runtime config imports its `defaultProvider`, the whole chain: environment, SSO, shared ini
 * files, credential processes, web identity, ECS and EC2 metadata, with the STS/SSO clients
 * those need (about 90 KB minified in every function). In Lambda the chain's first link always
 * answers: the runtime sets AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN for
 * the execution role ("Defined runtime environment variables", Lambda developer guide), and the
 * twin sets the same variables for every function (infra/twin/function-environment.ts). So the
 * bundle keeps only that link; missing variables fail as the SDK's own provider fails.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

export const defaultProvider = (init = {}) => fromEnv(init);
