import { RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { budgetToMajor } from '@shared/currency-units';
import type { ProposedChange, StoredRecommendation } from '@shared/schemas/optimizer';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Modal } from '@web/components/ui/modal';
import { ApiError } from '@web/lib/api-client';
import { parseBudgetInput } from '@web/lib/budget-input';
import { formatBudget } from '@web/lib/format';
import { budgetChangePercent, formatChangePercent } from '@web/lib/meta-account/budget-change';
import { LearningPhaseNote } from '@web/components/meta-account/learning-phase-note';
import { LEVEL_LABELS } from '../../lib/recommendation-words';

function describeChange(
  change: ProposedChange['change'] | StoredRecommendation['changes'][0]['before'],
  currency: string,
  audienceNames: Record<string, string> = {},
) {
  const parts: string[] = [];
  if (change.status)
    parts.push(change.status === 'PAUSED' ? 'Paused' : change.status === 'ACTIVE' ? 'Active' : change.status);
  if (change.dailyBudget) parts.push(`${formatBudget(change.dailyBudget, currency)} a day`);
  if (change.lifetimeBudget) parts.push(`${formatBudget(change.lifetimeBudget, currency)} lifetime`);
  // An ad set's exclusions, by name: "Excludes Customers, Newsletter" (or "Excludes no audience").
  const excluded = change.excludedAudienceIds;
  if (excluded)
    parts.push(
      excluded.length > 0
        ? `Excludes ${excluded.map((id) => audienceNames[id] ?? `audience ${id}`).join(', ')}`
        : 'Excludes no audience',
    );
  return parts.join(', ') || '—';
}

interface DraftItem {
  include: boolean;
  budgetText: string;
}

interface StaleProps {
  /** The approval's error: a STALE_BEFORE one is shown inline, per object. */
  error: Error | null;
  refreshing: boolean;
  onRefresh: () => void;
}

/** The diff-and-approve drawer: before → after per object; items can be deselected and budgets edited. */
export function ApproveDrawer({
  rec,
  pending,
  onClose,
  onApprove,
  ...stale
}: StaleProps & {
  rec: StoredRecommendation | null;
  pending: boolean;
  onClose: () => void;
  onApprove: (body: {
    changes: Array<{ level: ProposedChange['level']; objectId: string; change: ProposedChange['change'] }>;
  }) => void;
}) {
  return (
    <Modal
      open={rec !== null}
      onClose={onClose}
      variant="drawer"
      title="Review and approve"
      description="Nothing changes at Meta until you approve. You can deselect items or edit the budgets."
    >
      {rec ? (
        <ApproveForm key={rec.id} rec={rec} pending={pending} onClose={onClose} onApprove={onApprove} {...stale} />
      ) : null}
    </Modal>
  );
}

/** The per-object messages of a STALE_BEFORE refusal (keyed by object id), or null for any other outcome. */
function staleDetails(error: Error | null): Record<string, string> | null {
  return error instanceof ApiError && error.code === 'STALE_BEFORE' ? (error.details ?? {}) : null;
}

function ApproveForm({
  rec,
  pending,
  onClose,
  onApprove,
  error,
  refreshing,
  onRefresh,
}: StaleProps & {
  rec: StoredRecommendation;
  pending: boolean;
  onClose: () => void;
  onApprove: (body: {
    changes: Array<{ level: ProposedChange['level']; objectId: string; change: ProposedChange['change'] }>;
  }) => void;
}) {
  const baseId = useId();
  const [items, setItems] = useState<DraftItem[]>(() =>
    rec.changes.map((c) => ({
      include: true,
      budgetText: c.change.dailyBudget ? String(budgetToMajor(c.change.dailyBudget, rec.currency)) : '',
    })),
  );
  const parsed = rec.changes.map((c, i) =>
    c.change.dailyBudget ? parseBudgetInput(items[i]!.budgetText, rec.currency) : null,
  );
  const invalid = parsed.some((p, i) => items[i]!.include && p && 'error' in p);
  const selected = items.filter((i) => i.include).length;
  const stale = staleDetails(error);

  const submit = () => {
    onApprove({
      changes: rec.changes.flatMap((c, i) => {
        if (!items[i]!.include) return [];
        const budget = parsed[i];
        const change = budget && 'minor' in budget ? { ...c.change, dailyBudget: budget.minor } : c.change;
        return [{ level: c.level, objectId: c.objectId, change }];
      }),
    });
  };

  return (
    <div className="grid gap-4">
      <p className="text-sm font-medium">{rec.title}</p>
      {stale ? (
        <div role="alert" className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          <p className="font-medium">Meta’s values changed since this was proposed: nothing was applied.</p>
          <p>The change was computed from the values shown as “before”. Refresh to get recommendations from today’s.</p>
          <Button variant="outline" size="sm" className="justify-self-start" onClick={onRefresh} disabled={refreshing}>
            <RefreshCw aria-hidden="true" /> {refreshing ? 'Refreshing…' : 'Refresh the recommendations'}
          </Button>
        </div>
      ) : null}
      <ul className="grid gap-3" aria-label="Changes to approve">
        {rec.changes.map((c, i) => {
          const item = items[i]!;
          const budget = parsed[i];
          const id = `${baseId}-${i}`;
          const newBudget = budget && 'minor' in budget ? budget.minor : c.change.dailyBudget;
          const percent = newBudget ? budgetChangePercent(c.before.dailyBudget, newBudget) : null;
          return (
            <li key={c.objectId} className="grid gap-2 rounded-md border p-3">
              <div className="flex items-center gap-2">
                <input
                  id={`${id}-include`}
                  type="checkbox"
                  className="size-4"
                  checked={item.include}
                  onChange={(e) =>
                    setItems((all) => all.map((x, j) => (j === i ? { ...x, include: e.target.checked } : x)))
                  }
                />
                <Label htmlFor={`${id}-include`}>
                  {LEVEL_LABELS[c.level]} “{c.objectName}”
                </Label>
              </div>
              <p className="text-sm" aria-label={`Before and after for ${c.objectName}`}>
                <span className="text-muted-foreground line-through">
                  {describeChange(
                    c.change.excludedAudienceIds ? { excludedAudienceIds: [], ...c.before } : c.before,
                    rec.currency,
                    c.audienceNames,
                  )}
                </span>
                {' → '}
                <span className="font-medium">
                  {describeChange(
                    budget && 'minor' in budget ? { ...c.change, dailyBudget: budget.minor } : c.change,
                    rec.currency,
                    c.audienceNames,
                  )}
                </span>
                {percent !== null ? <span className="tabular-nums"> ({formatChangePercent(percent)})</span> : null}
              </p>
              {item.include ? <LearningPhaseNote percent={percent} /> : null}
              {c.change.dailyBudget ? (
                <div className="grid gap-1">
                  <Label htmlFor={`${id}-budget`}>
                    New daily budget for “{c.objectName}” ({rec.currency})
                  </Label>
                  <Input
                    id={`${id}-budget`}
                    inputMode="decimal"
                    value={item.budgetText}
                    disabled={!item.include}
                    aria-invalid={budget && 'error' in budget ? true : undefined}
                    onChange={(e) =>
                      setItems((all) => all.map((x, j) => (j === i ? { ...x, budgetText: e.target.value } : x)))
                    }
                  />
                  {budget && 'error' in budget && item.include ? (
                    <p className="text-sm text-destructive">{budget.error}</p>
                  ) : null}
                </div>
              ) : null}
              {stale?.[c.objectId] ? <p className="text-sm text-destructive">{stale[c.objectId]}</p> : null}
            </li>
          );
        })}
      </ul>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={submit} disabled={pending || invalid || selected === 0}>
          {pending ? 'Applying…' : `Approve ${selected} change${selected === 1 ? '' : 's'}`}
        </Button>
      </div>
    </div>
  );
}
