import type { RequestListener } from 'node:http';
import { randomUUID } from 'node:crypto';
import { AwsServiceError, serveAwsJsonCall } from '../aws-json/aws-json-protocol';
import { sendJson } from '../http-io';

/** The ARN a secret would have; the twin's account is the all-zero one. */
export function localSecretArn(region: string, name: string): string {
  return `arn:aws:secretsmanager:${region}:000000000000:secret:${name}`;
}

/** Accepts a secret's name or its ARN (with or without the random suffix AWS adds), as Secrets Manager does. */
export function secretNameFromId(secretId: string, region: string): string {
  const arnPrefix = `arn:aws:secretsmanager:${region}:000000000000:secret:`;
  if (!secretId.startsWith(arnPrefix)) return secretId;
  return secretId.slice(arnPrefix.length).replace(/-[A-Za-z0-9]{6}$/, '');
}

/**
 * A local Secrets Manager speaking GetSecretValue over AWS JSON 1.1: enough for
 * Powertools' getSecret. Values live in memory; values are never logged.
 */
export function secretsManagerHandler(region: string, values: ReadonlyMap<string, string>): RequestListener {
  const createdDate = Math.floor(Date.now() / 1000);
  const versionId = randomUUID();
  const operations = {
    GetSecretValue(input: Record<string, unknown>) {
      const secretId = input.SecretId;
      if (typeof secretId !== 'string' || secretId.length === 0 || secretId.length > 2048) {
        throw new AwsServiceError('InvalidParameterException', 'SecretId must be a non-empty string.');
      }
      const name = secretNameFromId(secretId, region);
      const value = values.get(name);
      if (value === undefined) {
        throw new AwsServiceError('ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
      }
      return {
        ARN: localSecretArn(region, name),
        Name: name,
        VersionId: versionId,
        SecretString: value,
        VersionStages: ['AWSCURRENT'],
        CreatedDate: createdDate,
      };
    },
  };
  return (req, res) => {
    void serveAwsJsonCall(req, res, 'secretsmanager', operations).then((served) => {
      if (served) return;
      // The list shows names only: values stay out of any page or log.
      if (req.method === 'GET' && req.url === '/') return sendJson(res, 200, { secrets: [...values.keys()] });
      sendJson(res, 404, { message: 'Not Found' });
    });
  };
}
