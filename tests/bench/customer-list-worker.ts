/**
 * One side of the customer-list bench (customer-list-probe.ts), in a process of its own so its peak memory is the
 * function's work alone: the CSV on disk read in 64 KB pieces through the audiences function's CustomerRowHasher
 * (Meta's normalisation and SHA-256 of every mapped column). `hash` stops there; `upload` does what the function
 * does with the rows as they come: sends them to the sandbox's `/{audience_id}/users` with the function's
 * sendUserBatches (requests of 10,000 in one upload session) and collects the hashes it keeps for a refresh.
 * Prints one JSON line: rows, bytes, seconds, and the process's peak RSS.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
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

async function main(): Promise<unknown> {
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
