import { afterEach, describe, expect, it } from 'vitest';
import { startMetaSandboxThread, type MetaSandboxHandle } from '@infra/twin/meta-sandbox-thread';

/**
 * The sandbox on a thread of its own (the large-account benches' twin): the same Graph API, answered on another event
 * loop, with what the twin reads of it (its address, whether the world was kept, the seeded past approval) carried
 * across, and a stop that frees its port.
 */

const running: MetaSandboxHandle[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sandbox) => sandbox.stop()));
});

async function start(pastApproval = false): Promise<MetaSandboxHandle> {
  const sandbox = await startMetaSandboxThread({
    port: 0,
    host: '127.0.0.1',
    appId: '1234567890',
    appSecret: 'local-test-secret',
    faults: {},
    ...(pastApproval ? { pastApproval: true } : {}),
  });
  running.push(sandbox);
  return sandbox;
}

// The first start bundles the thread's entry with esbuild (about a second here; more on a loaded CI machine).
describe('startMetaSandboxThread', { timeout: 60_000 }, () => {
  it('answers Graph calls as the sandbox does, from its own thread', async () => {
    const sandbox = await start();
    expect(sandbox.keptWorld).toBe(false);
    const health = await fetch(`${sandbox.url}/__admin/health`);
    expect(await health.json()).toEqual({ ok: true });
    // No token: Meta's own error 104 ("An access token is required"), so the real sandbox is answering, not a stub.
    const me = await fetch(`${sandbox.url}/v26.0/me`);
    expect(me.status).toBe(400);
    expect(((await me.json()) as { error: { code: number } }).error.code).toBe(104);
  });

  it('carries the seeded past approval across, dates as dates', async () => {
    const sandbox = await start(true);
    const approval = sandbox.pastApproval();
    expect(approval?.adAccountId).toMatch(/^act_\d+$/);
    expect(approval?.appliedAt).toBeInstanceOf(Date);
  });

  it('stops: the port no longer answers', async () => {
    const sandbox = await start();
    await running.splice(0)[0]!.stop();
    await expect(fetch(`${sandbox.url}/__admin/health`)).rejects.toThrow();
  });
});
