import * as z from 'zod';

export { CHAT_ACCOUNT_CAMPAIGNS } from '../chat-limits';

/**
 * What the chatbot is told about a connected visitor's own ad account, as the chat function sends it to the model
 * inside `<account>` (lambdas/lib/ai/prompts/chat.ts). Every figure is written out as the answer may quote it
 * (money with its currency, percentages), beside the plain number a comparison needs, so a model — the offline one
 * included — can only repeat numbers the account really has. Medians are per result type: a cost per install and a
 * cost per purchase are not comparable.
 */
const money = z.object({ value: z.number(), text: z.string() });

export const ChatAccountCampaignSchema = z.object({
  name: z.string(),
  objective: z.string(),
  status: z.string(),
  /** Meta's result type in words ("purchases", "app installs"); null when there were no results. */
  resultLabel: z.string().nullable(),
  results: z.number().nullable(),
  spend: money,
  costPerResult: money.nullable(),
  /**
   * The median cost per result of the account's campaigns with the same result type (this one included); when no
   * other campaign counts the same result, the median of all the account's campaigns with results (`account`).
   */
  medianCostPerResult: money.nullable(),
  medianScope: z.enum(['resultType', 'account']),
  /** How many campaigns that median is over. */
  campaignsInMedian: z.number().int(),
  cpm: money.nullable(),
  /** The CPM of the equal-length period before, to tell a rising auction price from the rest. */
  previousCpm: money.nullable(),
  frequency: z.number().nullable(),
  /** Link-click CTR in percent, and the previous period's. */
  ctr: z.number().nullable(),
  previousCtr: z.number().nullable(),
  /** Purchase value ÷ spend, written as the campaigns page shows it (shared/roas-text.ts); null without purchase value. */
  roas: z.object({ value: z.number(), text: z.string() }).nullable(),
  /** Days since the campaign started, when Meta says (a new campaign is still learning). */
  daysRunning: z.number().int().nullable(),
});
export type ChatAccountCampaign = z.infer<typeof ChatAccountCampaignSchema>;

export const ChatAccountContextSchema = z.object({
  adAccount: z.object({ id: z.string(), name: z.string(), currency: z.string() }),
  period: z.object({ since: z.string(), until: z.string(), days: z.number().int() }),
  totals: z.object({
    spend: money,
    impressions: z.number(),
    cpm: money.nullable(),
    /** Purchase value ÷ spend over the campaigns that report purchase value; null when none does. */
    roas: z.object({ value: z.number(), text: z.string() }).nullable(),
  }),
  /** The campaigns with delivery in the period, highest cost per result (against its median) first. */
  campaigns: z.array(ChatAccountCampaignSchema),
  /** Other ad accounts the visitor can ask about by opening them (names only). */
  otherAdAccounts: z.array(z.string()),
});
export type ChatAccountContext = z.infer<typeof ChatAccountContextSchema>;
