import { describe, expect, it } from 'vitest';
import { operationFromTarget } from '@infra/twin/aws-json/aws-json-protocol';

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
