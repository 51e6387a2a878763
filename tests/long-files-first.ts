import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, per project, longest first (seconds in a fresh-clone CI, session 21). On a fresh
 * clone vitest has no durations yet and starts the largest files first, so a short file with a long run (the
 * signed-in layout journey: 4 KB, 70 s) started last and one worker idled while it ran. Started first, it runs
 * beside the others. A file missing here only starts later; a renamed one is ignored.
 */
const LONG_FILES: Record<string, readonly string[]> = {
  e2e: [
    'tests/e2e/signed-in-layout.test.ts', // 71 s
    'tests/e2e/carousel-and-video.test.ts', // 59 s, growing
    'tests/e2e/agency-journey.test.ts', // 54 s
    'tests/e2e/marketing-mix.test.ts', // 51 s
    'tests/e2e/brief-to-published-ads.test.ts', // 50 s
  ],
  integration: [
    'tests/integration/campaign-generator/publish-video.test.ts', // 37 s
    'tests/integration/twin/twin-survives-kill.test.ts', // 32 s
    'tests/integration/twin/queued-deliveries-survive-kill.test.ts', // 25 s
    'tests/integration/twin/damaged-state-start.test.ts', // 25 s
    'tests/integration/meta-api/insights-report-runs.test.ts', // 23 s
    'tests/integration/campaign-generator/publish-languages.test.ts', // 21 s
    'tests/integration/rules/rule-runs.test.ts', // 21 s
  ],
};

/** Vitest's order (projects one after another; known durations, else size), with each project's long files first. */
export default class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const long = LONG_FILES[spec.project.name] ?? [];
      const index = long.indexOf(path.relative(spec.project.config.root, spec.moduleId).split(path.sep).join('/'));
      return index === -1 ? long.length : index;
    };
    const position = new Map(sorted.map((spec, index) => [spec, index]));
    // Each project's files stay where vitest put the project; only their order within it changes.
    const projectStart = new Map<string, number>();
    sorted.forEach((spec, index) => {
      if (!projectStart.has(spec.project.name)) projectStart.set(spec.project.name, index);
    });
    return [...sorted].sort(
      (a, b) =>
        projectStart.get(a.project.name)! - projectStart.get(b.project.name)! ||
        rank(a) - rank(b) ||
        position.get(a)! - position.get(b)!,
    );
  }
}
