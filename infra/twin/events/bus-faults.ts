import type { RequestListener } from 'node:http';
import * as z from 'zod';
import { operationFromTarget, sendAwsJson } from '../aws-json/aws-json-protocol';
import { readBody, sendJson } from '../http-io';

/**
 * A fault switch in front of the local EventBridge, so tests can take the bus down and bring it
 * back: `POST /__admin/faults {"unavailable": true}` makes every PutEvents answer as EventBridge
 * does in an outage (HTTP 500, `InternalException`); `{"unavailable": false}` or
 * `DELETE /__admin/faults` restores it. Everything else passes to the bus untouched.
 */
const BusFaultsSchema = z.object({ unavailable: z.boolean() }).strict();

export function withBusFaults(bus: RequestListener): RequestListener {
  let unavailable = false;
  return (req, res) => {
    if (req.url === '/__admin/faults') {
      if (req.method === 'GET') return sendJson(res, 200, { unavailable });
      if (req.method === 'DELETE') {
        unavailable = false;
        return sendJson(res, 200, { unavailable });
      }
      if (req.method === 'POST') {
        void readBody(req, 4096).then(
          (body) => {
            const parsed = BusFaultsSchema.safeParse(JSON.parse(body.toString('utf8') || '{}'));
            if (!parsed.success) return sendJson(res, 400, { message: 'Expected {"unavailable": boolean}' });
            unavailable = parsed.data.unavailable;
            return sendJson(res, 200, { unavailable });
          },
          () => sendJson(res, 400, { message: 'Bad faults request' }),
        );
        return;
      }
    }
    if (unavailable && req.method === 'POST' && operationFromTarget(req.headers['x-amz-target'], 'AWSEvents')) {
      // Drain the body so the client sees a clean reply, not a reset connection.
      req.resume();
      return sendAwsJson(res, 500, { __type: 'InternalException', message: 'Internal service error (fault switch).' });
    }
    return bus(req, res);
  };
}
