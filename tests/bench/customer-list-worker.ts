/**
 * One side of the customer-list bench (customer-list-probe.ts), in a process of its own so its peak memory is the
 * function's work alone: the CSV on disk read in 64 KB pieces through the audiences function's CustomerRowHasher
 * (Meta's normalisation and SHA-256 of every mapped column). `hash` stops there; `upload` does what the function
 * does with the rows as they come: sends them to the sandbox's `/{audience_id}/users` with the function's
 * sendUserBatches (requests of 10,000 in one upload session) and collects the hashes it keeps for a refresh.
 * `async` runs the customer-list worker itself (lambdas/customer-list-worker) on the file as the bucket would stream
 * it (64 KB pieces): the audience made on the sandbox, requests of 10,000 in one session, progress after each, the
 * hashes kept (their object's size counted, not stored), the file "deleted".
 * Prints one JSON line: rows, bytes, seconds, and the process's peak RSS.
 */
import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { processCustomerListJob } from '@lambdas/customer-list-worker/process-upload';
import { StringDecoder } from 'node:string_decoder';
import { HashSnapshotBuilder } from '@lambdas/lib/customer-lists/customer-hash-snapshot';
import { CustomerRowHasher, type CustomerRowsPlan, type HashedRow } from '@lambdas/lib/customer-lists/customer-rows';
import { sendUserBatches, takeBatch } from '@lambdas/lib/customer-lists/send-user-batches';
import { createGraphClient } from '@lambdas/lib/meta/graph-client';
import type { MetaSession } from '@lambdas/lib/meta-session/session';

const [mode, csvPath, graphUrl, token, appSecret, audienceId] = process.argv.slice(2);
const PIECE_BYTES = 64 * 1024;
const BENCH_MAPPING = {
  email: 'em',
  phone: 'ph',
  first_name: 'fn',
  last_name: 'ln',
  city: 'ct',
  country: 'country',
  customer_id: 'external_id',
} as const;

/** The file's hashed rows, read synchronously a piece at a time (sendUserBatches pulls rows between its requests). */
function* rowsOf(path: string, hasher: CustomerRowHasher): Generator<HashedRow> {
  const fd = openSync(path, 'r');
  const decoder = new StringDecoder('utf8');
  const piece = Buffer.alloc(PIECE_BYTES);
  try {
    for (let read = readSync(fd, piece); read > 0; read = readSync(fd, piece))
      yield* hasher.push(decoder.write(piece.subarray(0, read)));
    yield* hasher.push(decoder.end());
    yield* hasher.end();
  } finally {
    closeSync(fd);
  }
}

/** The worker's whole path on the file, its bucket faked in memory around a stream of the file on disk. */
async function asyncPath(): Promise<unknown> {
  const [, , , , , adAccountId] = process.argv.slice(2);
  const uploadId = '00000000-0000-4000-8000-0000000000be';
  const stateKey = `uploads/bench/${uploadId}/state.json`;
  let state = JSON.stringify({
    progress: {
      uploadId,
      adAccountId,
      name: 'Bench customers (async)',
      state: 'queued',
      percent: 0,
      rows: 0,
      sent: 0,
      invalid: 0,
      batches: 0,
      updatedAt: new Date().toISOString(),
    },
    settings: {
      mapping: BENCH_MAPPING,
      defaultCountry: 'US',
      size: statSync(csvPath!).size,
      uploader: { id: 'bench', owner: true },
    },
  });
  let hashBytes = 0;
  let progressWrites = 0;
  const s3 = {
    send: async (command: unknown) => {
      if (command instanceof GetObjectCommand) {
        if (command.input.Key === stateKey) return { Body: { transformToString: async () => state } };
        return { Body: createReadStream(csvPath!, { highWaterMark: PIECE_BYTES }) };
      }
      if (command instanceof PutObjectCommand) {
        if (command.input.Key === stateKey) {
          state = String(command.input.Body);
          progressWrites += 1;
        } else hashBytes = (command.input.Body as Buffer).length;
        return {};
      }
      if (command instanceof DeleteObjectCommand) return {};
      throw new Error('unexpected S3 call');
    },
  } as unknown as S3Client;
  const graph = createGraphClient({ baseUrl: graphUrl!, version: 'v26.0', appSecret: appSecret!, accessToken: token! });
  const started = performance.now();
  await processCustomerListJob(
    { workspaceId: 'bench', uploadId },
    {
      uploads: { s3, bucket: 'bench' },
      hashes: { s3, bucket: 'bench' },
      audit: { doc: { send: async () => ({}) } as never, table: 'audit' },
      graphFor: async () => graph,
      facebookBaseUrl: graphUrl!,
      now: () => new Date(),
    },
  );
  const seconds = (performance.now() - started) / 1000;
  const progress = (JSON.parse(state) as { progress: Record<string, unknown> }).progress;
  if (progress.state !== 'done')
    throw new Error(`the worker ended ${String(progress.state)}: ${JSON.stringify(progress.error)}`);
  return {
    mode,
    rows: progress.rows,
    hashed: progress.sent,
    unusable: 0,
    bytes: statSync(csvPath!).size,
    seconds,
    sent: progress.sent,
    invalid: progress.invalid,
    batches: progress.batches,
    kept: hashBytes,
    progressWrites,
    peakRssMB: process.resourceUsage().maxRSS / 1024,
  };
}

async function main(): Promise<unknown> {
  if (mode === 'async') return asyncPath();
  const outcome = { read: 0, unusable: 0 };
  let plan: CustomerRowsPlan | undefined;
  const hasher = new CustomerRowHasher(
    { mapping: BENCH_MAPPING, defaultCountry: 'US' },
    { onPlan: (found) => (plan = found) },
    outcome,
  );
  const rows = rowsOf(csvPath!, hasher);
  const started = performance.now();
  let hashed = 0;
  let sent = 0;
  let batches = 0;
  let kept = 0;
  let invalid = 0;
  if (mode === 'hash') {
    for (const row of rows) if (row.length > 0) hashed += 1;
  } else {
    const graph = createGraphClient({
      baseUrl: graphUrl!,
      version: 'v26.0',
      appSecret: appSecret!,
      accessToken: token!,
    });
    const snapshot: { builder?: HashSnapshotBuilder } = {};
    function* keptRows(): Generator<HashedRow> {
      for (const row of rows) {
        snapshot.builder ??= new HashSnapshotBuilder(plan!.schema);
        snapshot.builder.add(row);
        hashed += 1;
        yield row;
      }
    }
    const iterator = keptRows();
    // The header is read with the first rows: the schema is known once the first batch is taken.
    const first = takeBatch(iterator);
    const result = await sendUserBatches(
      { graph } as Pick<MetaSession, 'graph'> as MetaSession,
      { audienceId: audienceId!, operation: 'add', schema: plan!.schema, estimatedTotal: first.length },
      iterator,
      first,
    );
    sent = result.sent;
    invalid = result.invalid;
    batches = result.batches;
    kept = (snapshot.builder ?? new HashSnapshotBuilder(plan!.schema)).build().count;
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    mode,
    rows: outcome.read,
    hashed,
    unusable: outcome.unusable,
    bytes: statSync(csvPath!).size,
    seconds,
    sent,
    invalid,
    batches,
    kept,
    peakRssMB: process.resourceUsage().maxRSS / 1024,
  };
}

main().then(
  (line) => {
    console.log(JSON.stringify(line));
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? `Error: ${error.message}` : error);
    process.exit(1);
  },
);
