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

  it('moves every service with one ADSMITH_PORT_BASE, each at its own offset, a single variable still winning', () => {
    const ports = portsFromEnv({ ADSMITH_PORT_BASE: '7100', ADSMITH_META_PORT: '7999' });
    expect(ports).toMatchObject({ web: 7100, api: 7101, mailbox: 7102, meta: 7999 });
    // Every service on its own port, all inside the base's block.
    const values = Object.values(ports);
    expect(new Set(values).size).toBe(values.length);
    expect(() => portsFromEnv({ ADSMITH_PORT_BASE: '65530' })).toThrow(/ADSMITH_PORT_BASE/);
    expect(() => portsFromEnv({ ADSMITH_PORT_BASE: 'abc' })).toThrow(TwinSetupError);
  });
});
