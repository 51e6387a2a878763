import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import {
  AgentGuardrailsSchema,
  AgentTurnSchema,
  DEFAULT_AGENT_GUARDRAILS,
  agentLimits,
  type AgentGuardrails,
  type AgentTurn,
} from '@shared/schemas/agent';
import { tableKey } from '@shared/table-keys';
import type { ToolEvidence } from './grounding';
import type { IncreaseLedger } from './agent-context';

/**
 * The agent_state table: per workspace, each person's conversation, the workspace's guardrails and the day's
 * proposed budget increases. Every key starts with the caller's workspace, which comes from the verified token,
 * never from the request.
 */

export interface AgentStore {
  doc: DynamoDBDocumentClient;
  table: string;
}

/** A turn as stored: what was shown, plus the tool results its figures may be quoted from later. */
const StoredTurnSchema = AgentTurnSchema.extend({
  evidence: z.array(z.object({ id: z.string(), name: z.string(), content: z.string() })).optional(),
});
export type StoredTurn = z.infer<typeof StoredTurnSchema>;

const ConversationItemSchema = z.object({
  conversation_id: z.string(),
  turns: z.array(StoredTurnSchema),
  updated_at: z.string(),
  expires_at: z.number(),
});

export interface StoredConversation {
  id: string;
  turns: StoredTurn[];
  updatedAt: string | null;
  expiresAt: string | null;
}

const conversationKey = (actor: string) => `conversation#${actor}`;
const DAY_S = 86_400;

/** The conversation, or an empty one (also once its 30 days are over: TTL deletion can lag, the read does not). */
export async function readConversation(
  store: AgentStore,
  workspaceId: string,
  actor: string,
  now: Date,
  newId: () => string,
): Promise<StoredConversation> {
  const reply = await store.doc.send(
    new GetCommand({ TableName: store.table, Key: tableKey('agentState', workspaceId, conversationKey(actor)) }),
  );
  const item = reply.Item ? ConversationItemSchema.safeParse(reply.Item) : undefined;
  if (!item?.success || item.data.expires_at * 1000 <= now.getTime())
    return { id: newId(), turns: [], updatedAt: null, expiresAt: null };
  return {
    id: item.data.conversation_id,
    turns: item.data.turns,
    updatedAt: item.data.updated_at,
    expiresAt: new Date(item.data.expires_at * 1000).toISOString(),
  };
}

/** Longest tool result kept for a later turn's grounding. */
const KEPT_EVIDENCE_CHARS = 4_000;

/** Adds a question and its answer, keeping the newest turns, for 30 more days. */
export async function appendTurns(
  store: AgentStore,
  workspaceId: string,
  actor: string,
  conversation: StoredConversation,
  turns: StoredTurn[],
  now: Date,
): Promise<void> {
  const kept = [...conversation.turns, ...turns].slice(-agentLimits.turnsKept).map((turn) => ({
    ...turn,
    ...(turn.evidence
      ? { evidence: turn.evidence.map((e) => ({ ...e, content: e.content.slice(0, KEPT_EVIDENCE_CHARS) })) }
      : {}),
  }));
  await store.doc.send(
    new PutCommand({
      TableName: store.table,
      Item: {
        ...tableKey('agentState', workspaceId, conversationKey(actor)),
        conversation_id: conversation.id,
        turns: kept,
        updated_at: now.toISOString(),
        expires_at: Math.floor(now.getTime() / 1000) + agentLimits.keepDays * DAY_S,
      },
    }),
  );
}

export async function deleteConversation(store: AgentStore, workspaceId: string, actor: string): Promise<void> {
  await store.doc.send(
    new DeleteCommand({ TableName: store.table, Key: tableKey('agentState', workspaceId, conversationKey(actor)) }),
  );
}

/** The tool results of earlier turns, for grounding figures quoted again. */
export function earlierEvidence(conversation: StoredConversation): ToolEvidence[] {
  return conversation.turns.flatMap((turn) => turn.evidence ?? []);
}

/** What the person and the agent said before, as the model reads it. */
export function historyMessages(
  conversation: StoredConversation,
): Array<{ role: 'user' | 'assistant'; content: string }> {
  return conversation.turns.map((turn: AgentTurn) => ({ role: turn.role, content: turn.text }));
}

export async function readGuardrails(store: AgentStore, workspaceId: string): Promise<AgentGuardrails> {
  const reply = await store.doc.send(
    new GetCommand({ TableName: store.table, Key: tableKey('agentState', workspaceId, 'guardrails') }),
  );
  const stored: unknown = reply.Item?.guardrails;
  if (stored === undefined) return DEFAULT_AGENT_GUARDRAILS;
  const parsed = AgentGuardrailsSchema.safeParse(fromSingleCurrency(stored));
  // Limits a workspace saved are never silently loosened to the defaults: what cannot be read proposes nothing.
  return parsed.success ? parsed.data : { ...DEFAULT_AGENT_GUARDRAILS, dryRun: true };
}

/**
 * Guardrails saved before money limits were per currency held one amount and one daily cap for every account.
 * Those amounts were entered and shown as dollars, so they become the USD limits; other currencies get none
 * (their proposals are refused until the owner states limits in them).
 */
function fromSingleCurrency(stored: unknown): unknown {
  if (typeof stored !== 'object' || stored === null || 'moneyLimits' in stored) return stored;
  const { maxBudgetChangeAmount, dailyIncreaseCap, ...rest } = stored as Record<string, unknown>;
  if (maxBudgetChangeAmount === undefined && dailyIncreaseCap === undefined) return stored;
  return { ...rest, moneyLimits: [{ currency: 'USD', maxBudgetChangeAmount, dailyIncreaseCap }] };
}

export async function writeGuardrails(
  store: AgentStore,
  workspaceId: string,
  guardrails: AgentGuardrails,
): Promise<AgentGuardrails> {
  await store.doc.send(
    new PutCommand({
      TableName: store.table,
      Item: { ...tableKey('agentState', workspaceId, 'guardrails'), guardrails },
    }),
  );
  return guardrails;
}

/**
 * The day's proposed increases (UTC day) per currency (yen and dollars never add up), counted in hundredths so
 * repeated adds stay exact.
 */
export function increaseLedger(store: AgentStore, workspaceId: string, now: () => Date): IncreaseLedger {
  const key = (currency: string) =>
    tableKey('agentState', workspaceId, `increases#${now().toISOString().slice(0, 10)}#${currency}`);
  return {
    today: async (currency) => {
      const reply = await store.doc.send(
        new GetCommand({ TableName: store.table, Key: key(currency), ConsistentRead: true }),
      );
      return Number(reply.Item?.cents ?? 0) / 100;
    },
    add: async (amount, cap, currency) => {
      try {
        await store.doc.send(
          new UpdateCommand({
            TableName: store.table,
            Key: key(currency),
            UpdateExpression: 'ADD cents :cents SET expires_at = :expires',
            ConditionExpression: 'attribute_not_exists(cents) OR cents <= :room',
            ExpressionAttributeValues: {
              ':cents': Math.round(amount * 100),
              ':room': Math.round((cap - amount) * 100),
              ':expires': Math.floor(now().getTime() / 1000) + 2 * DAY_S,
            },
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },
  };
}
