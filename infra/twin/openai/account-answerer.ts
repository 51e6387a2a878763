import {
  ChatAccountContextSchema,
  type ChatAccountCampaign,
  type ChatAccountContext,
} from '@shared/schemas/chat-account';

/**
 * The offline model reading a connected visitor's own ad account, as the chat function sends it in `<account>`
 * (shared/schemas/chat-account.ts). Like a real model told the prompt's rules, it names campaigns and quotes
 * their figures exactly as given — never a number that is not in its input — and picks the causes the figures
 * support. The thresholds below are the usual rules of thumb media buyers apply, not account data.
 */

/** Above this frequency over the period, the same people keep seeing the ads: audience fatigue. */
const FATIGUE_FREQUENCY = 3;
/** Meta's learning phase ends after about 50 optimisation events in a week. */
const LEARNING_RESULTS_PER_WEEK = 50;
/** A campaign younger than this is still in its first week of learning. */
const LEARNING_DAYS = 7;
/** A CPM this much above the period before counts as the auction getting dearer (15%). */
const CPM_RISE = 1.15;
/** A link CTR this much below the period before counts as tiring creative (15% down). */
const CTR_FALL = 0.85;

export function accountOf(system: string): ChatAccountContext | undefined {
  // The block opens a line; the rules name <account> in sentences.
  const block = /<account>\n([\s\S]*?)\n<\/account>/.exec(system)?.[1];
  if (!block) return undefined;
  try {
    const parsed = ChatAccountContextSchema.safeParse(JSON.parse(block));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const percent = (value: number) => `${value}%`;

/** "31 purchases for $950.00" — the campaign's own figures, as written in the context. */
function resultsPhrase(c: ChatAccountCampaign): string {
  return c.results !== null && c.resultLabel ? `${c.results} ${c.resultLabel} for ${c.spend.text}` : c.spend.text;
}

function weeklyResultsLow(c: ChatAccountCampaign, days: number): boolean {
  return c.results !== null && (c.results / days) * 7 < LEARNING_RESULTS_PER_WEEK;
}

/** The causes the campaign's figures support, each with the figures that show it. */
export function causesFor(c: ChatAccountCampaign, account: ChatAccountContext): string[] {
  const causes: string[] = [];
  if (c.frequency !== null && c.frequency >= FATIGUE_FREQUENCY) {
    causes.push(
      `Its frequency is ${c.frequency}: the same people have seen its ads about that many times, so the audience is tiring (audience fatigue). Broaden the audience or refresh the creative.`,
    );
  }
  if (c.cpm && c.previousCpm && c.cpm.value > c.previousCpm.value * CPM_RISE) {
    causes.push(
      `Its CPM rose from ${c.previousCpm.text} to ${c.cpm.text} against the period before: the auction got dearer (more advertisers, the season, or an audience too narrow), so every result costs more.`,
    );
  }
  if (c.ctr !== null && c.previousCtr !== null && c.ctr < c.previousCtr * CTR_FALL) {
    causes.push(
      `Its link CTR fell from ${percent(c.previousCtr)} to ${percent(c.ctr)}: fewer people click, a sign the ads are wearing out. Test new creative.`,
    );
  }
  if (c.daysRunning !== null && c.daysRunning < LEARNING_DAYS) {
    causes.push(
      `It started ${c.daysRunning === 0 ? 'today' : `${c.daysRunning} day${c.daysRunning === 1 ? '' : 's'} ago`}, so it is still in Meta's learning phase, when costs swing; judge it after a full week.`,
    );
  } else if (weeklyResultsLow(c, account.period.days)) {
    causes.push(
      `It got ${c.results} ${c.resultLabel} in ${account.period.days} days, fewer than the about ${LEARNING_RESULTS_PER_WEEK} a week Meta needs to leave the learning phase, so delivery stays unstable: merge its ad sets or optimise for a more frequent event.`,
    );
  }
  if (causes.length === 0) {
    const signals = [
      c.frequency !== null ? `frequency ${c.frequency}` : undefined,
      c.cpm ? `CPM ${c.cpm.text}${c.previousCpm ? ` (${c.previousCpm.text} before)` : ''}` : undefined,
    ].filter(Boolean);
    causes.push(
      `${signals.length > 0 ? `Its ${signals.join(', ')} look normal, so the` : 'The'} likely cause is after the click: check the landing page, the offer and the pixel's events.`,
    );
  }
  return causes;
}

const periodPhrase = (a: ChatAccountContext) => `from ${a.period.since} to ${a.period.until}`;

function comparison(c: ChatAccountCampaign): string {
  if (!c.costPerResult) return '';
  if (!c.medianCostPerResult || c.campaignsInMedian <= 1) {
    return `${c.costPerResult.text} per result (${resultsPhrase(c)}); it is your only campaign getting ${c.resultLabel ?? 'these results'}, so compare it with its own earlier weeks`;
  }
  if (c.medianScope === 'account') {
    return `${c.costPerResult.text} per result (${resultsPhrase(c)}), against a median of ${c.medianCostPerResult.text} across your ${c.campaignsInMedian} campaigns with results; they count different results (it is your only campaign getting ${c.resultLabel}), so judge it against its own earlier weeks too`;
  }
  return `${c.costPerResult.text} per result (${resultsPhrase(c)}), against a median of ${c.medianCostPerResult.text} across your ${c.campaignsInMedian} campaigns getting ${c.resultLabel}`;
}

const withCost = (a: ChatAccountContext) => a.campaigns.filter((c) => c.costPerResult !== null);

/** Why costs are high / which campaign is worst: the worst against its median, its causes, the next one. */
export function answerPerformance(account: ChatAccountContext): string {
  const ranked = withCost(account);
  if (ranked.length === 0) {
    return `In ${account.adAccount.name}, no campaign reported results ${periodPhrase(account)} (spend ${account.totals.spend.text}), so there is no cost per result to compare yet. Check that each campaign's optimisation event is firing (the pixel or app events) and give new campaigns a week.`;
  }
  const worst = ranked[0]!;
  const parts = [
    `In ${account.adAccount.name} ${periodPhrase(account)}, ${worst.name} has the highest cost per result: ${comparison(worst)}.`,
    ...causesFor(worst, account),
  ];
  const next = ranked[1];
  if (
    next &&
    next.costPerResult &&
    next.medianCostPerResult &&
    next.campaignsInMedian > 1 &&
    // Clearly above its median (10%), not the median campaign itself with a rounding's difference.
    next.costPerResult.value > next.medianCostPerResult.value * 1.1
  ) {
    parts.push(`Next is ${next.name} at ${next.costPerResult.text} (median ${next.medianCostPerResult.text}).`);
  }
  // Fatigue elsewhere in the account is worth a line even when its cost per result is not the highest.
  for (const other of account.campaigns
    .filter((c) => c !== worst && c !== next && c.frequency !== null && c.frequency >= FATIGUE_FREQUENCY)
    .slice(0, 2)) {
    parts.push(
      `${other.name} has a frequency of ${other.frequency}: its audience sees the ads often, so refresh its creative.`,
    );
  }
  parts.push('The optimizer (/optimizer) shows each ad set behind these figures and the exact change it would make.');
  return parts.join(' ');
}

/** Where budget should go: the cheapest results against their median up, the dearest down. */
export function answerBudget(account: ChatAccountContext): string {
  // Only like for like: a cheap install is no reason to move money from purchases.
  const ranked = withCost(account).filter(
    (c) => c.medianScope === 'resultType' && c.campaignsInMedian > 1 && c.medianCostPerResult,
  );
  if (ranked.length === 0) return answerPerformance(account);
  const worst = ranked[0]!;
  const best = ranked[ranked.length - 1]!;
  const parts = [
    `Going by cost per result in ${account.adAccount.name} ${periodPhrase(account)}, ${best.name} is the best place for more budget: ${comparison(best)}.`,
  ];
  if (worst !== best)
    parts.push(
      `${worst.name} is the first to trim: ${worst.costPerResult!.text} against ${worst.medianCostPerResult!.text}.`,
    );
  parts.push(
    'Move budget in steps of about 20% a few days apart, so the ad sets do not go back into the learning phase; the optimizer (/optimizer) proposes the exact shift.',
  );
  return parts.join(' ');
}

/** The figures a question may ask for by name, as the campaigns page shows them. */
export type AskedMetric = 'roas' | 'ctr' | 'cpm' | 'frequency' | 'spend';

export function askedMetric(question: string): AskedMetric | null {
  if (/\broas\b|return on ad spend/i.test(question)) return 'roas';
  if (/\bctr\b|click[- ]through/i.test(question)) return 'ctr';
  if (/\bcpm\b|cost per (1,?000|thousand)/i.test(question)) return 'cpm';
  if (/\bfrequency\b/i.test(question)) return 'frequency';
  if (/\bhow much (did|have) (i|we) spen[dt]|\b(my|our|total) spend\b|\bspent\b/i.test(question)) return 'spend';
  return null;
}

const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** One figure across the account's campaigns, quoted as given, with what it means for this account. */
export function answerMetric(account: ChatAccountContext, metric: AskedMetric): string {
  const where = `${account.adAccount.name} ${periodPhrase(account)}`;
  const campaigns = account.campaigns;
  switch (metric) {
    case 'roas': {
      const valued = campaigns.filter((c) => c.roas !== null).sort((a, b) => b.roas!.value - a.roas!.value);
      if (valued.length === 0) {
        return `None of the campaigns in ${where} reports a purchase value, so there is no ROAS to show: ROAS needs the pixel's or the Conversions API's Purchase events with a value. Until then, judge them by cost per result.`;
      }
      const without = campaigns.filter((c) => c.roas === null).map((c) => c.name);
      return [
        `ROAS (purchase value ÷ spend) in ${where}, as on /campaigns: ${list(valued.map((c) => `${c.name} ${c.roas!.text}`))}.`,
        account.totals.roas ? `Together these return ${account.totals.roas.text}.` : '',
        valued.length > 1
          ? `${valued[0]!.name} returns the most for each unit spent; ${valued.at(-1)!.name} the least, so it is the first to check.`
          : '',
        without.length > 0 ? `${list(without)} report no purchase value, so they have no ROAS.` : '',
      ]
        .filter(Boolean)
        .join(' ');
    }
    case 'ctr': {
      const clicked = campaigns.filter((c) => c.ctr !== null).sort((a, b) => b.ctr! - a.ctr!);
      if (clicked.length === 0) return `No campaign in ${where} reports a link CTR yet.`;
      const falling = clicked.filter((c) => c.previousCtr !== null && c.ctr! < c.previousCtr * CTR_FALL);
      return [
        `Link CTR in ${where}: ${list(clicked.map((c) => `${c.name} ${percent(c.ctr!)}`))}.`,
        ...falling.map(
          (c) => `${c.name} fell from ${percent(c.previousCtr!)}: its ads are wearing out, so test new creative.`,
        ),
        falling.length === 0 ? 'None fell against the period before, so the creative is holding up.' : '',
      ]
        .filter(Boolean)
        .join(' ');
    }
    case 'cpm': {
      const priced = campaigns.filter((c) => c.cpm !== null).sort((a, b) => b.cpm!.value - a.cpm!.value);
      if (priced.length === 0) return `No campaign in ${where} reports a CPM yet.`;
      const rising = priced.filter((c) => c.previousCpm && c.cpm!.value > c.previousCpm.value * CPM_RISE);
      return [
        `CPM (cost per 1,000 impressions) in ${where}: ${list(priced.map((c) => `${c.name} ${c.cpm!.text}`))}${account.totals.cpm ? `; ${account.totals.cpm.text} across the account` : ''}.`,
        ...rising.map(
          (c) =>
            `${c.name} rose from ${c.previousCpm!.text}: its auction got dearer (a narrow audience, the season or more advertisers), so broaden its audience or placements.`,
        ),
        rising.length === 0 ? 'None rose much against the period before.' : '',
      ]
        .filter(Boolean)
        .join(' ');
    }
    case 'frequency': {
      const seen = campaigns.filter((c) => c.frequency !== null).sort((a, b) => b.frequency! - a.frequency!);
      if (seen.length === 0) return `No campaign in ${where} reports a frequency yet.`;
      const tiring = seen.filter((c) => c.frequency! >= FATIGUE_FREQUENCY);
      return [
        `Frequency (how often each person saw the ads) in ${where}: ${list(seen.map((c) => `${c.name} ${c.frequency}`))}.`,
        tiring.length > 0
          ? `${list(tiring.map((c) => c.name))} ${tiring.length === 1 ? 'is' : 'are'} at ${FATIGUE_FREQUENCY} or more, where audiences tire: refresh the creative or broaden the audience.`
          : `All are under ${FATIGUE_FREQUENCY}, so the audiences are not tiring yet.`,
      ].join(' ');
    }
    case 'spend': {
      const spending = campaigns.filter((c) => c.spend.value > 0).sort((a, b) => b.spend.value - a.spend.value);
      return `You spent ${account.totals.spend.text} in ${where}: ${list(spending.map((c) => `${c.name} ${c.spend.text}`))}.`;
    }
  }
}

/** "Which campaign is best?": the cheapest results against their own median, and the best ROAS when tracked. */
export function answerBest(account: ChatAccountContext): string {
  const ranked = withCost(account);
  if (ranked.length === 0) return answerPerformance(account);
  const best = ranked[ranked.length - 1]!;
  const topRoas = account.campaigns.filter((c) => c.roas !== null).sort((a, b) => b.roas!.value - a.roas!.value)[0];
  return [
    `${best.name} performs best in ${account.adAccount.name} ${periodPhrase(account)}: ${comparison(best)}.`,
    topRoas && topRoas !== best ? `By ROAS, ${topRoas.name} leads at ${topRoas.roas!.text}.` : '',
    'It is the first place to add budget, in steps of about 20% so its ad sets stay out of the learning phase.',
  ]
    .filter(Boolean)
    .join(' ');
}

/** "Which campaign is worst?": the campaigns ranked by cost per result against their median, worst first. */
export function answerRanking(account: ChatAccountContext): string {
  const ranked = withCost(account);
  if (ranked.length === 0) return answerPerformance(account);
  const lines = ranked
    .slice(0, 4)
    .map(
      (c) =>
        `${c.name} ${c.costPerResult!.text}${c.medianCostPerResult && c.campaignsInMedian > 1 ? ` (median ${c.medianCostPerResult.text})` : ''}`,
    );
  return `Ranked by cost per result against campaigns getting the same results, ${account.adAccount.name} ${periodPhrase(account)}, worst first: ${list(lines)}. Ask why ${ranked[0]!.name} costs more and I will go through its figures.`;
}
