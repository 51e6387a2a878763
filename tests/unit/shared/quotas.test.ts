import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { plans } from '@shared/plans';
import { planAllowance, planAllowances, quotaKeys, quotas } from '@shared/quotas';
import { routes } from '@shared/routes';

describe('the quotas table', () => {
  it('names the routes it counts by their key in shared/routes.ts, and each is signed in', () => {
    for (const key of quotaKeys) {
      expect(quotas[key].countedBy.length, key).toBeGreaterThan(0);
      for (const route of quotas[key].countedBy) {
        expect(routes[route], `${key}: ${route}`).toBeDefined();
        expect(routes[route].access, `${key}: ${route}`).toBe('user');
      }
    }
  });

  it('counts the requests it always counted', () => {
    const counted = (key: (typeof quotaKeys)[number]) =>
      quotas[key].countedBy.map((route) => `${routes[route].method} ${routes[route].path}`);
    expect(counted('aiGenerationsPerDay')).toEqual([
      'POST /api/ai/ad-copy',
      'POST /api/ad-optimizer/ads/{id}/rewrites',
      'POST /api/campaign-generator/drafts',
      'POST /api/graphics/ai-images',
    ]);
    expect(counted('graphicsExportsPerMonth')).toEqual([
      'POST /api/graphics/designs/{id}/exports',
      'POST /api/graphics/designs/{id}/videos',
    ]);
    expect(counted('connectedAdAccounts')).toEqual([
      'GET /api/meta/ad-accounts/{id}/campaigns',
      'GET /api/meta/ad-accounts/{id}/insights',
      // The performance table reads the same account: a held place, not a way around the limit.
      'GET /api/meta/ad-accounts/{id}/performance',
    ]);
    expect(counted('automationRules')).toEqual(['PUT /api/rules/{id}/status']);
    expect(counted('mmmFitsPerMonth')).toEqual(['POST /api/mmm/models']);
    expect(counted('seats')).toEqual(['POST /api/team/invitations']);
  });

  it('declares a counted route for every function that spends AI generations', () => {
    const sources = readdirSync('lambdas', { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => ({ file, text: readFileSync(join('lambdas', file), 'utf8') }));
    // What spends: the generation code itself, and shared modules that call it (a value import, not a type):
    // a function may spend through lib/ad-optimizer/rewrite-ad as much as by importing ad-copy itself.
    const spendingModules = [
      'ai/generation-quota',
      'ai/ad-copy',
      ...sources
        .filter(
          ({ file, text }) =>
            file.startsWith('lib') && /^import (?!type)[^;]*from '\.\.\/ai\/(generation-quota|ad-copy)'/m.test(text),
        )
        .map(({ file }) =>
          file
            .replace(/^lib[\\/]/, '')
            .replace(/\.ts$/, '')
            .replace(/\\/g, '/'),
        ),
    ];
    const spendsGenerations = new RegExp(`from '\\.\\./lib/(${spendingModules.join('|')})'`);
    const spenders = sources
      .filter(({ file, text }) => !file.startsWith('lib') && spendsGenerations.test(text))
      .map(({ file }) => file.split(/[\\/]/)[0]);
    const declared = quotas.aiGenerationsPerDay.countedBy.map((route) => routes[route].fn);
    // The chat and the agent stream from their function URLs: their counting is stated in words.
    expect(quotas.aiGenerationsPerDay.countedWhen).toContain('chat');
    expect(quotas.aiGenerationsPerDay.countedWhen).toContain('agent');
    expect(new Set(spenders)).toEqual(new Set([...declared, 'chatbot', 'agent']));
  });

  it('says an allowance in the singular for one and the plural otherwise', () => {
    expect(planAllowance('seats', 1)).toBe('1 seat');
    expect(planAllowance('seats', 10)).toBe('10 seats');
    expect(planAllowance('aiGenerationsPerDay', 1_000)).toBe('1,000 AI generations a day');
  });

  it('lists every limit of a plan, each once', () => {
    expect(planAllowances(plans.free.limits)).toEqual([
      '20 AI generations a day',
      '2 Meta ad accounts',
      '10 graphics exports a month',
      '2 automation rules',
      '1 marketing-mix model a month',
      '1 seat',
    ]);
    expect(planAllowances(plans.agency.limits)).toHaveLength(quotaKeys.length);
  });
});
