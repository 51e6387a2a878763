import { runProbe } from './run-probe';

interface Pass {
  seconds: number;
  rowsPerSecond: number;
  mbPerSecond: number;
  peakRssMB: number;
}

export interface CustomerListFigure {
  rows: number;
  csvMB?: number;
  hash?: Pass;
  upload?: Pass & { requests: number; sent: number; invalid: number; keptHashes: number };
  /** The customer-list worker's whole path (the bucket's stream, progress, the hashes kept). */
  async?: Pass & { requests: number; sent: number; invalid: number; keptHashesMB: number };
  audienceSize?: [number, number];
  error?: string;
}

/**
 * Issue 30, req 6: a customer list of `rows` rows read from disk in pieces, normalised and SHA-256 hashed as the
 * audiences function does it, then uploaded to the Meta sandbox in requests of 10,000 (customer-list-probe.ts).
 */
export function measureCustomerList(rows: number): CustomerListFigure {
  console.log(
    `\ncustomer list: ${rows.toLocaleString('en')} rows read in 64 KB pieces, hashed, uploaded to the sandbox`,
  );
  const outcome = runProbe<CustomerListFigure>('customer-list-probe.ts', [rows]);
  if ('error' in outcome) {
    console.log(`  FAILED: ${outcome.error}`);
    return { rows, error: outcome.error };
  }
  const f = outcome.figure;
  const line = (p: Pass) =>
    `${p.seconds.toFixed(1)} s   ${p.rowsPerSecond.toLocaleString('en')} rows/s   ${p.mbPerSecond} MB/s   peak RSS ${p.peakRssMB} MB`;
  console.log(`  CSV ${f.csvMB} MB`);
  console.log(`  hash only          ${line(f.hash!)}`);
  console.log(
    `  hash + upload      ${line(f.upload!)}   (${f.upload!.requests} requests, ${f.upload!.sent} received, ${f.upload!.invalid} invalid, ${f.upload!.keptHashes} hashes kept for refresh)`,
  );
  console.log(
    `  async worker       ${line(f.async!)}   (${f.async!.requests} requests, ${f.async!.sent} received, hashes kept ${f.async!.keptHashesMB} MB)`,
  );
  return f;
}
