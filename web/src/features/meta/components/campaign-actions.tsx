import { useId, useState } from 'react';
import type { CampaignWithMetrics } from '@shared/schemas/meta';
import { budgetToMajor, currencyOffset, majorToBudget } from '@shared/currency-units';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { campaignBudget } from '../lib/campaign-table';
import { formatBudget } from '@web/lib/format';
import { Modal } from '@web/components/ui/modal';

/** Confirms pausing or resuming a campaign. */
export function StatusConfirmDialog({
  campaign,
  onCancel,
  onConfirm,
}: {
  campaign: CampaignWithMetrics | null;
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

/** Parses what a person typed as a budget in major units; an error message when it cannot be used. */
export function parseBudgetInput(text: string, currency: string): { minor: number } | { error: string } {
  const trimmed = text.trim().replace(',', '.');
  if (!trimmed) return { error: 'Enter a budget.' };
  const major = Number(trimmed);
  if (!Number.isFinite(major)) return { error: 'Enter a number.' };
  const minor = majorToBudget(major, currency);
  if (minor <= 0) return { error: 'The budget must be more than zero.' };
  if (Math.abs(budgetToMajor(minor, currency) - major) > 1e-9) {
    const places = currencyOffset(currency) === 1 ? 'no' : 'at most 2';
    return { error: `${currency} budgets have ${places} decimal places.` };
  }
  return { minor };
}

/** Edits a campaign's daily or lifetime budget in major units, with a review step before it is sent. */
export function BudgetDialog({
  campaign,
  currency,
  onCancel,
  onConfirm,
}: {
  campaign: CampaignWithMetrics | null;
  currency: string;
  onCancel: () => void;
  onConfirm: (campaign: CampaignWithMetrics, update: { dailyBudget: number } | { lifetimeBudget: number }) => void;
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
  onCancel,
  onConfirm,
}: {
  campaign: CampaignWithMetrics;
  currency: string;
  onCancel: () => void;
  onConfirm: (campaign: CampaignWithMetrics, update: { dailyBudget: number } | { lifetimeBudget: number }) => void;
}) {
  const id = useId();
  const budget = campaignBudget(campaign);
  const [text, setText] = useState(budget ? String(budgetToMajor(budget.minor, currency)) : '');
  const [review, setReview] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!budget) return null;
  const kindLabel = budget.kind === 'daily' ? 'Daily budget' : 'Lifetime budget';
  const decimals = currencyOffset(currency) === 1 ? 0 : 2;

  if (review !== null) {
    return (
      <div className="grid gap-4">
        <p className="text-sm">
          Change the {kindLabel.toLowerCase()} from <strong>{formatBudget(budget.minor, currency)}</strong> to{' '}
          <strong>{formatBudget(review, currency)}</strong>?
        </p>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setReview(null)}>
            Back
          </Button>
          <Button
            onClick={() =>
              onConfirm(campaign, budget.kind === 'daily' ? { dailyBudget: review } : { lifetimeBudget: review })
            }
          >
            Confirm budget
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
        const parsed = parseBudgetInput(text, currency);
        if ('error' in parsed) {
          setError(parsed.error);
          return;
        }
        setError(null);
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
          min={decimals ? 0.01 : 1}
          step={decimals ? 0.01 : 1}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-autofocus
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">Now {formatBudget(budget.minor, currency)}.</p>
        )}
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Review change</Button>
      </div>
    </form>
  );
}
