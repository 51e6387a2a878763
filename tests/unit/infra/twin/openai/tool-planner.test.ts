import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_TOOL_NAMES } from '@shared/schemas/agent';
import { startOfflineModel, type OfflineModel } from '@infra/twin/openai/offline-model-server';

let model: OfflineModel;
let client: OpenAI;

beforeAll(async () => {
  model = await startOfflineModel({ port: 0, host: '127.0.0.1' });
  client = new OpenAI({ apiKey: 'sk-test-offline', baseURL: model.baseUrl, maxRetries: 0 });
});
afterAll(() => model.stop());

const tools: ChatCompletionTool[] = AGENT_TOOL_NAMES.map((name) => ({
  type: 'function',
  function: { name, description: name, parameters: { type: 'object', properties: {} } },
}));

const ask = (question: string): ChatCompletionMessageParam[] => [
  { role: 'system', content: 'You are the Adsmith agent.' },
  { role: 'user', content: question },
];

describe('tool calling on the offline model, in OpenAI’s shape', () => {
  it('answers a question about results with tool_calls and finish_reason tool_calls', async () => {
    const reply = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: ask('Why did my cost per purchase jump last week?'),
      tools,
    });
    const choice = reply.choices[0]!;
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.content).toBeNull();
    const call = choice.message.tool_calls![0]!;
    expect(call).toMatchObject({ type: 'function', function: { name: 'get_insights' } });
    expect(call.id).toMatch(/^call_/);
    expect(JSON.parse(call.type === 'function' ? call.function.arguments : '')).toEqual({
      level: 'campaign',
      datePreset: 'last_7d',
    });
  });

  it('plans the same calls for the same conversation (deterministic ids too)', async () => {
    const once = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: ask('rules?'), tools });
    const twice = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: ask('rules?'), tools });
    expect(twice.choices[0]!.message.tool_calls).toEqual(once.choices[0]!.message.tool_calls);
  });

  it('calls several tools at once, and only one when parallel_tool_calls is false', async () => {
    const question = ask('Show my rules and the audit trail');
    const parallel = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: question, tools });
    expect(parallel.choices[0]!.message.tool_calls!.map((c) => (c.type === 'function' ? c.function.name : ''))).toEqual(
      ['list_rules', 'list_audit_trail'],
    );
    const single = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: question,
      tools,
      parallel_tool_calls: false,
    });
    expect(single.choices[0]!.message.tool_calls).toHaveLength(1);
  });

  it('streams the calls as deltas the SDK assembles into the same message', async () => {
    const stream = client.chat.completions.stream({
      model: 'gpt-4o-mini',
      messages: ask('Cut the budget of my worst campaign by 30%'),
      tools,
    });
    const chunks: unknown[] = [];
    stream.on('chunk', (chunk) => chunks.push(chunk));
    const final = await stream.finalChatCompletion();
    expect(final.choices[0]!.finish_reason).toBe('tool_calls');
    const call = final.choices[0]!.message.tool_calls![0]!;
    expect(call.type === 'function' && call.function.name).toBe('get_insights');
    // The first delta of a call names it; the later ones carry only pieces of the arguments.
    const deltas = chunks.flatMap(
      (chunk) =>
        (chunk as { choices: Array<{ delta: { tool_calls?: unknown[] } }> }).choices[0]?.delta.tool_calls ?? [],
    );
    expect(deltas[0]).toMatchObject({ index: 0, id: call.id, type: 'function', function: { arguments: '' } });
    expect(deltas.length).toBeGreaterThan(2);
    expect(deltas[1]).not.toHaveProperty('id');
  });

  it('proposes on the worst campaign once the insights are back, then answers from the results', async () => {
    const question = ask('Cut the budget of my worst campaign by 30%');
    const first = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: question, tools });
    const read = first.choices[0]!.message;
    const rows = [
      { id: '111', name: 'Spring sale', level: 'campaign', spend: 120, costPerResult: 12.5 },
      { id: '222', name: 'Retargeting', level: 'campaign', spend: 80, costPerResult: 31.2 },
    ];
    const afterRead: ChatCompletionMessageParam[] = [
      ...question,
      { role: 'assistant', content: null, tool_calls: read.tool_calls },
      {
        role: 'tool',
        tool_call_id: read.tool_calls![0]!.id,
        content: JSON.stringify({ ok: true, summary: '2 campaigns', data: { rows } }),
      },
    ];
    const second = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: afterRead, tools });
    const propose = second.choices[0]!.message.tool_calls![0]!;
    expect(propose.type === 'function' && propose.function.name).toBe('propose_budget_change');
    expect(JSON.parse(propose.type === 'function' ? propose.function.arguments : '')).toEqual({
      level: 'campaign',
      objectId: '222',
      changePercent: -30,
    });
    const final = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [
        ...afterRead,
        { role: 'assistant', content: null, tool_calls: second.choices[0]!.message.tool_calls },
        {
          role: 'tool',
          tool_call_id: propose.id,
          content: JSON.stringify({ ok: true, summary: 'Proposed: Retargeting from 50.00 to 35.00 a day.' }),
        },
      ],
      tools,
    });
    expect(final.choices[0]!.finish_reason).toBe('stop');
    expect(final.choices[0]!.message.content).toContain('Retargeting from 50.00 to 35.00 a day');
  });

  it('proposes a pause on the worst campaign still running, not on one already paused', async () => {
    const question = ask('Pause my worst campaign');
    const first = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: question, tools });
    const read = first.choices[0]!.message;
    const rows = [
      { id: '111', name: 'Spring sale', level: 'campaign', status: 'ACTIVE', spend: 120, costPerResult: 12.5 },
      { id: '222', name: 'Retargeting', level: 'campaign', status: 'PAUSED', spend: 80, costPerResult: 31.2 },
      { id: '333', name: 'Prospecting', level: 'campaign', status: 'ACTIVE', spend: 60, costPerResult: 18 },
    ];
    const second = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [
        ...question,
        { role: 'assistant', content: null, tool_calls: read.tool_calls },
        {
          role: 'tool',
          tool_call_id: read.tool_calls![0]!.id,
          content: JSON.stringify({ ok: true, summary: '3 campaigns', data: { rows } }),
        },
      ],
      tools,
    });
    const propose = second.choices[0]!.message.tool_calls![0]!;
    expect(JSON.parse(propose.type === 'function' ? propose.function.arguments : '')).toEqual({
      level: 'campaign',
      objectId: '333',
      status: 'PAUSED',
    });
  });

  it('leaves the customer list out of the campaign a question names, after reading audiences and campaigns', async () => {
    const question = ask('Exclude my customers from the prospecting campaign');
    const first = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: question, tools });
    const reads = first.choices[0]!.message.tool_calls!;
    expect(reads.map((c) => (c.type === 'function' ? c.function.name : ''))).toEqual([
      'list_audiences',
      'get_insights',
    ]);
    const audiences = [
      { id: '238500000000002', name: 'Like my customers (US, 1 %)', kind: 'lookalike' },
      { id: '238500000000001', name: 'Demo customers', kind: 'customer list' },
    ];
    const rows = [
      { id: '111', name: 'Spring sale', level: 'campaign', spend: 120, costPerResult: 12.5 },
      { id: '333', name: 'US Prospecting', level: 'campaign', spend: 60, costPerResult: 18 },
    ];
    const second = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [
        ...question,
        { role: 'assistant', content: null, tool_calls: reads },
        {
          role: 'tool',
          tool_call_id: reads[0]!.id,
          content: JSON.stringify({ ok: true, summary: '2 audiences', data: { audiences } }),
        },
        {
          role: 'tool',
          tool_call_id: reads[1]!.id,
          content: JSON.stringify({ ok: true, summary: '2 campaigns', data: { rows } }),
        },
      ],
      tools,
    });
    const propose = second.choices[0]!.message.tool_calls![0]!;
    expect(propose.type === 'function' && propose.function.name).toBe('propose_audience_exclusion');
    expect(JSON.parse(propose.type === 'function' ? propose.function.arguments : '')).toEqual({
      audienceId: '238500000000001',
      campaignId: '333',
    });
  });

  it('proposes no exclusion when no campaign matches, and says what it read instead', async () => {
    const question = ask('Exclude my customers from the holiday campaign');
    const first = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: question, tools });
    const reads = first.choices[0]!.message.tool_calls!;
    const second = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [
        ...question,
        { role: 'assistant', content: null, tool_calls: reads },
        ...reads.map((read, i) => ({
          role: 'tool' as const,
          tool_call_id: read.id,
          content: JSON.stringify(
            i === 0
              ? {
                  ok: true,
                  summary: 'Custom audiences: Demo customers.',
                  data: { audiences: [{ id: '1', name: 'Demo customers', kind: 'customer list' }] },
                }
              : {
                  ok: true,
                  summary: 'Campaigns: Spring sale.',
                  data: { rows: [{ id: '111', name: 'Spring sale', spend: 1 }] },
                },
          ),
        })),
      ],
      tools,
    });
    expect(second.choices[0]!.finish_reason).toBe('stop');
    expect(second.choices[0]!.message.content).toContain('Custom audiences: Demo customers.');
  });

  it('refuses a tool call left without its result, with OpenAI’s message', async () => {
    const first = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: ask('rules?'), tools });
    const calls = first.choices[0]!.message.tool_calls!;
    await expect(
      client.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [
          ...ask('rules?'),
          { role: 'assistant', content: null, tool_calls: calls },
          { role: 'user', content: 'hi' },
        ],
        tools,
      }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining(
        `The following tool_call_ids did not have response messages: ${calls[0]!.id}`,
      ) as string,
    });
  });

  it('refuses a tool message that answers no call, and tool_choice without tools', async () => {
    await expect(
      client.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [...ask('hi'), { role: 'tool', tool_call_id: 'call_x', content: '{}' }],
        tools,
      }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining("messages with role 'tool'") as string });
    await expect(
      client.chat.completions.create({ model: 'gpt-4o-mini', messages: ask('hi'), tool_choice: 'auto' }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("'tool_choice' is only allowed") as string,
    });
  });

  it('writes text without calls when tool_choice is none', async () => {
    const reply = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: ask('Show my rules'),
      tools,
      tool_choice: 'none',
    });
    expect(reply.choices[0]!.finish_reason).toBe('stop');
    expect(reply.choices[0]!.message.tool_calls).toBeUndefined();
  });
});
