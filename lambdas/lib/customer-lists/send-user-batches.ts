import { randomInt } from 'node:crypto';
import * as z from 'zod';
import type { MetaSession } from '../meta-session/session';
import type { HashedRow } from './customer-rows';

/**
 * Rows going to `/{audience_id}/users` in requests of at most 10,000 ("only a maximum of 10000 at a time",
 * developers.facebook.com/docs/marketing-api/reference/custom-audience/users) that share one upload session
 * (`session_id`, `batch_seq` from 1, `last_batch_flag` on the last, `estimated_num_total`). Removals are the same
 * request sent with Graph's `method=DELETE` override on a POST: 10,000 rows of hashes are megabytes, too long for
 * the query string a DELETE carries its parameters in.
 */
export const ROWS_PER_REQUEST = 10_000;

const UsersReplySchema = z.object({
  num_received: z.number().int(),
  num_invalid_entries: z.number().int(),
});

export interface BatchOutcome {
  sent: number;
  invalid: number;
  batches: number;
}

export function takeBatch(rows: Iterator<HashedRow>): HashedRow[] {
  const batch: HashedRow[] = [];
  while (batch.length < ROWS_PER_REQUEST) {
    const next = rows.next();
    if (next.done) break;
    batch.push(next.value);
  }
  return batch;
}

export interface UserUploadRequest {
  audienceId: string;
  operation: 'add' | 'remove';
  schema: string[];
  estimatedTotal: number;
}

/**
 * One upload session of `/{audience_id}/users`, fed a batch at a time by a caller that knows which batch is the
 * last (a stream read from a bucket, or the rows of a request body).
 */
export class UserUploadSession {
  readonly outcome: BatchOutcome = { sent: 0, invalid: 0, batches: 0 };
  private readonly sessionId = randomInt(1, 2 ** 47);

  constructor(
    private readonly graph: Pick<MetaSession['graph'], 'post'>,
    private readonly request: UserUploadRequest,
  ) {}

  async send(batch: HashedRow[], last: boolean): Promise<BatchOutcome> {
    const { request, outcome } = this;
    const reply = await this.graph.post(
      `${request.audienceId}/users`,
      {
        ...(request.operation === 'remove' ? { method: 'DELETE' } : {}),
        payload: { schema: request.schema, data: batch },
        session: {
          session_id: this.sessionId,
          batch_seq: outcome.batches + 1,
          last_batch_flag: last,
          estimated_num_total: Math.max(request.estimatedTotal, outcome.sent + batch.length),
        },
      },
      UsersReplySchema,
    );
    outcome.batches += 1;
    outcome.sent += reply.num_received;
    outcome.invalid += reply.num_invalid_entries;
    return outcome;
  }
}

/** Sends every row of `rows` (`first` already taken from it, so a caller can look before Meta is asked). */
export async function sendUserBatches(
  session: MetaSession,
  request: UserUploadRequest,
  rows: Iterator<HashedRow>,
  first: HashedRow[] = takeBatch(rows),
): Promise<BatchOutcome> {
  const upload = new UserUploadSession(session.graph, request);
  let batch = first;
  while (batch.length > 0) {
    const next = takeBatch(rows);
    await upload.send(batch, next.length === 0);
    batch = next;
  }
  return upload.outcome;
}
