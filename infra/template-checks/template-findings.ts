import * as z from 'zod';

/** One problem a template checker reported, in the shape both checkers' reports are reduced to. */
export interface TemplateFinding {
  tool: 'cfn-lint' | 'checkov';
  rule: string;
  /** cfn-lint: Error, Warning or Informational; checkov reports failures only. */
  level: 'error' | 'warning' | 'info' | 'failed';
  /** The template file's name, e.g. `adsmith-dev-edge.template.json`. */
  template: string;
  /** The CloudFormation logical id, when the finding concerns a resource. */
  resource: string;
  message: string;
}

/** A finding we keep on purpose, and why (see template-check-suppressions.ts). */
export interface Suppression {
  tool: TemplateFinding['tool'];
  rule: string;
  /** Matches the finding's logical id. */
  resource: RegExp;
  /** Matches the finding's message, when the rule alone is too broad. */
  message?: RegExp;
  reason: string;
}

const CfnLintReport = z.array(
  z.object({
    Filename: z.string(),
    Level: z.enum(['Error', 'Warning', 'Informational']),
    Message: z.string(),
    Location: z.object({
      Path: z
        .array(z.union([z.string(), z.number()]))
        .nullable()
        .optional(),
    }),
    Rule: z.object({ Id: z.string() }),
  }),
);

const CFN_LINT_LEVELS = { Error: 'error', Warning: 'warning', Informational: 'info' } as const;

/** Reads `cfn-lint --format json` output. */
export function parseCfnLintReport(json: string): TemplateFinding[] {
  return CfnLintReport.parse(JSON.parse(json)).map((entry) => {
    const path = entry.Location.Path ?? [];
    return {
      tool: 'cfn-lint',
      rule: entry.Rule.Id,
      level: CFN_LINT_LEVELS[entry.Level],
      template: baseName(entry.Filename),
      resource: path[0] === 'Resources' && typeof path[1] === 'string' ? path[1] : '',
      message: entry.Message,
    };
  });
}

const CheckovRun = z.object({
  check_type: z.string(),
  results: z.object({
    failed_checks: z.array(
      z.object({ check_id: z.string(), check_name: z.string(), file_path: z.string(), resource: z.string() }),
    ),
  }),
});

/**
 * Reads `checkov -o json` output: one run object, or a list of them (one per framework). A run that found
 * nothing to check is printed as a summary without `results`; checking no template is itself a failure.
 */
export function parseCheckovReport(json: string): TemplateFinding[] {
  const parsed: unknown = JSON.parse(json);
  const runs = z.array(CheckovRun).parse(Array.isArray(parsed) ? parsed : [parsed]);
  return runs.flatMap((run) =>
    run.results.failed_checks.map((check) => ({
      tool: 'checkov' as const,
      rule: check.check_id,
      level: 'failed' as const,
      template: baseName(check.file_path),
      // `AWS::SQS::Queue.LogicalId`
      resource: check.resource.slice(check.resource.lastIndexOf('.') + 1),
      message: check.check_name,
    })),
  );
}

export interface Verdict {
  /** Findings no suppression covers: each fails the check. */
  open: TemplateFinding[];
  /** How many findings each suppression covered. */
  used: Map<Suppression, number>;
  /** Suppressions that covered nothing: stale, so they fail the check too. */
  unused: Suppression[];
}

export function judge(findings: readonly TemplateFinding[], suppressions: readonly Suppression[]): Verdict {
  const used = new Map<Suppression, number>(suppressions.map((s) => [s, 0]));
  const open: TemplateFinding[] = [];
  for (const finding of findings) {
    const suppression = suppressions.find(
      (s) =>
        s.tool === finding.tool &&
        s.rule === finding.rule &&
        // cfn-lint errors are never suppressed: zero errors is the rule.
        finding.level !== 'error' &&
        s.resource.test(finding.resource) &&
        (!s.message || s.message.test(finding.message)),
    );
    if (suppression) used.set(suppression, used.get(suppression)! + 1);
    else open.push(finding);
  }
  return { open, used, unused: suppressions.filter((s) => used.get(s) === 0) };
}

export function describeFinding(finding: TemplateFinding): string {
  const where = finding.resource ? `${finding.template} ${finding.resource}` : finding.template;
  return `${finding.tool} ${finding.rule} (${finding.level}) at ${where}: ${finding.message}`;
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
