import { describe, expect, it } from 'vitest';
import { portsFromEnv, TwinSetupError, twinServices } from '@infra/twin/twin-ports';

describe('portsFromEnv', () => {
  it('uses the defaults when nothing is set', () => {
    expect(portsFromEnv({})).toMatchObject({ web: 5173, api: 3001, cognito: 9229, dynamodb: 8000 });
  });

  it('takes a port from its variable', () => {
    expect(portsFromEnv({ ADSMITH_API_PORT: '4001' }).api).toBe(4001);
  });

  it.each(['abc', '0', '70000', '12.5', '-1'])('rejects %s, naming the variable', (value) => {
    expect(() => portsFromEnv({ ADSMITH_WEB_PORT: value })).toThrow(TwinSetupError);
    expect(() => portsFromEnv({ ADSMITH_WEB_PORT: value })).toThrow(/ADSMITH_WEB_PORT/);
  });

  it('gives every service its own default port', () => {
    const defaults = Object.values(twinServices).map((s) => s.defaultPort);
    expect(new Set(defaults).size).toBe(defaults.length);
  });
});
