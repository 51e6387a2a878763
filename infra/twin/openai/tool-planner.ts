import { createHash } from 'node:crypto';
import type { AgentToolName } from '@shared/schemas/agent';
import { textOf, type ChatMessage, type ChatRequest } from './chat-request';

/**
 * How the offline model answers a request that offers tools (the Adsmith agent's): it plans the calls
 * from the question's intent, deterministically, so the agent's whole loop runs without a key. The first
 * step reads what the question is about (in parallel when it touches several things); a question that
 * asks for a change reads the campaigns, then proposes on the one it names ("worst", "best", a name or an
 * id); once the tools have answered it writes the answer from their own summaries, so every figure it
 * states comes from a tool result.
 */

export interface PlannedCall {
  id: string;
  name: string;
  arguments: string;
}

export type ToolPlan = { kind: 'calls'; calls: PlannedCall[] } | { kind: 'text'; text: string };

/** A tool result as the agent returns it to the model (lambdas/lib/agent/tool-registry.ts). */
interface ToolResult {
  ok?: boolean;
  summary?: string;
  error?: string;
  data?: unknown;
}

interface InsightRow {
  id: string;
  name: string;
  level?: string;
  status?: string;
  spend?: number;
  costPerResult?: number | null;
  frequency?: number | null;
}

const CHANGE_WORDS =
  /\b(pause|stop|resume|restart|turn (?:on|off)|cut|lower|reduce|decrease|raise|increase|boost|scale)\b/;

/** A marketing-mix model's id (a UUID) named in the question. */
const MODEL_ID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/;

/** Whether the request offers tools the model may call now. */
export function offersTools(request: ChatRequest): boolean {
  return request.tools.length > 0 && request.toolChoice !== 'none';
}

function callId(seed: string): string {
  return `call_${createHash('sha256').update(seed).digest('base64url').slice(0, 24)}`;
}

/** The messages since the person's last question: the tool calls already made for it and their results. */
function sinceLastQuestion(messages: readonly ChatMessage[]): { question: string; after: ChatMessage[] } {
  const last = messages.map((m) => m.role).lastIndexOf('user');
  return { question: last >= 0 ? textOf(messages[last]!) : '', after: messages.slice(last + 1) };
}

function resultsOf(after: readonly ChatMessage[]): Array<{ name: string; result: ToolResult }> {
  const names = new Map<string, string>();
  for (const message of after) for (const call of message.tool_calls ?? []) names.set(call.id, call.function.name);
  return after
    .filter((m) => m.role === 'tool')
    .map((m) => {
      let result: ToolResult;
      try {
        result = JSON.parse(textOf(m)) as ToolResult;
      } catch {
        result = { summary: textOf(m) };
      }
      return { name: names.get(m.tool_call_id ?? '') ?? 'tool', result };
    });
}

function datePreset(question: string): string {
  if (/\byesterday\b/.test(question)) return 'yesterday';
  if (/\btoday\b/.test(question)) return 'today';
  if (/last (?:30 days|month)|past month/.test(question)) return 'last_30d';
  if (/last 14 days|two weeks/.test(question)) return 'last_14d';
  return 'last_7d';
}

function breakdown(question: string): string | undefined {
  if (/\bage\b|\bages\b/.test(question)) return 'age';
  if (/\bgender\b|\bwomen\b|\bmen\b/.test(question)) return 'gender';
  if (/placement|instagram|feed|stories|reels/.test(question)) return 'placement';
  if (/device|mobile|desktop|iphone|android/.test(question)) return 'device';
  return undefined;
}

function level(question: string): 'campaign' | 'adset' | 'ad' {
  if (/ad ?sets?\b/.test(question)) return 'adset';
  if (/\bads\b|\bad\b(?! account)/.test(question) && !/campaign/.test(question)) return 'ad';
  return 'campaign';
}

/** The first step: what to read (or, for a change on a named id, what to propose at once). */
function firstCalls(question: string, offered: ReadonlySet<string>): Array<{ name: AgentToolName; args: object }> {
  const calls: Array<{ name: AgentToolName; args: object }> = [];
  const account = /\bact_\d+\b/.exec(question)?.[0];
  const scope = account ? { adAccountId: account } : {};
  const objectId = /\b\d{6,30}\b/.exec(question.replace(/\bact_\d+\b/g, ''))?.[0];
  const change = CHANGE_WORDS.test(question);
  const modelId = MODEL_ID.exec(question)?.[0];
  // "apply recommendation 111.budget_shift.201": the stored id (account number, dot, the recommendation's own id).
  const recommendationId = /\bapply\b/.test(question)
    ? /\b\d{1,30}\.(?=[a-z0-9_.-]*[a-z])[a-z0-9_.-]*[a-z0-9]\b/.exec(question)?.[0]
    : undefined;
  if (recommendationId)
    return [{ name: 'apply_recommendation' as const, args: { recommendationId } }].filter((c) => offered.has(c.name));
  // "Create a rule that pauses ads with frequency over 4": in a named account at once, else after reading the accounts.
  if (asksForRule(question)) {
    const draft = account ? ruleDraftFor(question, account) : undefined;
    const call = draft
      ? { name: 'propose_rule' as const, args: draft }
      : { name: 'list_ad_accounts' as const, args: {} };
    return [call].filter((c) => offered.has(c.name));
  }
  // "Exclude my customers from the prospecting campaign": the audiences and the campaigns first.
  if (asksForExclusion(question)) {
    const reads: Array<{ name: AgentToolName; args: object }> = [
      { name: 'list_audiences', args: scope },
      { name: 'get_insights', args: { ...scope, level: 'campaign', datePreset: datePreset(question) } },
    ];
    return reads.filter((c) => offered.has(c.name));
  }
  // "Rewrite the copy of ad 123…": at once on a named ad, else after reading the ads.
  if (asksForRewrite(question)) {
    const call = objectId
      ? { name: 'propose_copy_rewrite' as const, args: { adId: objectId } }
      : { name: 'get_insights' as const, args: { ...scope, level: 'ad', datePreset: datePreset(question) } };
    return [call].filter((c) => offered.has(c.name));
  }
  // "Apply my marketing-mix model's allocation": the allocations (and the accounts when none is named) first.
  if (asksToApplyAllocation(question)) {
    const reads: Array<{ name: AgentToolName; args: object }> = [
      { name: 'list_mmm_allocations', args: modelId ? { modelId } : {} },
    ];
    if (!account) reads.push({ name: 'list_ad_accounts', args: {} });
    return reads.filter((c) => offered.has(c.name));
  }
  if (change && objectId) {
    const proposal = changeFor(question, { id: objectId, name: objectId }, level(question));
    if (proposal) return [proposal];
  }
  if (/\bad accounts?\b|which accounts?/.test(question)) calls.push({ name: 'list_ad_accounts', args: {} });
  if (/recommend|optimi[sz]/.test(question)) calls.push({ name: 'list_recommendations', args: scope });
  if (/\brules?\b/.test(question)) calls.push({ name: 'list_rules', args: {} });
  if (/allocat/.test(question)) calls.push({ name: 'list_mmm_allocations', args: modelId ? { modelId } : {} });
  else if (/marketing[- ]mix|\bmmm\b/.test(question)) calls.push({ name: 'list_mmm_reports', args: {} });
  if (/audit|what changed|who changed|history|changes made/.test(question))
    calls.push({ name: 'list_audit_trail', args: scope });
  const aboutResults =
    /campaign|ad ?sets?|\bads?\b(?! accounts?)|cost|spend|spent|result|roas|cpm|ctr|click|frequency|worst|best|why|budget|purchase|lead|install|perform/.test(
      question,
    ) || breakdown(question) !== undefined;
  if (aboutResults || (change && calls.length === 0)) {
    const by = breakdown(question);
    calls.push({
      name: 'get_insights',
      args: { ...scope, level: level(question), datePreset: datePreset(question), ...(by ? { breakdown: by } : {}) },
    });
  }
  return calls.filter((call) => offered.has(call.name));
}

function asksForExclusion(question: string): boolean {
  return (
    /\b(exclude|excluding|leave .{1,60} out|keep .{1,60} out|stop showing)\b/.test(question) &&
    /audience|customer|buyer|list|visitor|engager|lookalike/.test(question)
  );
}

interface AudienceRow {
  id: string;
  name: string;
  kind?: string;
}

const NOT_A_NAME = new Set(['the', 'my', 'our', 'this', 'that', 'a', 'an', 'each', 'every', 'from', 'of', 'in', 'all']);

/** The audience and the campaign an exclusion question names, from what the reads returned. */
function exclusionFor(
  question: string,
  results: ReadonlyArray<{ name: string; result: ToolResult }>,
): { audienceId: string; campaignId: string } | undefined {
  const audiences =
    (results.find((r) => r.name === 'list_audiences')?.result.data as { audiences?: AudienceRow[] } | undefined)
      ?.audiences ?? [];
  const audience =
    audiences.find((a) => question.includes(a.name.toLowerCase())) ??
    (/customer|buyer|purchaser|client/.test(question)
      ? audiences.find((a) => a.kind === 'customer list')
      : /visitor/.test(question)
        ? audiences.find((a) => a.kind === 'website visitors')
        : undefined) ??
    (audiences.length === 1 ? audiences[0] : undefined);
  const rows =
    (results.find((r) => r.name === 'get_insights')?.result.data as { rows?: InsightRow[] } | undefined)?.rows ?? [];
  const named = /\bcampaign\s+(\d{6,30})\b/.exec(question)?.[1];
  // "the prospecting campaign": a campaign whose name holds the word before "campaign".
  const word = /([a-z0-9][a-z0-9-]*)\s+campaign\b/.exec(question)?.[1];
  const campaign =
    named ??
    (
      rows.find((row) => question.includes(row.name.toLowerCase())) ??
      (word && !NOT_A_NAME.has(word) ? rows.find((row) => row.name.toLowerCase().includes(word)) : undefined)
    )?.id;
  return audience && campaign ? { audienceId: audience.id, campaignId: campaign } : undefined;
}

function asksForRewrite(question: string): boolean {
  return /\b(rewrite|new copy|fresh copy|write copy|better copy|copy test|a\/b)\b/.test(question);
}

function asksToApplyAllocation(question: string): boolean {
  return (
    /\b(apply|use|follow|put in place|hand off)\b/.test(question) && /allocat|marketing[- ]mix|\bmmm\b/.test(question)
  );
}

function asksForRule(question: string): boolean {
  return /\b(create|add|set up|make|new)\b/.test(question) && /\brules?\b/.test(question);
}

const OVER = '(?:over|above|higher than|more than|>)';
const UNDER = '(?:under|below|lower than|less than|<)';

/** The condition a rule question states ("frequency over 4", "cost per result above 20", "ctr below 0.5"). */
function ruleCondition(question: string): object | undefined {
  const metrics: Array<[string, string, boolean]> = [
    ['frequency', 'frequency', false],
    ['cost per (?:result|purchase|lead|install)', 'cost_per_result', true],
    ['spend', 'spend', true],
    ['ctr', 'ctr', false],
    ['roas', 'roas', false],
  ];
  for (const [words, metric, money] of metrics) {
    for (const [comparator, bound] of [
      ['gt', OVER],
      ['lt', UNDER],
    ] as const) {
      const found = new RegExp(`${words}\\s+(?:is\\s+)?${bound}\\s*\\$?(\\d+(?:\\.\\d+)?)`).exec(question)?.[1];
      if (found === undefined) continue;
      // Money thresholds are whole minor units (shared/schemas/rules.ts).
      const threshold = money ? Math.round(Number(found) * 100) : Number(found);
      return { metric, window: 'last_7_days', comparator, threshold };
    }
  }
  return undefined;
}

/** A whole rule draft from the question, or undefined when it states no condition. */
function ruleDraftFor(question: string, adAccountId: string): object | undefined {
  const condition = ruleCondition(question);
  if (!condition) return undefined;
  const percent = /(\d+(?:\.\d+)?)\s*(?:%|percent)/.exec(question)?.[1];
  const action = /\b(pause|pauses|stop|stops|turn off|turns off)\b/.test(question)
    ? { type: 'pause' }
    : /\b(resume|resumes|restart|restarts)\b/.test(question)
      ? { type: 'resume' }
      : percent && /\b(lower|lowers|cut|cuts|reduce|reduces|raise|raises|increase|increases)\b/.test(question)
        ? {
            type: 'change_budget',
            direction: /\b(raise|raises|increase|increases)\b/.test(question) ? 'raise' : 'lower',
            percent: Number(percent),
            floorMinor: 100,
            ceilingMinor: 10_000_000,
          }
        : { type: 'notify' };
  const ruleLevel = level(question.replace(/\bad accounts?\b/g, ''));
  return {
    name: `Agent: ${action.type.replace('_', ' ')} ${ruleLevel}s when ${(condition as { metric: string }).metric.replace(/_/g, ' ')} is ${(condition as { comparator: string }).comparator === 'gt' ? 'over' : 'under'} ${(condition as { threshold: number }).threshold}`,
    scope: { adAccountId, level: ruleLevel, filter: { kind: 'all' } },
    conditions: [condition],
    action,
    schedule: { kind: 'hourly' },
    safeguards: {
      minSpendMinor: 0,
      skipLearning: true,
      attributionLagDays: 1,
      cooldownHours: 24,
      maxBudgetChangePercentPerDay: 30,
    },
  };
}

function costOf(row: InsightRow): number {
  return typeof row.costPerResult === 'number' ? row.costPerResult : -1;
}

/** The change the question asks for on one object, or undefined when it names none the tools can make. */
function changeFor(
  question: string,
  target: InsightRow,
  objectLevel: string,
): { name: AgentToolName; args: object } | undefined {
  const base = { level: target.level ?? objectLevel, objectId: target.id };
  if (/\b(pause|stop|turn off)\b/.test(question))
    return { name: 'propose_status_change', args: { ...base, status: 'PAUSED' } };
  if (/\b(resume|restart|turn on)\b/.test(question))
    return { name: 'propose_status_change', args: { ...base, status: 'ACTIVE' } };
  const percent = /(\d+(?:\.\d+)?)\s*(?:%|percent)/.exec(question)?.[1];
  if (!percent) return undefined;
  const down = /\b(cut|lower|reduce|decrease)\b/.test(question);
  return { name: 'propose_budget_change', args: { ...base, changePercent: (down ? -1 : 1) * Number(percent) } };
}

/** The objects a change question points at among the rows read. */
function targetsOf(question: string, rows: readonly InsightRow[]): InsightRow[] {
  const named = rows.filter((row) => question.includes(row.name.toLowerCase()));
  if (named.length > 0) return named.slice(0, 1);
  // A pause is proposed only on what still runs, a resume only on what is paused (when the rows say).
  const wanted = /\b(pause|stop|turn off)\b/.test(question)
    ? (row: InsightRow) => row.status === undefined || row.status === 'ACTIVE'
    : /\b(resume|restart|turn on)\b/.test(question)
      ? (row: InsightRow) => row.status === undefined || row.status !== 'ACTIVE'
      : () => true;
  const spending = rows.filter((row) => (row.spend ?? 0) > 0 && wanted(row));
  const frequencyOver = /frequency (?:over|above|higher than|>)\s*(\d+(?:\.\d+)?)/.exec(question)?.[1];
  if (frequencyOver) return spending.filter((row) => (row.frequency ?? 0) > Number(frequencyOver));
  const ranked = [...spending].filter((row) => costOf(row) >= 0).sort((a, b) => costOf(b) - costOf(a));
  if (/\b(best|winner|top)\b/.test(question)) return ranked.slice(-1);
  return ranked.slice(0, 1);
}

function secondCalls(
  question: string,
  results: ReadonlyArray<{ name: string; result: ToolResult }>,
  offered: ReadonlySet<string>,
): Array<{ name: AgentToolName; args: object }> {
  if (asksForRule(question)) {
    const accounts = results.find((r) => r.name === 'list_ad_accounts')?.result.data as
      { accounts?: Array<{ id: string }> } | undefined;
    const first = accounts?.accounts?.[0]?.id;
    const draft = first ? ruleDraftFor(question, first) : undefined;
    return draft && offered.has('propose_rule') ? [{ name: 'propose_rule', args: draft }] : [];
  }
  if (asksForExclusion(question)) {
    const exclusion = exclusionFor(question, results);
    return exclusion && offered.has('propose_audience_exclusion')
      ? [{ name: 'propose_audience_exclusion', args: exclusion }]
      : [];
  }
  if (asksForRewrite(question)) {
    const insights = results.find((r) => r.name === 'get_insights')?.result.data as { rows?: InsightRow[] } | undefined;
    const target = targetsOf(question, insights?.rows ?? [])[0];
    return target && offered.has('propose_copy_rewrite')
      ? [{ name: 'propose_copy_rewrite', args: { adId: target.id } }]
      : [];
  }
  if (asksToApplyAllocation(question)) {
    const allocations = results.find((r) => r.name === 'list_mmm_allocations')?.result.data as
      { allocations?: Array<{ modelId: string; decision: { action: string } | null }> } | undefined;
    const accounts = results.find((r) => r.name === 'list_ad_accounts')?.result.data as
      { accounts?: Array<{ id: string; status?: string }> } | undefined;
    const model = allocations?.allocations?.find((a) => a.decision?.action !== 'hold') ?? allocations?.allocations?.[0];
    const adAccountId =
      /\bact_\d+\b/.exec(question)?.[0] ??
      (accounts?.accounts?.find((a) => a.status === 'ACTIVE') ?? accounts?.accounts?.[0])?.id;
    return model && adAccountId && offered.has('propose_mmm_allocation')
      ? [{ name: 'propose_mmm_allocation', args: { modelId: model.modelId, adAccountId } }]
      : [];
  }
  if (/\bapply\b/.test(question) && /recommend/.test(question)) {
    const list = results.find((r) => r.name === 'list_recommendations')?.result.data as
      { recommendations?: Array<{ id: string; status: string }> } | undefined;
    const open = list?.recommendations?.find((rec) => rec.status === 'proposed');
    return open && offered.has('apply_recommendation')
      ? [{ name: 'apply_recommendation', args: { recommendationId: open.id } }]
      : [];
  }
  if (!CHANGE_WORDS.test(question)) return [];
  const insights = results.find((r) => r.name === 'get_insights')?.result.data as { rows?: InsightRow[] } | undefined;
  const rows = insights?.rows ?? [];
  return targetsOf(question, rows)
    .map((row) => changeFor(question, row, level(question)))
    .filter((call): call is { name: AgentToolName; args: object } => call !== undefined && offered.has(call.name));
}

/** The answer from the tools' own summaries, and the refusals as they were given. */
function answerFrom(results: ReadonlyArray<{ name: string; result: ToolResult }>): string {
  if (results.length === 0)
    return 'I can read your ad accounts, campaign results, custom audiences, recommendations, rules, marketing-mix reports and allocations and the audit trail, and propose changes you approve (budgets, pauses, rules, new ad copy, a marketing-mix allocation, leaving an audience out of ad sets). What would you like to know?';
  const lines = results.map(({ result }) =>
    result.ok === false
      ? `I could not do that: ${result.error ?? result.summary ?? 'the tool refused'}`
      : (result.summary ?? 'Done.'),
  );
  return lines.join('\n\n');
}

/**
 * The plan for one request: tool calls (at most one when parallel calls are off) or the final text.
 * `tool_choice: {function}` forces that tool; `required` forces a call even when the intent names none.
 */
export function planToolUse(request: ChatRequest): ToolPlan {
  const offered = new Set(request.tools.map((tool) => tool.function.name));
  const { question: asked, after } = sinceLastQuestion(request.messages);
  const question = asked.toLowerCase();
  const results = resultsOf(after);
  const steps = after.filter((m) => m.role === 'assistant' && m.tool_calls?.length).length;
  let planned: Array<{ name: string; args: object }> =
    steps === 0 ? firstCalls(question, offered) : steps === 1 ? secondCalls(question, results, offered) : [];
  const forced = typeof request.toolChoice === 'object' ? request.toolChoice.function.name : undefined;
  if (forced) planned = [planned.find((call) => call.name === forced) ?? { name: forced, args: {} }];
  if (request.toolChoice === 'required' && planned.length === 0)
    planned = [{ name: request.tools[0]!.function.name, args: {} }];
  if (planned.length === 0) return { kind: 'text', text: answerFrom(results) };
  if (!request.parallelToolCalls) planned = planned.slice(0, 1);
  const seed = JSON.stringify(request.messages);
  return {
    kind: 'calls',
    calls: planned.map((call, i) => ({
      id: callId(`${seed}|${i}|${call.name}`),
      name: call.name,
      arguments: JSON.stringify(call.args),
    })),
  };
}
