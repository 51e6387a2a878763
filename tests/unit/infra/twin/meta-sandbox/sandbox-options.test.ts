import { describe, expect, it } from 'vitest';
import { checkSandboxOptions } from '@infra/twin/meta-sandbox/sandbox-options';

const valid = { port: 0, appId: '1234567890', appSecret: 'local-secret' };

describe('checkSandboxOptions', () => {
  it('accepts the twin’s options and a benchmark seed', () => {
    expect(() => checkSandboxOptions(valid)).not.toThrow();
    expect(() =>
      checkSandboxOptions({ ...valid, seed: { campaignsPerAccount: 200, adsPerAdSet: 6 }, usage: 'development' }),
    ).not.toThrow();
    expect(() => checkSandboxOptions({ ...valid, seed: { adsPerAdSet: 0 } })).toThrow(/seed\.adsPerAdSet/);
  });

  it('names every problem at once', () => {
    expect(() =>
      checkSandboxOptions({ port: -1, appId: 'my-app', appSecret: '', seed: { campaignsPerAccount: 1.5 } }),
    ).toThrow(/port: .*; appId: must be numeric, like a Meta app id; appSecret: .*; seed\.campaignsPerAccount: /);
  });

  it('refuses unknown fault switches', () => {
    expect(() => checkSandboxOptions({ ...valid, faults: { explode: true } })).toThrow(/faults/);
  });
});
