import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type * as fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  decodeSandboxState,
  encodeSandboxState,
  loadSandboxState,
  SandboxStateSaver,
  type SandboxState,
} from '@infra/twin/meta-sandbox/persisted-state';
import { seedWorld } from '@infra/twin/meta-sandbox/seed';
import { setFrom } from '@infra/twin/meta-sandbox/world';
import {
  applyChanges,
  baselineOf,
  changesSince,
  fingerprintOf,
  noChanges,
} from '@infra/twin/meta-sandbox/world-changes';

/** One rename can be made to fail, as a twin killed between writing the new file and putting it in place. */
const failNextRename = vi.hoisted(() => ({ armed: false }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof fsPromises>();
  return {
    ...actual,
    rename: async (from: string, to: string) => {
      if (failNextRename.armed) {
        failNextRename.armed = false;
        throw Object.assign(new Error('EIO: interrupted'), { code: 'EIO' });
      }
      return actual.rename(from, to);
    },
  };
});

let dir: string;
let file: string;
const seededAt = new Date('2026-11-20T17:00:00Z');

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'adsmith-meta-state-'));
  file = path.join(dir, 'meta-sandbox.json');
});

afterEach(async () => {
  failNextRename.armed = false;
  await rm(dir, { recursive: true, force: true });
});

function stateWith(overrides: Partial<SandboxState> = {}): SandboxState {
  return {
    seededAt,
    fingerprint: 'a'.repeat(64),
    daysAdvanced: 3,
    revision: 7,
    world: noChanges(),
    tokens: [
      {
        token: 'EAAtoken1',
        appId: '1234567890',
        userId: '100000000000001',
        scopes: ['public_profile', 'ads_read'],
        kind: 'long',
        issuedAt: new Date('2026-11-20T17:01:00Z'),
        expiresAt: new Date('2027-01-19T17:01:00Z'),
        revoked: false,
      },
    ],
    codes: [],
    grants: [{ appId: '1234567890', userId: '100000000000001', permissions: [['ads_read', 'granted']] }],
    ...overrides,
  };
}

describe('the sandbox state file', () => {
  it('round-trips tokens, grants and world changes, dates included', () => {
    const world = seedWorld({}, seededAt);
    const baseline = baselineOf(world);
    const adset = [...world.adsets.values()][0]!;
    setFrom(adset.budgetHistory, '2026-11-20', { daily: 12_345 });
    adset.updatedTime = new Date('2026-11-20T17:05:00Z');
    const state = stateWith({ world: changesSince(baseline, world) });

    const back = decodeSandboxState(encodeSandboxState(state));

    expect(back).toEqual(state);
    expect(back.tokens[0]!.expiresAt).toBeInstanceOf(Date);
    expect(back.world.adsets.changed.map(([id]) => id)).toEqual([adset.id]);
    // Only what changed is stored, not the seed again.
    expect(back.world.campaigns.changed).toEqual([]);

    const again = seedWorld({}, seededAt);
    expect(fingerprintOf(again)).toBe(fingerprintOf(seedWorld({}, seededAt)));
    applyChanges(again, back.world);
    expect(again.adsets.get(adset.id)).toEqual(adset);
    expect(again.adsets.get(adset.id)!.updatedTime).toBeInstanceOf(Date);
  });

  it('is missing before the first save', async () => {
    expect(await loadSandboxState(file, () => undefined)).toEqual({ kind: 'missing' });
  });

  it.each([
    ['truncated', encodeSandboxState(stateWith()).slice(0, 80)],
    ['empty', ''],
    ['not the state', JSON.stringify({ version: 1, tokens: 'none' })],
    ['an invalid date', encodeSandboxState(stateWith()).replace('2027-01-19T17:01:00.000Z', 'soon')],
    [
      'a campaign without its timelines',
      encodeSandboxState(
        stateWith({
          world: { ...noChanges(), campaigns: { changed: [['1202', { id: '1202', kind: 'Campaign' }]], removed: [] } },
        }),
      ),
    ],
  ])('sets a damaged file (%s) aside, keeps its bytes and says so once', async (_label, text) => {
    await writeFile(file, text);
    const lines: string[] = [];

    const loaded = await loadSandboxState(file, (line) => lines.push(line), new Date('2026-11-22T14:30:05Z'));

    expect(loaded).toMatchObject({ kind: 'damaged', keptAs: 'meta-sandbox.json.damaged-20261122T143005Z' });
    expect(await readdir(dir)).toEqual(['meta-sandbox.json.damaged-20261122T143005Z']);
    expect(await readFile(path.join(dir, 'meta-sandbox.json.damaged-20261122T143005Z'), 'utf8')).toBe(text);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('meta-sandbox.json was damaged');
    expect(lines[0]).toContain('Meta sandbox');
  });

  it('coalesces a burst of changes into few writes and skips a write that changes nothing', async () => {
    let current = stateWith();
    let snapshots = 0;
    const saver = new SandboxStateSaver(
      file,
      () => {
        snapshots += 1;
        return current;
      },
      () => undefined,
    );
    for (let revision = 10; revision < 60; revision += 1) {
      current = stateWith({ revision });
      saver.request();
    }
    await saver.settled();
    expect(snapshots).toBeLessThan(5);
    expect(decodeSandboxState(await readFile(file, 'utf8')).revision).toBe(59);

    const before = snapshots;
    saver.request();
    await saver.settled();
    expect(snapshots).toBe(before + 1);
    expect(await readdir(dir)).toEqual(['meta-sandbox.json']);
  });

  it('keeps the previous file when a write is interrupted, says so once, and saves again later', async () => {
    let current = stateWith({ revision: 1 });
    const lines: string[] = [];
    const saver = new SandboxStateSaver(
      file,
      () => current,
      (line) => lines.push(line),
    );
    saver.request();
    await saver.settled();

    failNextRename.armed = true;
    current = stateWith({ revision: 2 });
    saver.request();
    await saver.settled();

    expect(decodeSandboxState(await readFile(file, 'utf8')).revision).toBe(1);
    expect(await readdir(dir)).toEqual(['meta-sandbox.json']);
    expect(lines).toEqual([expect.stringContaining('could not save')]);

    saver.request();
    await saver.settled();
    expect(decodeSandboxState(await readFile(file, 'utf8')).revision).toBe(2);
  });

  it('loads the last whole file when a killed write left a partial temporary file beside it', async () => {
    await writeFile(file, encodeSandboxState(stateWith({ revision: 4 })));
    await writeFile(
      path.join(dir, '.meta-sandbox.json.4242.deadbeef.tmp'),
      encodeSandboxState(stateWith()).slice(0, 50),
    );

    const loaded = await loadSandboxState(file, () => undefined);

    expect(loaded).toMatchObject({ kind: 'loaded', state: { revision: 4 } });
  });
});
