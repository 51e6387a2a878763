import { execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { STAGES } from '../cdk/config';
import { REPO_ROOT } from '../cdk/lib/paths';
import { TEMPLATE_CHECK_SUPPRESSIONS } from './template-check-suppressions';
import {
  describeFinding,
  judge,
  parseCfnLintReport,
  parseCheckovReport,
  type TemplateFinding,
} from './template-findings';

/**
 * `npm run check:templates`: synthesizes every stage into its own cloud assembly and runs the field's
 * two template checkers on the result, cfn-lint (AWS's CloudFormation linter) and checkov (policy
 * checks). Fails on any finding that template-check-suppressions.ts does not keep with a reason, and
 * on any suppression that no longer matches. The checkers are Python tools: `.ci/run` installs the
 * pinned versions (.ci/requirements-template-checks.txt) in a virtualenv and names it in
 * TEMPLATE_CHECKS_VENV; without it they are looked up on PATH. Nothing here reaches the network.
 */
const run = promisify(execFile);
const OUT_ROOT = join(REPO_ROOT, 'cdk.out', 'template-checks');

function tool(name: string): string {
  const venv = process.env.TEMPLATE_CHECKS_VENV;
  return venv ? join(venv, 'bin', name) : name;
}

function synth(stage: string, outdir: string): Promise<void> {
  rmSync(outdir, { recursive: true, force: true });
  const cdk = join(REPO_ROOT, 'node_modules', '.bin', 'cdk');
  const args = ['synth', '--quiet', '--no-notices', '-c', `stage=${stage}`, '--output', outdir];
  return new Promise((resolve, reject) => {
    const child = spawn(cdk, args, {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true' },
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`cdk synth (${stage}) exited ${code}`))));
  });
}

/** Both checkers exit non-zero when they find something; their JSON report is what counts. */
async function reportOf(file: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  try {
    const { stdout } = await run(file, args, { env, maxBuffer: 256 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const failed = error as { stdout?: string; code?: unknown; stderr?: string };
    if (failed.code === 'ENOENT') {
      throw new Error(
        `${file} not found: pip install -r .ci/requirements-template-checks.txt (or set TEMPLATE_CHECKS_VENV)`,
      );
    }
    if (failed.stdout?.trim()) return failed.stdout;
    throw new Error(`${file} failed: ${failed.stderr ?? String(error)}`);
  }
}

async function cfnLint(templates: string[]): Promise<TemplateFinding[]> {
  return parseCfnLintReport(await reportOf(tool('cfn-lint'), ['--format', 'json', '--', ...templates]));
}

async function checkov(templates: string[]): Promise<TemplateFinding[]> {
  const args = ['--framework', 'cloudformation', '--output', 'json', '--quiet', '--skip-download', '--compact'];
  // No calls home: no guideline download (--skip-download, BC_SKIP_MAPPING), no PyPI version check.
  const env = { ...process.env, BC_SKIP_MAPPING: 'TRUE', CKV_SKIP_PACKAGE_UPDATE_CHECK: 'true' };
  return parseCheckovReport(await reportOf(tool('checkov'), [...args, ...templates.flatMap((t) => ['-f', t])], env));
}

async function main(): Promise<void> {
  const started = Date.now();
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  const templates: string[] = [];
  for (const stage of STAGES) {
    const outdir = join(OUT_ROOT, stage);
    await synth(stage, outdir);
    if (!existsSync(join(outdir, 'manifest.json'))) throw new Error(`synth of ${stage} wrote no cloud assembly`);
    templates.push(
      ...readdirSync(outdir)
        .filter((name) => name.endsWith('.template.json'))
        .map((name) => join(outdir, name)),
    );
  }
  console.log(`synthesized ${STAGES.join(' and ')}: ${templates.length} templates (${seconds()} s)`);

  const [lint, policy] = await Promise.all([cfnLint(templates), checkov(templates)]);
  console.log(`cfn-lint and checkov ran (${seconds()} s)`);
  const verdict = judge([...lint, ...policy], TEMPLATE_CHECK_SUPPRESSIONS);
  for (const [suppression, count] of verdict.used) {
    if (count > 0) console.log(`kept ${count} × ${suppression.tool} ${suppression.rule} ${suppression.resource}`);
  }
  for (const finding of verdict.open) console.error(`OPEN ${describeFinding(finding)}`);
  for (const suppression of verdict.unused) {
    console.error(`STALE suppression ${suppression.tool} ${suppression.rule} ${suppression.resource}: matches nothing`);
  }
  const kept = lint.length + policy.length - verdict.open.length;
  console.log(
    `template checks: ${verdict.open.length} open, ${kept} kept with a reason, ${verdict.unused.length} stale (${seconds()} s)`,
  );
  if (verdict.open.length > 0 || verdict.unused.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
