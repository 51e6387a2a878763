/**
 * Issue 30, req 6: hashing and upload throughput for a customer list of ROWS rows (1,000,000 in the full bench),
 * with peak memory. The CSV (email, phone, names, city, country, customer id, as the Audiences screen maps them;
 * emails in mixed case with spaces, phones formatted, one row in twenty with only the customer id) is written to a
 * temporary file; a Meta sandbox runs in this process with the demo user signed in and the Custom Audience terms
 * accepted. Each measurement runs in a worker process of its own (customer-list-worker.ts), reading the file in
 * 64 KB pieces, so its peak RSS is the function's work and shows the list was never held whole:
 * `hash` (normalise and hash only) and `upload` (hash, send in requests of 10,000 to the sandbox's
 * `/{audience_id}/users`, collect the hashes kept for a refresh) and `async` (the customer-list worker's whole path,
 * lambdas/customer-list-worker, on the file streamed as the bucket streams it). Prints one JSON line.
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { startMetaSandbox } from '@infra/twin/meta-sandbox/server';
import { APP_ID, APP_SECRET, graph, login, proof } from '../integration/meta-sandbox/sandbox-client';
import { runProbe } from './meta-probe-session';

const ROWS = Number(process.argv[2] ?? 1_000_000);
const FIRST = ['Ana', 'José', 'Mary', 'Kenji', 'Olivia', 'Liam', 'Zoë', 'Noah'];
const LAST = ['García', 'Smith', 'Tanaka', "O'Brien", 'Müller', 'Nguyen', 'Johnson'];
const CITIES = ['New York', 'Austin', 'San Francisco', 'Chicago', 'Denver', 'Seattle'];

async function writeCsv(file: string, rows: number): Promise<number> {
  const out = createWriteStream(file);
  let bytes = 0;
  const write = async (text: string) => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('email,phone,first_name,last_name,city,country,customer_id\n');
  let lines = '';
  for (let i = 0; i < rows; i++) {
    const blank = i % 20 === 7;
    const email = blank ? '' : i % 3 === 0 ? ` Customer.${i}@Example.COM ` : `customer${i}@example.com`;
    const phone = blank
      ? ''
      : i % 2 === 0
        ? `(212) 555-${String(i % 10_000).padStart(4, '0')}`
        : `+1 415 ${1_000_000 + i}`;
    lines += `${email},${phone},${FIRST[i % FIRST.length]},${LAST[i % LAST.length]},${CITIES[i % CITIES.length]},US,C${i}\n`;
    if (lines.length > 256 * 1024) {
      await write(lines);
      lines = '';
    }
  }
  await write(lines);
  out.end();
  await once(out, 'finish');
  return bytes;
}

interface WorkerFigure {
  rows: number;
  hashed: number;
  unusable: number;
  bytes: number;
  seconds: number;
  sent: number;
  invalid: number;
  batches: number;
  kept: number;
  peakRssMB: number;
}

function runWorker(args: string[]): Promise<WorkerFigure> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'customer-list-worker.ts'), ...args],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, POWERTOOLS_LOG_LEVEL: 'ERROR' } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => {
      const line = stdout.trim().split('\n').pop() ?? '';
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line) as WorkerFigure);
      else reject(new Error(`worker ${args[0]} failed: ${stderr.trim().split('\n').slice(-3).join(' ')}`));
    });
  });
}

const perSecond = (count: number, seconds: number) => Math.round(count / seconds);
const mbPerSecond = (bytes: number, seconds: number) => Number((bytes / 1024 / 1024 / seconds).toFixed(1));

runProbe(async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'adsmith-bench-customers-'));
  const csv = path.join(dir, 'customers.csv');
  const sandbox = await startMetaSandbox({ port: 0, appId: APP_ID, appSecret: APP_SECRET, faults: {} });
  try {
    const bytes = await writeCsv(csv, ROWS);
    const token = await login(sandbox);
    const auth = { access_token: token, appsecret_proof: proof(token) };
    const accounts = await graph(sandbox, '/v26.0/me/adaccounts', { ...auth, fields: 'id' });
    const account = accounts.body.data[0].id as string;
    await fetch(`${sandbox.url}/customaudiences/app/tos/?act=${account.replace(/^act_/, '')}`, { method: 'POST' });
    const created = await graph(
      sandbox,
      `/v26.0/${account}/customaudiences`,
      { ...auth, name: 'Bench customers', subtype: 'CUSTOM', customer_file_source: 'USER_PROVIDED_ONLY' },
      { method: 'POST' },
    );
    if (created.status !== 200) throw new Error(`audience: ${JSON.stringify(created.body)}`);
    const audienceId = created.body.id as string;

    const hash = await runWorker(['hash', csv]);
    const upload = await runWorker(['upload', csv, sandbox.url, token, APP_SECRET, audienceId]);
    const asynchronous = await runWorker(['async', csv, sandbox.url, token, APP_SECRET, account]);
    const size = await graph(sandbox, `/v26.0/${audienceId}`, {
      ...auth,
      fields: 'approximate_count_lower_bound,approximate_count_upper_bound',
    });
    return {
      rows: ROWS,
      csvMB: Number((bytes / 1024 / 1024).toFixed(1)),
      unusable: hash.unusable,
      hash: {
        seconds: Number(hash.seconds.toFixed(2)),
        rowsPerSecond: perSecond(hash.rows, hash.seconds),
        mbPerSecond: mbPerSecond(bytes, hash.seconds),
        peakRssMB: Math.round(hash.peakRssMB),
      },
      upload: {
        seconds: Number(upload.seconds.toFixed(2)),
        rowsPerSecond: perSecond(upload.rows, upload.seconds),
        mbPerSecond: mbPerSecond(bytes, upload.seconds),
        peakRssMB: Math.round(upload.peakRssMB),
        requests: upload.batches,
        sent: upload.sent,
        invalid: upload.invalid,
        keptHashes: upload.kept,
      },
      async: {
        seconds: Number(asynchronous.seconds.toFixed(2)),
        rowsPerSecond: perSecond(asynchronous.rows, asynchronous.seconds),
        mbPerSecond: mbPerSecond(bytes, asynchronous.seconds),
        peakRssMB: Math.round(asynchronous.peakRssMB),
        requests: asynchronous.batches,
        sent: asynchronous.sent,
        invalid: asynchronous.invalid,
        keptHashesMB: Number((asynchronous.kept / 1024 / 1024).toFixed(1)),
      },
      audienceSize: [size.body.approximate_count_lower_bound, size.body.approximate_count_upper_bound],
    };
  } finally {
    await sandbox.stop();
    await rm(dir, { recursive: true, force: true });
  }
});
