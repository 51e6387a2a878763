/**
 * Every Graph call the sandbox answered, so tests and benchmarks can count
 * calls (`GET /__admin/calls`). Secrets are never logged.
 */

export interface CallRecord {
  seq: number;
  at: string;
  method: string;
  path: string;
  params: Record<string, string>;
  status: number;
  accountId?: string;
  errorCode?: number;
  durationMs: number;
}

const SECRET_PARAMS = new Set([
  'access_token',
  'appsecret_proof',
  'client_secret',
  'fb_exchange_token',
  'code',
  'input_token',
]);
const MAX_KEPT = 10_000;

export class CallLog {
  private records: CallRecord[] = [];
  private total = 0;

  record(entry: Omit<CallRecord, 'seq' | 'params'> & { params: Record<string, string> }): void {
    this.total += 1;
    const params = Object.fromEntries(Object.entries(entry.params).filter(([key]) => !SECRET_PARAMS.has(key)));
    this.records.push({ ...entry, params, seq: this.total });
    if (this.records.length > MAX_KEPT) this.records = this.records.slice(-MAX_KEPT);
  }

  snapshot(): { count: number; calls: CallRecord[] } {
    return { count: this.total, calls: [...this.records] };
  }

  clear(): void {
    this.records = [];
    this.total = 0;
  }
}
