'use strict';
/**
 * Stands in for the X-Ray SDK's EC2, ECS and Elastic Beanstalk plugins (segments/plugins/*). They add the host's
 * metadata to segments only when `AWSXRay.config([plugin])` is called, which neither Powertools' tracer nor our code
 * does; on Lambda the segment is the function's facade and the host is not an EC2 instance, an ECS task or a
 * Beanstalk environment.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS, as the X-Ray SDK it stands in for
const { cutFromLambda } = require('./cut-from-lambda.cjs');

module.exports = {
  getData: cutFromLambda(
    "The X-Ray SDK's EC2/ECS/Elastic Beanstalk plugins",
    'a Lambda function runs on none of those hosts',
  ),
};
