import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeSetAside, setAsideDamagedState, type SetAside } from '@infra/twin/state/damaged-state';

let stateDir: string;
const cognito = (name: string) => path.join(stateDir, 'cognito', name);
const now = new Date('2026-11-22T14:30:05.123Z');

beforeEach(async () => {
  stateDir = await mkdtemp(path.join(tmpdir(), 'adsmith-state-'));
  await mkdir(path.join(stateDir, 'cognito'));
});

afterEach(async () => {
  await rm(stateDir, { recursive: true, force: true });
});

const pool = JSON.stringify({ Users: { a: { Username: 'a', UserCreateDate: '2026-11-01T00:00:00.000Z' } } });

describe('setAsideDamagedState', () => {
  it('leaves sound state alone', async () => {
    await writeFile(cognito('local_good.json'), pool);
    await writeFile(cognito('clients.json'), JSON.stringify({ Clients: {} }));
    await writeFile(path.join(stateDir, 'oauth-state-key'), 'k'.repeat(43));

    expect(await setAsideDamagedState(stateDir, now)).toEqual([]);
    expect((await readdir(path.join(stateDir, 'cognito'))).sort()).toEqual(['clients.json', 'local_good.json']);
  });

  it('renames a truncated pool file aside, keeping its bytes, and says what was reset', async () => {
    const truncated = pool.slice(0, 30);
    await writeFile(cognito('local_bad.json'), truncated);
    await writeFile(cognito('local_good.json'), pool);

    const found = await setAsideDamagedState(stateDir, now);

    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      file: path.join('cognito', 'local_bad.json'),
      keptAs: path.join('cognito', 'local_bad.json.damaged-20261122T143005Z'),
    });
    expect(await readFile(cognito('local_bad.json.damaged-20261122T143005Z'), 'utf8')).toBe(truncated);
    await expect(readFile(cognito('local_bad.json'))).rejects.toMatchObject({ code: 'ENOENT' });
    const line = describeSetAside(found[0] as SetAside);
    expect(line).toMatch(
      /^Local state: cognito\/local_bad\.json was damaged \(.+\); kept it as .+ and reset user pool/,
    );
    expect(line).not.toContain('\n');
  });

  it('treats an empty file, a wrong shape and an unreadable date as damage', async () => {
    await writeFile(cognito('local_empty.json'), '');
    await writeFile(cognito('clients.json'), '[]');
    await writeFile(cognito('local_date.json'), JSON.stringify({ Users: {}, CreationDate: true }));

    const found = await setAsideDamagedState(stateDir, now);

    expect(found.map((entry) => path.basename(entry.file)).sort()).toEqual([
      'clients.json',
      'local_date.json',
      'local_empty.json',
    ]);
    expect(found.find((entry) => entry.file.endsWith('clients.json'))?.reset).toMatch(/app client/);
  });

  it('sets aside an OAuth state key that is not one, and removes leftovers of interrupted writes', async () => {
    await writeFile(path.join(stateDir, 'oauth-state-key'), 'short');
    await writeFile(cognito('.local_x.json.123.abcd.tmp'), '{"Us');

    const found = await setAsideDamagedState(stateDir, now);

    expect(found.map((entry) => entry.file)).toEqual(['oauth-state-key']);
    expect(await readdir(path.join(stateDir, 'cognito'))).toEqual([]);
  });
});
