import { screens, type ScreenKey } from './screens';

/**
 * The product's features, declared once: what each does, where it lives, where its manual is and whether
 * people can use it today. The chat's grounding (lambdas/lib/ai/prompts/chat.ts), the home page's feature
 * grid and the pricing page's "every plan includes" line read it, and a unit test
 * (tests/unit/docs/features.test.ts) ties it to docs/features/, so none of them can describe a feature that
 * has shipped as "coming" again (issue 22, finding 8). Flip `available` when a feature ships; nothing else
 * needs editing.
 */
export interface FeatureDeclaration {
  name: string;
  /** The screen where it is used. */
  screen: ScreenKey;
  /** One sentence for visitors: what it does for them. */
  does: string;
  /** Its manual, a file in docs/features/ (the test above checks it exists and names the screen). */
  docs: `docs/features/${string}.md`;
  available: boolean;
}

export const features = {
  dashboard: {
    name: 'Campaign dashboard',
    screen: 'campaigns',
    does: "shows each connected ad account's campaigns with spend, results, cost per result, CTR and ROAS over a date range, and lets you pause, resume and change daily budgets, every change recorded in an audit trail.",
    docs: 'docs/features/campaigns.md',
    available: true,
  },
  adCopy: {
    name: 'AI ad copy generator',
    screen: 'adCopy',
    does: 'writes Facebook and Instagram ad variants (headline, primary text, description, call to action) from your product and audience, in several angles and languages, checked against Meta’s advertising rules.',
    docs: 'docs/features/ad-copy.md',
    available: true,
  },
  campaignGenerator: {
    name: 'Campaign generator',
    screen: 'campaignGenerator',
    does: 'turns a goal and a budget into a whole campaign (ad sets, audiences, ads) that you review and publish to your Meta ad account.',
    docs: 'docs/features/campaign-generator.md',
    available: true,
  },
  graphics: {
    name: 'Ad graphics generator',
    screen: 'adsGraphicsGenerator',
    does: 'makes ad visuals sized for every Facebook and Instagram placement, and exports them.',
    docs: 'docs/features/graphics.md',
    available: true,
  },
  optimizer: {
    name: 'Optimizer and automation rules',
    screen: 'optimizer',
    does: 'recommends budget and status changes across your campaigns, applies the ones you approve (with undo), and runs automation rules you switch on.',
    docs: 'docs/features/optimizer.md',
    available: true,
  },
  adOptimizer: {
    name: 'Ad optimizer',
    screen: 'adOptimizer',
    does: 'suggests better copy and creative for an existing ad.',
    docs: 'docs/features/ad-optimizer.md',
    available: true,
  },
  marketingMix: {
    name: 'Marketing mix modelling',
    screen: 'marketingMix',
    does: 'estimates what each channel is worth and where the next dollar should go, in reports you can share.',
    docs: 'docs/features/marketing-mix.md',
    available: true,
  },
} as const satisfies Record<string, FeatureDeclaration>;

export type FeatureKey = keyof typeof features;

/** Every feature with its key and path, in the table's order. */
export function featureEntries(): Array<{ key: FeatureKey; path: string } & FeatureDeclaration> {
  return (Object.keys(features) as FeatureKey[]).map((key) => ({
    key,
    path: screens[features[key].screen].path,
    ...(features[key] as FeatureDeclaration),
  }));
}
