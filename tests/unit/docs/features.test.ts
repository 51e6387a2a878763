import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { featureEntries } from '@shared/features';

/**
 * The feature manuals follow the one declared list of features (shared/features.ts): every feature has its
 * manual and the manual names the feature's screen, and every manual in docs/features/ is a declared
 * feature's or one of the named manuals below, so neither side can go stale without failing here (issue 22,
 * finding 8).
 */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const FEATURE_DOCS = path.join(REPO_ROOT, 'docs', 'features');

/** Manuals for parts of the product that are not features on the pricing page, with what each covers. */
const MANUALS_BEYOND_FEATURES: Record<string, string> = {
  'agent.md': 'the in-app agent, from the app bar of every signed-in screen, not a feature on the pricing page yet',
  'billing-and-team.md': 'plans, checkout and team seats: what the pricing page sells, not a feature on it',
  'chat.md': 'the assistant on every page, which answers from the features list itself',
  'notifications.md': 'settings every signed-in user has, whatever the feature',
  'site.md': 'the public pages and the blog',
  'reports.md': 'the agency’s scheduled reports (issue 28), an API of its own until its screen and feature entry exist',
  'audiences.md': 'custom audiences (issue 30, /audiences), not among the pricing page’s features yet',
};

/** The manual's opening lines up to its first blank line: its title and the "Screen(s):" line. */
function manualHeader(file: string): string {
  return readFileSync(path.join(REPO_ROOT, file), 'utf8')
    .split(/\n\s*\n/)
    .slice(0, 2)
    .join('\n');
}

describe('feature manuals', () => {
  it.each(featureEntries().map((feature) => [feature.name, feature] as const))(
    '%s has its manual, which names its screen',
    (_name, feature) => {
      expect(existsSync(path.join(REPO_ROOT, feature.docs)), `${feature.docs} is missing`).toBe(true);
      expect(manualHeader(feature.docs)).toContain(`\`${feature.path}\``);
    },
  );

  it('every manual in docs/features/ belongs to a declared feature or is named as beyond them', () => {
    const declared = new Set(featureEntries().map((feature) => path.basename(feature.docs)));
    const manuals = readdirSync(FEATURE_DOCS).filter((name) => name.endsWith('.md'));
    const undeclared = manuals.filter((name) => !declared.has(name) && !(name in MANUALS_BEYOND_FEATURES));
    expect(undeclared, 'add the feature to shared/features.ts (or name the manual above)').toEqual([]);
    const namedButGone = Object.keys(MANUALS_BEYOND_FEATURES).filter(
      (name) => declared.has(name) || !manuals.includes(name),
    );
    expect(namedButGone).toEqual([]);
  });

  it('no two features share a manual', () => {
    const docs = featureEntries().map((feature) => feature.docs);
    expect(new Set(docs).size).toBe(docs.length);
  });
});
