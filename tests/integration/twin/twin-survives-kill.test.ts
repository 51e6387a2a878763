import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TwinEndpoints } from '@infra/twin/endpoints-file';
import { parseCognitoStore } from '@infra/twin/state/cognito-data-store';
import { LOCK_FILE_NAME } from '@infra/twin/state/twin-lock';
import { freeTwinPortsEnv, spawnDevTwin, stopDevTwin, whenReady, type DevTwin } from './twin-process';

const PASSWORD = 'Kill-Test-Password-2026!';
let stateDir: string;
let portsEnv: Record<string, string>;
const running: DevTwin[] = [];

beforeAll(async () => {
  stateDir = await mkdtemp(path.join(tmpdir(), 'adsmith-kill-'));
  portsEnv = await freeTwinPortsEnv();
});

afterAll(async () => {
  for (const twin of running) await stopDevTwin(twin);
  await rm(stateDir, { recursive: true, force: true });
});

function start(): DevTwin {
  const twin = spawnDevTwin(stateDir, portsEnv);
  running.push(twin);
  return twin;
}

function clientOf(endpoints: TwinEndpoints): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint: endpoints.cognito.endpoint,
    region: endpoints.cognito.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
}

const signUp = (client: CognitoIdentityProviderClient, endpoints: TwinEndpoints, email: string) =>
  client.send(
    new SignUpCommand({
      ClientId: endpoints.cognito.signUpClientId,
      Username: email,
      Password: PASSWORD,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: 'Burst Tester' },
      ],
    }),
  );

describe('the twin stopped at any moment', () => {
  it(
    'refuses a second twin on the same folder, survives SIGKILL during a burst of sign-ups, and restarts with every acknowledged user',
    { timeout: 420_000 },
    async () => {
      const first = start();
      const endpoints = await whenReady(first, stateDir);
      // Where every service listens is printed, not only some of them (Stripe's checkout, the sinks, the queues).
      for (const url of [endpoints.meta, endpoints.stripe, endpoints.sinks, endpoints.sqs, endpoints.s3]) {
        expect(first.output()).toContain(url);
      }

      // A second `npm run dev` in the same folder says who holds it and touches nothing.
      const lockBefore = await readFile(path.join(stateDir, LOCK_FILE_NAME), 'utf8');
      const second = start();
      const refused = await second.exited;
      expect(refused.code).toBe(1);
      expect(second.output()).toContain(`Another local twin is already running on ${stateDir}: pid ${first.child.pid}`);
      expect(second.output()).toContain(`api ${endpoints.api}`);
      expect(await readFile(path.join(stateDir, LOCK_FILE_NAME), 'utf8')).toBe(lockBefore);

      // A burst of sign-ups, eight at a time, killed without warning part-way.
      const client = clientOf(endpoints);
      const acknowledged: string[] = [];
      let stopBurst = false;
      let sent = 0;
      const worker = async () => {
        while (!stopBurst) {
          const email = `burst-${sent++}-${Date.now()}@example.test`;
          try {
            await signUp(client, endpoints, email);
            acknowledged.push(email);
          } catch {
            return; // the twin is gone
          }
        }
      };
      const workers = Array.from({ length: 8 }, worker);
      while (acknowledged.length < 12) await new Promise((resolve) => setTimeout(resolve, 20));
      first.child.kill('SIGKILL');
      await first.exited;
      stopBurst = true;
      await Promise.all(workers);
      client.destroy();
      expect(acknowledged.length).toBeGreaterThanOrEqual(12);

      // What the killed twin left is whole: every store parses, and its lock is stale, not gone.
      const cognitoDir = path.join(stateDir, 'cognito');
      const stores = (await readdir(cognitoDir)).filter((file) => file.endsWith('.json'));
      expect(stores.sort()).toEqual(['clients.json', `${endpoints.cognito.userPoolId}.json`]);
      for (const name of stores) parseCognitoStore(await readFile(path.join(cognitoDir, name), 'utf8'));
      expect(JSON.parse(await readFile(path.join(stateDir, LOCK_FILE_NAME), 'utf8')).pid).toBe(first.child.pid);

      // The restart takes over the stale lock, finds nothing to set aside, and keeps every acknowledged user.
      const restarted = start();
      const after = await whenReady(restarted, stateDir);
      expect(restarted.output()).not.toContain('was damaged');
      expect(after.cognito.userPoolId).toBe(endpoints.cognito.userPoolId);
      const again = clientOf(after);
      for (const email of acknowledged) {
        const user = await again.send(
          new AdminGetUserCommand({ UserPoolId: after.cognito.userPoolId, Username: email }),
        );
        expect(user.UserAttributes?.find((attribute) => attribute.Name === 'email')?.Value).toBe(email);
      }
      await signUp(again, after, `after-restart-${Date.now()}@example.test`);
      again.destroy();

      await stopDevTwin(restarted);
      expect((await restarted.exited).code).toBe(0);
      await expect(readFile(path.join(stateDir, LOCK_FILE_NAME))).rejects.toMatchObject({ code: 'ENOENT' });
    },
  );
});
