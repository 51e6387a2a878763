/**
 * Stands in for @smithy/core's region lookup from the EC2 instance metadata service
 * (config-resolver/regionConfig/getInstanceMetadataRegion.js). The SDK asks IMDS for the region only when
 * AWS_REGION is not set, and for the "auto" defaults mode only when AWS_EXECUTION_ENV is not set; Lambda sets both
 * in every function's environment ("Defined runtime environment variables", Lambda developer guide), and Lambda has
 * no instance metadata service to ask.
 */
import { cutFromLambda } from './cut-from-lambda.cjs';

export const getInstanceMetadataRegion = async () =>
  cutFromLambda(
    'The AWS SDK region lookup from EC2 instance metadata',
    'Lambda sets AWS_REGION and AWS_EXECUTION_ENV',
  )();
