import { describe, expect, it } from 'vitest';
import { operationFromTarget } from '@infra/twin/aws-json/aws-json-protocol';
import { localSecretArn, secretNameFromId } from '@infra/twin/secrets/secrets-manager-handler';

describe('operationFromTarget', () => {
  it('reads the operation of the expected service', () => {
    expect(operationFromTarget('secretsmanager.GetSecretValue', 'secretsmanager')).toBe('GetSecretValue');
    expect(operationFromTarget('AWSEvents.PutEvents', 'AWSEvents')).toBe('PutEvents');
  });

  it('rejects another service, a missing or malformed target', () => {
    expect(operationFromTarget('AWSEvents.PutEvents', 'secretsmanager')).toBeNull();
    expect(operationFromTarget(undefined, 'AWSEvents')).toBeNull();
    expect(operationFromTarget('AWSEvents.Put.Events', 'AWSEvents')).toBeNull();
    expect(operationFromTarget('AWSEvents.__proto__', 'AWSEvents')).toBeNull();
  });
});

describe('secretNameFromId', () => {
  it('accepts a name or an ARN, with or without the random suffix', () => {
    const region = 'us-east-1';
    expect(secretNameFromId('meta-app', region)).toBe('meta-app');
    expect(secretNameFromId(localSecretArn(region, 'meta-app'), region)).toBe('meta-app');
    expect(secretNameFromId(`${localSecretArn(region, 'meta-app')}-AbC123`, region)).toBe('meta-app');
  });
});
