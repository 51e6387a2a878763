import { monthlyCost, total, type UsageModel } from './cost-model';
import { PEER_SEAT_USD, USAGE_MODEL } from './cost-usage';

export interface CostFigure {
  marketers: number;
  monthlyUsd: number;
  perMarketerUsd: number;
  largest: { item: string; usd: number }[];
}

const usd = (n: number) => `$${n < 10 ? n.toFixed(2) : n.toFixed(0)}`;

/**
 * The monthly AWS cost at 10, 100 and 1,000 active marketers (docs/cost.md explains the model). The
 * optimizer's duration is the bench's own measurement when it has one.
 */
export function printCost(measured: { optimizerP50Ms?: number } = {}, model: UsageModel = USAGE_MODEL): CostFigure[] {
  const used: UsageModel = measured.optimizerP50Ms
    ? {
        ...model,
        functions: {
          ...model.functions,
          optimizer: { ...model.functions.optimizer!, durationMs: measured.optimizerP50Ms },
        },
      }
    : model;
  console.log('\nmonthly AWS cost (us-east-1, list prices of 2026-11-28, usage model in docs/cost.md)');
  return [10, 100, 1_000].map((marketers) => {
    const lines = monthlyCost(used, marketers);
    const monthlyUsd = total(lines);
    const largest = lines.slice(0, 3).map((l) => ({ item: l.item, usd: l.usd }));
    console.log(
      `  ${String(marketers).padStart(5)} marketers  ${usd(monthlyUsd).padStart(7)}/month  (${usd(monthlyUsd / marketers)} each; one peer seat ${usd(PEER_SEAT_USD)})   largest: ${largest.map((l) => `${l.item} ${usd(l.usd)}`).join(', ')}`,
    );
    return { marketers, monthlyUsd, perMarketerUsd: monthlyUsd / marketers, largest };
  });
}

// `npx tsx tests/bench/cost.ts --table`: every line at each size, as docs/cost.md shows it.
if (process.argv.includes('--table')) {
  const sizes = [10, 100, 1_000];
  const bills = sizes.map((n) => monthlyCost(USAGE_MODEL, n));
  const items = bills[2]!.map((l) => l.item);
  console.log(`| line | ${sizes.map((n) => `${n.toLocaleString('en-US')} marketers`).join(' | ')} |`);
  console.log(`|---|${sizes.map(() => '---:').join('|')}|`);
  for (const item of items) {
    console.log(`| ${item} | ${bills.map((b) => usd(b.find((l) => l.item === item)!.usd)).join(' | ')} |`);
  }
  console.log(`| **total per month** | ${bills.map((b) => `**${usd(total(b))}**`).join(' | ')} |`);
  console.log(`| per marketer | ${bills.map((b, i) => usd(total(b) / sizes[i]!)).join(' | ')} |`);
}
