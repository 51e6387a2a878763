import { describe, expect, it } from 'vitest';
import { localSecretArn, secretNameFromId } from '@infra/twin/secrets/secrets-manager-handler';

describe('secretNameFromId', () => {
  it('accepts a name or an ARN, with or without the random suffix', () => {
    const region = 'us-east-1';
    expect(secretNameFromId('meta-app', region)).toBe('meta-app');
    expect(secretNameFromId(localSecretArn(region, 'meta-app'), region)).toBe('meta-app');
    expect(secretNameFromId(`${localSecretArn(region, 'meta-app')}-AbC123`, region)).toBe('meta-app');
  });
});
