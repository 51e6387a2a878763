import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { scheduleAdminHandler, ScheduledRuns, scheduledFunctionNames } from '@infra/twin/schedule-ticks';

describe('ScheduledRuns', () => {
  it("invokes with Scheduler's event and refuses a function without a schedule", async () => {
    const calls: { fn: string; event: { source: string; 'detail-type': string } }[] = [];
    const runs = new ScheduledRuns(async (fn, event) => {
      calls.push({ fn, event: event as (typeof calls)[number]['event'] });
      return { ok: true };
    });
    expect(await runs.run('reports-sender')).toEqual({ ok: true });
    expect(calls).toEqual([
      {
        fn: 'reports-sender',
        event: expect.objectContaining({ source: 'aws.scheduler', 'detail-type': 'Scheduled Event' }),
      },
    ]);
    await expect(runs.run('reports')).rejects.toThrow('reports has no schedule');
  });

  it('never overlaps two runs of one function: a run now waits for the one in progress', async () => {
    const order: string[] = [];
    let release!: () => void;
    const runs = new ScheduledRuns(async (_fn, event) => {
      const id = (event as { id: string }).id;
      order.push(`start ${id}`);
      if (order.length === 1) await new Promise<void>((resolve) => (release = resolve));
      order.push(`end ${id}`);
      return id;
    });
    const first = runs.run('reports-sender');
    expect(runs.isRunning('reports-sender')).toBe(true);
    const second = runs.run('reports-sender');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toHaveLength(1);
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(order).toEqual([`start ${a}`, `end ${a}`, `start ${b}`, `end ${b}`]);
    expect(runs.isRunning('reports-sender')).toBe(false);
  });
});

describe('scheduleAdminHandler', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function start(runs: ScheduledRuns): Promise<string> {
    server = createServer(scheduleAdminHandler(runs, (_req, res) => res.writeHead(418).end()));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('lists the scheduled functions, runs one on POST, 404 for others, passes other paths on', async () => {
    const url = await start(new ScheduledRuns(async (fn) => ({ ran: fn })));
    const listed = await (await fetch(`${url}/__admin/schedules`)).json();
    expect(listed.schedules.map((s: { function: string }) => s.function)).toEqual(scheduledFunctionNames());
    expect(scheduledFunctionNames()).toContain('reports-sender');
    const ran = await fetch(`${url}/__admin/schedules/reports-sender/run`, { method: 'POST' });
    expect(ran.status).toBe(200);
    expect(await ran.json()).toEqual({ function: 'reports-sender', result: { ran: 'reports-sender' } });
    expect((await fetch(`${url}/__admin/schedules/reports/run`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${url}/__admin/schedules/reports-sender/run`)).status).toBe(405);
    expect((await fetch(`${url}/`, { method: 'POST' })).status).toBe(418);
  });

  it('answers 502 with the reason when the run fails', async () => {
    const url = await start(
      new ScheduledRuns(async () => {
        throw new Error('boom');
      }),
    );
    const failed = await fetch(`${url}/__admin/schedules/reports-sender/run`, { method: 'POST' });
    expect(failed.status).toBe(502);
    expect((await failed.json()).message).toContain('boom');
  });
});
