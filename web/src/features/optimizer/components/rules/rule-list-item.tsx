import { describeRule } from '@shared/rule-language';
import type { Rule } from '@shared/schemas/rules';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { OUTCOME_LABEL, formatRunTime } from '../../lib/rule-run-words';

/** One rule in the list: its name, state, wording and last run, with switch, run now, edit and delete. */
export function RuleListItem({
  rule,
  currency,
  switching,
  running,
  editing,
  deleting,
  onSwitch,
  onRun,
  onEdit,
  onDelete,
}: {
  rule: Rule;
  currency: string;
  switching: boolean;
  running: boolean;
  /** A rule (this or another) is open in the builder. */
  editing: boolean;
  deleting: boolean;
  onSwitch: () => void;
  onRun: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="grid gap-2 rounded-md border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">{rule.rule.name}</h3>
        <Badge variant={rule.status === 'on' ? 'success' : 'outline'}>{rule.status === 'on' ? 'On' : 'Off'}</Badge>
        <span className="text-xs text-muted-foreground">version {rule.version}</span>
      </div>
      <p className="text-sm">{describeRule(rule.rule, currency)}</p>
      <p className="text-xs text-muted-foreground">
        {rule.lastRun
          ? `Last run ${formatRunTime(rule.lastRun.at)}: ${OUTCOME_LABEL[rule.lastRun.outcome]}${rule.lastRun.actions > 0 ? ` (${rule.lastRun.actions} action${rule.lastRun.actions === 1 ? '' : 's'})` : ''}`
          : 'Never run'}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant={rule.status === 'on' ? 'outline' : 'default'}
          aria-label={`${rule.status === 'on' ? 'Switch off' : 'Switch on'} ${rule.rule.name}`}
          disabled={switching}
          onClick={onSwitch}
        >
          {rule.status === 'on' ? 'Switch off' : 'Switch on'}
        </Button>
        <Button size="sm" variant="outline" aria-label={`Run ${rule.rule.name} now`} disabled={running} onClick={onRun}>
          Run now
        </Button>
        <Button size="sm" variant="ghost" aria-label={`Edit ${rule.rule.name}`} disabled={editing} onClick={onEdit}>
          Edit
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Delete ${rule.rule.name}`}
          disabled={deleting}
          onClick={onDelete}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}
