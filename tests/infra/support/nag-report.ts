import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { App } from 'aws-cdk-lib';

interface ValidationReport {
  pluginReports: {
    pluginName: string;
    violations: { ruleName: string; description: string; violatingConstructs: { constructPath: string }[] }[];
  }[];
}

/**
 * Synthesizes an app that has cdk-nag registered and returns every unacknowledged
 * finding as "rule at construct path: description" (empty when synth passes).
 */
export function nagFindings(app: App, outdir: string): string[] {
  const reportPath = join(outdir, 'validation-report.json');
  try {
    app.synth({ force: true });
  } catch (error) {
    if (!existsSync(reportPath)) throw error;
  }
  if (!existsSync(reportPath)) return [];
  const report = JSON.parse(readFileSync(reportPath, 'utf8')) as ValidationReport;
  return report.pluginReports.flatMap((plugin) =>
    plugin.violations.flatMap((violation) =>
      violation.violatingConstructs.map((c) => `${violation.ruleName} at ${c.constructPath}: ${violation.description}`),
    ),
  );
}
