import { useId, useState } from 'react';
import type { CampaignWithMetrics } from '@shared/schemas/meta';
import { belowMinimumMessage, budgetMinimum } from '@shared/budget-minimum';
import { budgetToMajor, currencyOffset } from '@shared/currency-units';
import { parseBudgetInput, type BudgetFloor } from '@web/lib/budget-input';
import { ApiError } from '@web/lib/api-client';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { campaignBudget } from '../lib/campaign-table';
import { formatBudget } from '@web/lib/format';
import { Modal } from '@web/components/ui/modal';
import { metaErrorMessage } from '@web/lib/meta-account/meta-error-message';
import { budgetChangePercent, formatChangePercent } from '@web/lib/meta-account/budget-change';
import { LearningPhaseNote } from '@web/components/meta-account/learning-phase-note';
import { RestartedSpend } from './restarted-spend';

/** Confirms pausing or resuming a campaign; resuming starts spending, so it says how much a day. */
export function StatusConfirmDialog({
  campaign,
  currency,
  onCancel,
  onConfirm,
}: {
  campaign: CampaignWithMetrics | null;
  currency: string;
  onCancel: () => void;
  onConfirm: (campaign: CampaignWithMetrics, status: 'ACTIVE' | 'PAUSED') => void;
}) {
  const pausing = campaign?.status === 'ACTIVE';
  return (
    <Modal
      open={campaign !== null}
      onClose={onCancel}
      role="alertdialog"
      title={pausing ? `Pause “${campaign?.name}”?` : `Resume “${campaign?.name}”?`}
      description={
        pausing
          ? 'The campaign stops delivering ads and spending until you resume it. Its settings and history are kept.'
          : 'The campaign starts delivering ads and spending its budget again.'
      }
    >
      {campaign && !pausing ? <RestartedSpend campaign={campaign} currency={currency} /> : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel} data-autofocus>
          Cancel
        </Button>
        <Button
          variant={pausing ? 'destructive' : 'default'}
          onClick={() => campaign && onConfirm(campaign, pausing ? 'PAUSED' : 'ACTIVE')}
        >
          {pausing ? 'Pause campaign' : 'Resume campaign'}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * The floor Meta puts on this campaign's budget: the account's `min_daily_budget` a day (a lifetime budget that
 * much per scheduled day); null when Meta did not say (the server still checks, and Meta has the last word).
 */
export function budgetFloor(
  campaign: CampaignWithMetrics,
  kind: 'daily' | 'lifetime',
  minDailyBudget: number | null | undefined,
  currency: string,
): BudgetFloor | null {
  if (!minDailyBudget) return null;
  const minimum = budgetMinimum(kind, minDailyBudget, { start: campaign.startTime, stop: campaign.stopTime });
  return { minor: minimum.minor, message: belowMinimumMessage(kind, minimum, formatBudget(minimum.minor, currency)) };
}

type BudgetUpdate = { dailyBudget: number } | { lifetimeBudget: number };

/**
 * Edits a campaign's daily or lifetime budget in major units, with a review step before it is sent. A budget
 * under Meta's minimum is refused here, before anything is sent; when Meta refuses for another reason the
 * dialog stays open with Meta's words (`onConfirm` rejects), so the person can correct and send again.
 */
export function BudgetDialog({
  campaign,
  currency,
  minDailyBudget,
  onCancel,
  onConfirm,
}: {
  campaign: CampaignWithMetrics | null;
  currency: string;
  /** The ad account's `min_daily_budget` in minor units (null when unknown). */
  minDailyBudget: number | null | undefined;
  onCancel: () => void;
  onConfirm: (campaign: CampaignWithMetrics, update: BudgetUpdate) => Promise<void>;
}) {
  return (
    <Modal
      open={campaign !== null}
      onClose={onCancel}
      title={campaign ? `Edit budget of “${campaign.name}”` : ''}
      description="The new budget applies from now on; what was already spent is unchanged."
    >
      {campaign ? (
        <BudgetForm
          key={campaign.id}
          campaign={campaign}
          currency={currency}
          minDailyBudget={minDailyBudget}
          onCancel={onCancel}
          onConfirm={onConfirm}
        />
      ) : null}
    </Modal>
  );
}

function BudgetForm({
  campaign,
  currency,
  minDailyBudget,
  onCancel,
  onConfirm,
}: {
  campaign: CampaignWithMetrics;
  currency: string;
  minDailyBudget: number | null | undefined;
  onCancel: () => void;
  onConfirm: (campaign: CampaignWithMetrics, update: BudgetUpdate) => Promise<void>;
}) {
  const id = useId();
  const budget = campaignBudget(campaign);
  const [text, setText] = useState(budget ? String(budgetToMajor(budget.minor, currency)) : '');
  const [review, setReview] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (!budget) return null;
  const kindLabel = budget.kind === 'daily' ? 'Daily budget' : 'Lifetime budget';
  const decimals = currencyOffset(currency) === 1 ? 0 : 2;
  const floor = budgetFloor(campaign, budget.kind, minDailyBudget, currency);

  const send = async (minor: number) => {
    setSaving(true);
    setRefusal(null);
    try {
      await onConfirm(campaign, budget.kind === 'daily' ? { dailyBudget: minor } : { lifetimeBudget: minor });
    } catch (failure) {
      // Back to the form, the amount kept: under the minimum it belongs to the field, otherwise Meta's words.
      setReview(null);
      const message = metaErrorMessage(failure);
      if (failure instanceof ApiError && failure.code === 'BUDGET_TOO_LOW') setError(message);
      else setRefusal(message);
    } finally {
      setSaving(false);
    }
  };

  if (review !== null) {
    const percent = budgetChangePercent(budget.minor, review);
    return (
      <div className="grid gap-4">
        <p className="text-sm">
          Change the {kindLabel.toLowerCase()} from <strong>{formatBudget(budget.minor, currency)}</strong> to{' '}
          <strong>{formatBudget(review, currency)}</strong>
          {percent !== null ? ` (${formatChangePercent(percent)})` : ''}?
        </p>
        <LearningPhaseNote percent={percent} />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setReview(null)} disabled={saving}>
            Back
          </Button>
          <Button onClick={() => void send(review)} disabled={saving} aria-busy={saving || undefined}>
            {saving ? 'Saving…' : 'Confirm budget'}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = parseBudgetInput(text, currency, floor);
        if ('error' in parsed) {
          setError(parsed.error);
          return;
        }
        setError(null);
        setRefusal(null);
        setReview(parsed.minor);
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor={id}>
          {kindLabel} ({currency})
        </Label>
        <Input
          id={id}
          type="number"
          inputMode="decimal"
          min={floor ? budgetToMajor(floor.minor, currency) : decimals ? 0.01 : 1}
          step={decimals ? 0.01 : 1}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-help`}
          data-autofocus
        />
        {error ? (
          <p id={`${id}-help`} className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : (
          <p id={`${id}-help`} className="text-sm text-muted-foreground">
            Now {formatBudget(budget.minor, currency)}.
            {floor ? ` Meta’s minimum here: ${formatBudget(floor.minor, currency)}.` : ''}
          </p>
        )}
      </div>
      {refusal ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
          <span className="font-medium">Meta did not accept the change:</span> {refusal}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Review change</Button>
      </div>
    </form>
  );
}
