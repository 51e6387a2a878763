import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { defineTool, runToolCall } from '@lambdas/lib/agent/tool-registry';

describe('a tool defined for the agent', () => {
  it('builds its argument schema when a call is first parsed, once, not when defined', async () => {
    let built = 0;
    const tool = defineTool({
      name: 'list_rules',
      description: 'Counts its schema builds',
      kind: 'read',
      args: () => {
        built += 1;
        return z.object({ days: z.number().int().max(30) }).strict();
      },
      run: async (args) => ({ ok: true, summary: `days ${args.days}` }),
    });
    expect(built).toBe(0);
    await expect(runToolCall([tool], { name: 'list_rules', arguments: '{"days":7}' }, {})).resolves.toEqual({
      ok: true,
      summary: 'days 7',
    });
    await expect(runToolCall([tool], { name: 'list_rules', arguments: '{"days":31}' }, {})).resolves.toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Invalid arguments: days: /),
    });
    expect(built).toBe(1);
    expect(tool.args).toBe(tool.args);
  });
});
