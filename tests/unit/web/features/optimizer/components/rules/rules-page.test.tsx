import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { plans } from '@shared/plans';
import type { Usage } from '@shared/schemas/billing';
import type { AdAccount } from '@shared/schemas/meta';
import type { BacktestResult, Rule, RuleDraft, RuleList, RuleRun } from '@shared/schemas/rules';
import { defaultSafeguards } from '@shared/rule-language';
import { createQueryClient } from '@web/app/providers/query-client';
import { BacktestView, firingsByDay } from '@web/features/optimizer/components/rules/backtest-view';
import { RuleBuilder } from '@web/features/optimizer/components/rules/rule-builder';
import { RulesPage, RunHistory } from '@web/features/optimizer/components/rules/rules-page';
import { ApiError } from '@web/lib/api-client';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
vi.mock('@web/lib/auth/use-auth', () => ({ useAuth: () => ({ currentUser: { uid: 'user-1' } }) }));
vi.mock('sonner', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn() } }));

const account: AdAccount = {
  id: 'act_1',
  accountId: '1',
  name: 'Demo store',
  currency: 'USD',
  timezoneName: 'America/New_York',
  status: 'ACTIVE',
  amountSpent: 1000,
};

const ruleOf = (id: string, name: string, status: 'on' | 'off'): Rule => ({
  ruleId: id,
  version: 1,
  status,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  lastRun: null,
  rule: {
    name,
    scope: { adAccountId: 'act_1', level: 'adset', filter: { kind: 'all' } },
    conditions: [{ metric: 'cost_per_result', window: 'last_3_days', comparator: 'gt', threshold: 4000 }],
    action: { type: 'pause' },
    schedule: { kind: 'hourly' },
    safeguards: defaultSafeguards('USD'),
  },
});

const usage = (rulesOn: number): Usage => ({
  plan: 'free',
  limits: [{ key: 'automationRules', used: rulesOn, limit: 2, resetsAt: null, enforced: true, held: [] }],
});

const runOf = (overrides: Partial<RuleRun>): RuleRun => ({
  runKey: `${Math.random()}`,
  ruleId: 'r1',
  ruleName: 'Pause expensive ad sets',
  ruleVersion: 1,
  window: '2026-11-22T10',
  trigger: 'schedule',
  startedAt: '2026-11-22T15:00:00.000Z',
  outcome: 'acted',
  evaluated: 4,
  skips: {},
  actions: [],
  ...overrides,
});

function renderWithClient(ui: React.ReactNode) {
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>{ui}</QueryClientProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  api.apiRequest.mockReset();
});

describe('rule builder', () => {
  it('previews the rule in plain language with the minimum spend clause, and drops it when the minimum is 0', async () => {
    const user = renderWithClient(<RuleBuilder accounts={[account]} onDone={() => undefined} />);
    await user.type(screen.getByLabelText('Rule name'), 'Pause expensive ad sets');
    await user.type(screen.getByLabelText('Condition 1 value (USD)'), '40');
    const preview = screen.getByTestId('rule-preview');
    expect(preview).toHaveTextContent(/cost per result over the last 3 days is above/);
    expect(preview).toHaveTextContent(/once it has spent \$/);

    const minSpend = screen.getByLabelText('Minimum spend before deciding (USD)');
    await user.clear(minSpend);
    await user.type(minSpend, '0');
    expect(screen.getByTestId('rule-preview')).not.toHaveTextContent(/once it has spent/);
    expect(screen.getByTestId('rule-preview')).not.toHaveTextContent('$0');
  });

  it('refuses what cannot be saved: the preview names the problem and Save and Backtest stay disabled', async () => {
    const user = renderWithClient(<RuleBuilder accounts={[account]} onDone={() => undefined} />);
    await user.type(screen.getByLabelText('Rule name'), 'Pause expensive ad sets');
    const value = screen.getByLabelText('Condition 1 value (USD)');
    await user.clear(value);
    await user.type(value, 'forty');
    expect(screen.getByRole('region', { name: 'Preview' })).toHaveTextContent('Amounts must be numbers.');
    expect(screen.getByRole('button', { name: 'Save rule' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Run backtest' })).toBeDisabled();

    await user.clear(value);
    await user.type(value, '40');
    await user.clear(screen.getByLabelText('Rule name'));
    expect(screen.getByRole('region', { name: 'Preview' })).toHaveTextContent(/name/i);
    expect(screen.getByRole('button', { name: 'Save rule' })).toBeDisabled();
  });
});

describe('rule builder limited to a custom audience', () => {
  it('lists the account’s audiences, says the limit in the preview, and saves it with the audience’s id and name', async () => {
    const created: unknown[] = [];
    api.apiRequest.mockImplementation(async (name: string, input?: { params?: { id: string }; body?: unknown }) => {
      if (name === 'listAudiences') {
        expect(input?.params?.id).toBe('act_1');
        return {
          items: [
            { id: '900', name: 'Customers' },
            { id: '901', name: 'Lookalike (US, 1 %)' },
          ],
        };
      }
      if (name === 'rulesCreate') return void created.push(input?.body);
      throw new Error(`unexpected ${name}`);
    });
    const user = renderWithClient(<RuleBuilder accounts={[account]} onDone={() => undefined} />);
    await user.type(screen.getByLabelText('Rule name'), 'Pause costly retargeting');
    await user.type(screen.getByLabelText('Condition 1 value (USD)'), '40');
    // No audience chosen: the rule is on any ad set, and there is nothing to say about targeting.
    expect(screen.queryByLabelText('Ad sets that')).toBeNull();
    const audience = screen.getByLabelText('Audience');
    await screen.findByRole('option', { name: 'Customers' });
    await user.selectOptions(audience, 'Customers');
    await user.selectOptions(screen.getByLabelText('Ad sets that'), 'Exclude this audience');
    expect(screen.getByTestId('rule-preview')).toHaveTextContent(/^Pause any ad set that excludes “Customers” whose/);

    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    await vi.waitFor(() => expect(created).toHaveLength(1));
    expect((created[0] as RuleDraft).scope.audience).toEqual({ id: '900', name: 'Customers', relation: 'excludes' });
  });

  it('keeps a saved rule’s audience visible when the account no longer lists it, and can drop it', async () => {
    api.apiRequest.mockImplementation(async (name: string) => {
      if (name === 'listAudiences') return { items: [] };
      throw new Error(`unexpected ${name}`);
    });
    const saved = ruleOf('r1', 'Pause costly retargeting', 'off');
    saved.rule.scope.audience = { id: '900', name: 'Old customers', relation: 'targets' };
    const user = renderWithClient(<RuleBuilder accounts={[account]} rule={saved} onDone={() => undefined} />);
    const audience = screen.getByLabelText('Audience');
    expect(audience).toHaveValue('900');
    expect(screen.getByTestId('rule-preview')).toHaveTextContent('that targets “Old customers”');
    await user.selectOptions(audience, 'Any audience');
    expect(screen.getByTestId('rule-preview')).not.toHaveTextContent('Old customers');
  });
});

describe('rule builder budget steps', () => {
  // Issue 25, requirement 9: a rule that moves a budget by more than a safe step restarts learning each time it fires.
  it('warns with Meta’s learning-phase rule when a rule moves a budget by more than 20 %', async () => {
    const user = renderWithClient(<RuleBuilder accounts={[account]} onDone={() => undefined} />);
    await user.selectOptions(screen.getByLabelText('Then'), 'raise');
    const percent = screen.getByLabelText('By percent');
    expect(percent).toHaveValue('15');
    expect(screen.queryByRole('note', { name: 'Learning phase' })).toBeNull();
    await user.clear(percent);
    await user.type(percent, '50');
    expect(screen.getByRole('note', { name: 'Learning phase' })).toHaveTextContent('+50 %');
    await user.selectOptions(screen.getByLabelText('Then'), 'lower');
    expect(screen.getByRole('note', { name: 'Learning phase' })).toHaveTextContent('−50 %');
  });
});

describe('backtest results', () => {
  const firing = (date: string, objectId: string, spend: number) => ({
    date,
    objectId,
    objectName: `Ad set ${objectId}`,
    action: 'pause',
    readings: [
      {
        metric: 'cost_per_result' as const,
        window: 'last_3_days' as const,
        comparator: 'gt' as const,
        threshold: 4000,
        value: 5210,
        from: '2026-11-01',
        to: '2026-11-03',
        met: true,
      },
    ],
    spendDeltaMinor: -spend,
    resultsDelta: -1.5,
  });
  const result: BacktestResult = {
    currency: 'USD',
    from: '2026-08-01',
    to: '2026-11-21',
    daysReplayed: 113,
    objectsInScope: 3,
    days: [
      { date: '2026-11-04', firings: 2, spendDeltaMinor: -3000, resultsDelta: -3 },
      { date: '2026-11-05', firings: 1, spendDeltaMinor: -1000, resultsDelta: -1.5 },
    ],
    firings: [firing('2026-11-04', 'a', 2000), firing('2026-11-04', 'b', 1000), firing('2026-11-05', 'a', 1000)],
    totals: { firingDays: 2, firings: 3, objectsFired: 2, spendDeltaMinor: -4000, resultsDelta: -4.5 },
    warnings: [{ code: 'fires_too_often', message: 'This rule would have fired on more than half the days.' }],
    partial: false,
  };

  it('groups firings by day', () => {
    expect(firingsByDay(result.firings).map((d) => [d.date, d.firings.length])).toEqual([
      ['2026-11-04', 2],
      ['2026-11-05', 1],
    ]);
  });

  it('summarises, warns, charts and lists each day once with the action said once, not on every row', () => {
    renderWithClient(<BacktestView result={result} />);
    expect(screen.getByTestId('backtest-summary')).toHaveTextContent(
      /fired 3 times on 2 days, on 2 of 3 objects: spend saved \$40(\.00)?, results lost about 4\.5/,
    );
    expect(screen.getByText('This rule would have fired on more than half the days.')).toBeInTheDocument();
    expect(screen.getByText(/Firings per day \(bars\)/)).toBeInTheDocument();

    const table = screen.getByRole('table');
    // Two days, each a row group header spanning its objects.
    const dayHeaders = within(table).getAllByRole('rowheader');
    expect(dayHeaders).toHaveLength(2);
    expect(dayHeaders[0]).toHaveAttribute('rowspan', '2');
    expect(within(table).getAllByRole('row')).toHaveLength(4); // header + 3 firings
    expect(within(table).queryByRole('columnheader', { name: 'Action' })).not.toBeInTheDocument();
    expect(screen.getByText(/Action on each object below/)).toHaveTextContent('Paused');
    expect(within(table).getAllByText(/^−\$20(\.00)?$/)).toHaveLength(1);
    expect(within(table).getAllByText(/Cost per result \$52\.10 > \$40/)).toHaveLength(3);
  });

  it('says so plainly when the rule would never have fired', () => {
    renderWithClient(
      <BacktestView
        result={{
          ...result,
          firings: [],
          days: [],
          warnings: [],
          totals: { firingDays: 0, firings: 0, objectsFired: 0, spendDeltaMinor: 0, resultsDelta: 0 },
        }}
      />,
    );
    expect(screen.getByTestId('backtest-summary')).toHaveTextContent(/would never have fired on the 3 objects/);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('run history', () => {
  it('lists every action with its reason and the skips by cause', () => {
    renderWithClient(
      <RunHistory
        currencyOf={() => 'USD'}
        runs={[
          runOf({
            actions: [
              {
                objectId: 's1',
                objectName: 'Retargeting',
                level: 'adset',
                action: 'pause',
                readings: [
                  {
                    metric: 'cost_per_result',
                    window: 'last_3_days',
                    comparator: 'gt',
                    threshold: 4000,
                    value: 5210,
                    from: '2026-11-18',
                    to: '2026-11-20',
                    met: true,
                  },
                ],
                reason: 'cost per result was $52.10',
                status: 'done',
              },
            ],
            skips: { cooldown: 2, plan_limit: 1 },
          }),
        ]}
      />,
    );
    const history = screen.getByRole('list', { name: 'Run history' });
    expect(within(history).getByText('Acted')).toBeInTheDocument();
    expect(within(history).getByText(/Paused/)).toHaveTextContent('Paused Retargeting');
    expect(within(history).getByText(/\$52\.10/)).toBeInTheDocument();
    expect(history).toHaveTextContent('skipped: 2 in cooldown, 1 refused by the plan');
  });

  it('shows the kill switch’s state instead of a row per window', () => {
    renderWithClient(
      <RunHistory
        currencyOf={() => 'USD'}
        killSwitchSince="2026-11-22T15:00:00.000Z"
        runs={[runOf({ outcome: 'skipped', skippedBecause: 'kill_switch', evaluated: 0 })]}
      />,
    );
    expect(screen.getByText('The kill switch is on')).toBeInTheDocument();
    expect(screen.getByText(/Stopped by the kill switch/)).toBeInTheDocument();
  });
});

describe('rules tab', () => {
  function serve(list: RuleList, rulesOn: number, onStatus?: () => unknown) {
    api.apiRequest.mockImplementation(async (name: string, input?: { body?: unknown }) => {
      if (name === 'rulesList') return list;
      if (name === 'rulesRuns') return { runs: [] };
      if (name === 'metaAdAccounts') return { data: [account] };
      if (name === 'billingUsage') return usage(rulesOn);
      if (name === 'rulesSetStatus') return onStatus?.();
      if (name === 'rulesSettings')
        return { killSwitch: (input?.body as { killSwitch: boolean }).killSwitch, killSwitchSince: null };
      throw new Error(`unexpected ${name}`);
    });
  }

  it('shows how many rules are on against the plan and the upgrade prompt when switching one more on hits it', async () => {
    serve(
      {
        rules: [ruleOf('r1', 'One', 'on'), ruleOf('r2', 'Two', 'on'), ruleOf('r3', 'Three', 'off')],
        settings: { killSwitch: false, killSwitchSince: null },
      },
      2,
      () => {
        throw new ApiError('QUOTA_EXCEEDED', 429, 'Your Free plan allows 2 rules on at once.', {
          quota: 'automationRules',
          limit: '2',
          plan: 'free',
          upgradeTo: 'pro',
        });
      },
    );
    const user = renderWithClient(<RulesPage />);
    expect(await screen.findByLabelText('Rules switched on')).toHaveTextContent('2 of 2 rules on');

    await user.click(screen.getByRole('button', { name: 'Switch on Three' }));
    const upgrade = await screen.findByRole('link', { name: 'Upgrade to Pro' });
    expect(upgrade).toHaveAttribute('href', '/pricing');
    expect(screen.getByText(/does not reset by itself/)).toBeInTheDocument();
    expect(screen.getByText(`Pro allows ${plans.pro.limits.automationRules}.`, { exact: false })).toBeInTheDocument();
    expect(screen.queryByText(/was not switched/)).not.toBeInTheDocument();
  });

  it('switches the kill switch and shows its state', async () => {
    serve(
      {
        rules: [ruleOf('r1', 'One', 'on')],
        settings: { killSwitch: true, killSwitchSince: '2026-11-22T15:00:00.000Z' },
      },
      1,
    );
    const user = renderWithClient(<RulesPage />);
    const toggle = await screen.findByRole('checkbox', { name: 'Kill switch: stop all rules' });
    await vi.waitFor(() => expect(toggle).toBeChecked());
    expect(screen.getByText('All rules stopped')).toBeInTheDocument();
    expect(await screen.findByText('The kill switch is on')).toBeInTheDocument();

    await user.click(toggle);
    await vi.waitFor(() =>
      expect(api.apiRequest).toHaveBeenCalledWith('rulesSettings', { body: { killSwitch: false } }),
    );
  });
});
