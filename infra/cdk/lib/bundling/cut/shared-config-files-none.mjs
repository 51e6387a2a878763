/**
 * Stands in for @smithy/core's loader of the shared config and credentials files (~/.aws/config and
 * ~/.aws/credentials: shared-ini-file-loader/loadSharedConfigFiles.js with its INI parser). On Lambda there are
 * none: a function has no home directory of its own (HOME is unset; the sandbox user's home does not exist,
 * awslabs/aws-sdk-rust#307) and its configuration comes from its environment, so the SDK's own loader finds no file
 * and answers empty files, which is what this answers. A function whose environment names files
 * (AWS_CONFIG_FILE, AWS_SHARED_CREDENTIALS_FILE) fails instead of ignoring them.
 */
import { cutFromLambda } from './cut-from-lambda.cjs';

export const CONFIG_PREFIX_SEPARATOR = '.';

const NAMED_FILES = ['AWS_CONFIG_FILE', 'AWS_SHARED_CREDENTIALS_FILE'];
const cut = cutFromLambda(
  'The AWS SDK shared config file loader',
  'a Lambda function is configured by its environment',
);

export const loadSharedConfigFiles = async () => {
  if (NAMED_FILES.some((name) => process.env[name])) cut();
  return { configFile: {}, credentialsFile: {} };
};
