import { formatGraphTime } from './calendar.js';
import { GraphError, invalidParameter, nonexistingField } from './graph-error.js';
import type { InsightsRow } from './insights-report.js';
import type { Json } from './read-context.js';
import type { AdAccount } from './world.js';

/**
 * Asynchronous insights report runs, as Meta runs them for big requests:
 * `POST /{node}/insights` answers `{report_run_id}`, `GET /{report_run_id}`
 * reports `async_status` and `async_percent_completion`, and once the status is
 * "Job Completed" `GET /{report_run_id}/insights` pages through the rows.
 *
 * The parameters are validated and the rows computed when the run is created
 * (Meta refuses bad parameters at once too); progress moves on each status
 * read, so a client sees "Job Not Started" → "Job Started" → "Job Running" →
 * "Job Completed" without waiting on a clock. A run can end in "Job Failed"
 * (the `asyncJobFail` fault switch), as Meta's sometimes do.
 */

export type AsyncStatus = 'Job Not Started' | 'Job Started' | 'Job Running' | 'Job Completed' | 'Job Failed';

export interface ReportRun {
  id: string;
  account: AdAccount;
  rows: InsightsRow[];
  dateStart: string;
  dateStop: string;
  createdAt: Date;
  completedAt?: Date;
  /** Status reads so far: each one moves the job on. */
  reads: number;
  willFail: boolean;
}

/** Fields of the AdReportRun node the sandbox reports. */
const REPORT_RUN_FIELDS = [
  'id',
  'account_id',
  'async_percent_completion',
  'async_status',
  'date_start',
  'date_stop',
  'emails',
  'friendly_name',
  'is_bookmarked',
  'is_running',
  'schedule_id',
  'time_completed_report_run',
  'time_ref',
  'time_start',
] as const;

/** Status reads a run takes to complete (the first read finds it started). */
export const READS_TO_COMPLETE = 3;
/** A failing run stops here, as Meta's failed jobs report how far they got. */
const FAILED_AT_PERCENT = 43;

export class ReportRuns {
  private readonly runs = new Map<string, ReportRun>();
  private sequence = 0;

  /** `shouldFail` is the `asyncJobFail` fault switch: true when this run must end in "Job Failed". */
  constructor(
    private readonly now: () => Date,
    private readonly shouldFail: () => boolean = () => false,
  ) {}

  create(account: AdAccount, rows: InsightsRow[], range: { since: string; until: string }): ReportRun {
    this.sequence += 1;
    const id = `6${100_000_000_000_000 + this.sequence}`;
    const willFail = this.shouldFail();
    const run: ReportRun = {
      id,
      account,
      rows,
      dateStart: range.since,
      dateStop: range.until,
      createdAt: this.now(),
      reads: 0,
      willFail,
    };
    this.runs.set(id, run);
    return run;
  }

  get(id: string): ReportRun | undefined {
    return this.runs.get(id);
  }

  clear(): void {
    this.runs.clear();
  }

  /** One status read: moves the job on, then describes it. */
  read(run: ReportRun): { status: AsyncStatus; percent: number } {
    run.reads += 1;
    const state = progress(run);
    if ((state.status === 'Job Completed' || state.status === 'Job Failed') && !run.completedAt) {
      run.completedAt = this.now();
    }
    return state;
  }
}

/** Where a run stands after its reads so far (without moving it). */
export function progress(run: ReportRun): { status: AsyncStatus; percent: number } {
  const percent = Math.min(100, Math.round(((run.reads - 1) / (READS_TO_COMPLETE - 1)) * 100));
  if (run.reads <= 0) return { status: 'Job Not Started', percent: 0 };
  if (run.willFail && percent >= FAILED_AT_PERCENT) return { status: 'Job Failed', percent: FAILED_AT_PERCENT };
  if (percent >= 100) return { status: 'Job Completed', percent: 100 };
  return { status: run.reads === 1 ? 'Job Started' : 'Job Running', percent };
}

/** The AdReportRun node with the requested fields (all of them by default). */
export function renderReportRun(run: ReportRun, state: { status: AsyncStatus; percent: number }, fields?: string[]) {
  const wanted = fields ?? [...REPORT_RUN_FIELDS];
  for (const field of wanted) {
    if (!(REPORT_RUN_FIELDS as readonly string[]).includes(field)) throw nonexistingField(field, 'AdReportRun');
  }
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  const values: Record<string, unknown> = {
    id: run.id,
    account_id: run.account.accountId,
    async_percent_completion: state.percent,
    async_status: state.status,
    date_start: run.dateStart,
    date_stop: run.dateStop,
    emails: [],
    friendly_name: `Insights report ${formatGraphTime(run.createdAt, run.account.timezoneName)}`,
    is_bookmarked: false,
    is_running: state.status !== 'Job Completed' && state.status !== 'Job Failed',
    schedule_id: '0',
    time_completed_report_run: run.completedAt ? seconds(run.completedAt) : undefined,
    time_ref: seconds(run.createdAt),
    time_start: seconds(run.createdAt),
  };
  const out: Json = {};
  for (const field of wanted) if (values[field] !== undefined) out[field] = values[field];
  out.id = run.id;
  return out;
}

/** Reading the rows of a run that is not finished, or that failed. */
export function reportNotReady(run: ReportRun): GraphError {
  const state = progress(run);
  if (state.status === 'Job Failed') {
    return new GraphError(500, {
      message: 'The report run failed. Please create a new report run, or ask for less data.',
      type: 'OAuthException',
      code: 2,
      error_subcode: 2490547,
      is_transient: false,
    });
  }
  return invalidParameter(
    `(#100) The report run ${run.id} is not completed yet (async_status: ${state.status}); read it once it is Job Completed`,
  );
}
