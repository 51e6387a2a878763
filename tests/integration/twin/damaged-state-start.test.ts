import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_USER } from '@infra/twin/cognito/provision-user-pool';
import { apiOriginHeaders } from '@infra/twin/endpoints-file';
import { TwinAlreadyRunningError } from '@infra/twin/state/twin-lock';
import { startTwin, type Twin } from '@infra/twin/twin';

let stateDir: string;
const twins: Twin[] = [];

beforeEach(async () => {
  stateDir = await mkdtemp(path.join(tmpdir(), 'adsmith-damaged-'));
});

afterEach(async () => {
  for (const twin of twins.splice(0)) await twin.stop();
  await rm(stateDir, { recursive: true, force: true });
});

async function start(log?: (line: string) => void): Promise<Twin> {
  const twin = await startTwin({ ports: 'auto', stateDir, web: false, meta: false, dynamodb: 'memory', log });
  twins.push(twin);
  return twin;
}

describe('twin start-up over damaged state', () => {
  it('sets a truncated user pool aside with one line, keeps its bytes, and starts with the demo user', async () => {
    const first = await start();
    const poolFile = `${first.endpoints.cognito.userPoolId}.json`;
    await twins.splice(0)[0]?.stop();
    const cognitoDir = path.join(stateDir, 'cognito');
    const whole = await readFile(path.join(cognitoDir, poolFile), 'utf8');
    // What a stop in the middle of a non-atomic save used to leave.
    await writeFile(path.join(cognitoDir, poolFile), whole.slice(0, Math.floor(whole.length / 2)));

    const lines: string[] = [];
    const second = await start((line) => lines.push(line));

    const damaged = lines.filter((line) => line.includes('was damaged'));
    expect(damaged).toHaveLength(1);
    expect(damaged[0]).toMatch(
      new RegExp(
        `^Local state: cognito/${poolFile} was damaged \\(.+\\); kept it as cognito/${poolFile}\\.damaged-\\d{8}T\\d{6}Z and reset user pool`,
      ),
    );
    const kept = (await readdir(cognitoDir)).find((name) => name.startsWith(`${poolFile}.damaged-`)) as string;
    expect(await readFile(path.join(cognitoDir, kept), 'utf8')).toBe(whole.slice(0, Math.floor(whole.length / 2)));

    const client = new CognitoIdentityProviderClient({
      endpoint: second.endpoints.cognito.endpoint,
      region: second.endpoints.cognito.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const demo = await client.send(
      new AdminGetUserCommand({ UserPoolId: second.endpoints.cognito.userPoolId, Username: DEMO_USER.email }),
    );
    client.destroy();
    expect(demo.UserStatus).toBe('CONFIRMED');
  });

  it('refuses a second twin on the same folder in the same process, before it binds anything', async () => {
    const first = await start();
    await mkdir(stateDir, { recursive: true });

    await expect(start()).rejects.toBeInstanceOf(TwinAlreadyRunningError);
    // The first still serves.
    const reply = await fetch(`${first.endpoints.api}/api/health`, { headers: apiOriginHeaders(first.endpoints) });
    expect(reply.status).toBe(200);
  });
});
