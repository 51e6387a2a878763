import { readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';
import { writeFileAtomic } from '../state/atomic-file.js';
import { describeSetAside, keptName } from '../state/damaged-state.js';
import type { PermissionStatus } from './permissions.js';
import type { AccessToken, AuthorizationCode } from './tokens.js';
import { decodeJson, encodeJson, WORLD_MAPS, type WorldChanges, type WorldMapName } from './world-changes.js';

/**
 * The sandbox's state file (`.local/meta-sandbox.json` in the twin): what Meta would remember
 * between two runs of the twin — access tokens and codes, each user's permission grants, and
 * what was written through the Graph API (as changes to the seeded world, see world-changes.ts)
 * with the days advanced. Faults, usage scores, the call log and report jobs are not kept.
 */

export const SANDBOX_STATE_FILE = 'meta-sandbox.json';
const FORMAT_VERSION = 1;
/** Writes asked for within this long are one write: a batch, or a dialog and its token exchange. */
const COALESCE_MS = 25;

export interface GrantEntry {
  appId: string;
  userId: string;
  permissions: Array<[string, PermissionStatus]>;
}

export interface SandboxState {
  /** The instant the world was seeded for; the same instant seeds the same world. */
  seededAt: Date;
  /** The seeded world's fingerprint (world-changes.ts): changes apply only to the seed they were made on. */
  fingerprint: string;
  daysAdvanced: number;
  revision: number;
  world: WorldChanges;
  tokens: AccessToken[];
  codes: AuthorizationCode[];
  grants: GrantEntry[];
}

const validDate = z.date().refine((date) => !Number.isNaN(date.getTime()), 'invalid date');

const AccessTokenSchema = z.object({
  token: z.string().startsWith('EAA'),
  appId: z.string(),
  userId: z.string(),
  scopes: z.array(z.string()),
  kind: z.enum(['short', 'long']),
  issuedAt: validDate,
  expiresAt: validDate,
  revoked: z.boolean(),
});

const AuthorizationCodeSchema = z.object({
  code: z.string(),
  appId: z.string(),
  redirectUri: z.string(),
  userId: z.string(),
  scopes: z.array(z.string()),
  expiresAt: validDate,
  used: z.boolean(),
});

/**
 * World objects are checked for what the sandbox reads first (their key, parent ids, timelines and
 * dates), so a hand-edited or foreign file is refused here rather than failing requests later.
 */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const timeline = z.array(z.object({ from: isoDate, value: z.unknown() })).min(1);
const profile = z.looseObject({ cpmFactor: z.number(), ctrFactor: z.number(), conversionFactor: z.number() });
const adObject = {
  id: z.string(),
  accountId: z.string(),
  name: z.string(),
  statusHistory: timeline,
  startDate: isoDate,
  createdTime: validDate,
  updatedTime: validDate,
};
const WORLD_OBJECT_SCHEMAS: Record<WorldMapName, z.ZodType> = {
  accounts: z.looseObject({
    kind: z.literal('AdAccount'),
    accountId: z.string(),
    currency: z.string(),
    dataStart: isoDate,
  }),
  campaigns: z.looseObject({ ...adObject, kind: z.literal('Campaign'), budgetHistory: timeline }),
  adsets: z.looseObject({
    ...adObject,
    kind: z.literal('AdSet'),
    campaignId: z.string(),
    budgetHistory: timeline,
    // Files written before the flag was seeded lack it; 0 is the value valid with any ages.
    advantageAudience: z.union([z.literal(0), z.literal(1)]).default(0),
    profile,
  }),
  ads: z.looseObject({ ...adObject, kind: z.literal('Ad'), campaignId: z.string(), adsetId: z.string(), profile }),
  images: z.looseObject({ hash: z.string(), accountId: z.string(), createdTime: validDate }),
  creatives: z.looseObject({ id: z.string(), accountId: z.string(), createdTime: validDate }),
  videos: z.looseObject({ id: z.string(), accountId: z.string(), createdTime: validDate, readyAt: validDate }),
};
const MapChangesSchema = (name: WorldMapName) =>
  z.object({
    changed: z.array(z.tuple([z.string(), WORLD_OBJECT_SCHEMAS[name]])),
    removed: z.array(z.string()),
  });

const SandboxStateSchema = z.object({
  version: z.literal(FORMAT_VERSION),
  seededAt: validDate,
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
  daysAdvanced: z.number().int().min(0),
  revision: z.number().int().min(0),
  // A map added since a file was written (videos) starts empty.
  world: z.object(
    Object.fromEntries(WORLD_MAPS.map((name) => [name, MapChangesSchema(name).default({ changed: [], removed: [] })])),
  ),
  tokens: z.array(AccessTokenSchema),
  codes: z.array(AuthorizationCodeSchema),
  grants: z.array(
    z.object({
      appId: z.string(),
      userId: z.string(),
      permissions: z.array(z.tuple([z.string(), z.enum(['granted', 'declined'])])),
    }),
  ),
});

export function encodeSandboxState(state: SandboxState): string {
  return `${encodeJson({ version: FORMAT_VERSION, ...state })}\n`;
}

/** Parses a state file's text; throws with the first problem when it is not one. */
export function decodeSandboxState(text: string): SandboxState {
  if (text.trim() === '') throw new Error('the file is empty');
  const parsed = SandboxStateSchema.safeParse(decodeJson(text));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${issue?.path.join('.') || 'file'}: ${issue?.message ?? 'not a sandbox state'}`);
  }
  const { version: _version, ...state } = parsed.data;
  return state as unknown as SandboxState;
}

export type LoadedSandboxState =
  { kind: 'missing' } | { kind: 'loaded'; state: SandboxState } | { kind: 'damaged'; keptAs: string; problem: string };

/**
 * Reads the state a previous run left. A damaged or unreadable file never stops the sandbox:
 * it is renamed aside (kept, never deleted, as damaged-state.ts does for the twin's other
 * files), `report` gets one line about it, and the sandbox starts from its seed.
 */
export async function loadSandboxState(
  file: string,
  report: (line: string) => void,
  now = new Date(),
): Promise<LoadedSandboxState> {
  try {
    return { kind: 'loaded', state: decodeSandboxState(await readFile(file, 'utf8')) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    const problem = firstLine(error);
    return { kind: 'damaged', keptAs: await setAsideSandboxState(file, problem, report, now), problem };
  }
}

function firstLine(error: unknown): string {
  return ((error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '').slice(0, 200);
}

/** Renames a state file the sandbox cannot use to `<name>.damaged-<time>` and says so in one line; returns the new name. */
export async function setAsideSandboxState(
  file: string,
  problem: unknown,
  report: (line: string) => void,
  now = new Date(),
): Promise<string> {
  const name = path.basename(file);
  const keptAs = keptName(name, now);
  await rename(file, path.join(path.dirname(file), keptAs));
  report(
    describeSetAside({
      file: name,
      keptAs,
      problem: typeof problem === 'string' ? problem : firstLine(problem),
      reset: 'the Meta sandbox (its campaigns are as seeded, and Meta connections must be made again)',
    }),
  );
  return keptAs;
}

/**
 * Saves the state after changes: each request marks it dirty, and one write at a time puts
 * the latest snapshot on disk atomically (a stop mid-write leaves the previous file). A
 * burst of requests is one write; a snapshot equal to the last one written is not written.
 */
export class SandboxStateSaver {
  private dirty = false;
  private running: Promise<void> | undefined;
  private lastWritten: string | undefined;
  private failing = false;

  constructor(
    readonly file: string,
    private readonly snapshot: () => SandboxState,
    private readonly report: (line: string) => void,
  ) {}

  /** Something may have changed: it is saved shortly. */
  request(): void {
    this.dirty = true;
    this.running ??= this.drain();
  }

  /** Resolves once every change asked for so far is on disk (or its write failed and was reported). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, COALESCE_MS));
    while (this.dirty) {
      this.dirty = false;
      const text = encodeSandboxState(this.snapshot());
      if (text === this.lastWritten) continue;
      try {
        await writeFileAtomic(this.file, text);
        this.lastWritten = text;
        this.failing = false;
      } catch (error) {
        // Said once per run of failures; the sandbox keeps answering from memory.
        if (!this.failing) this.report(`[meta] could not save ${this.file}: ${(error as Error).message}`);
        this.failing = true;
      }
    }
    this.running = undefined;
  }
}
