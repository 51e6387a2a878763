import { useState, type FormEvent } from 'react';
import { ClientTargetsSchema, type ClientOverviewRow } from '@shared/schemas/agency-overview';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import { useSetTargets } from '../api/agency-overview';

type Goal = 'costPerResult' | 'roas';

/** A client's targets: the ad account they are read on, the monthly budget, and one goal. */
export function TargetsForm({ row, onDone }: { row: ClientOverviewRow; onDone: () => void }) {
  const save = useSetTargets();
  const current = row.targets;
  const [adAccountId, setAdAccountId] = useState(current?.adAccountId ?? '');
  const [budget, setBudget] = useState(current ? String(current.monthlyBudget) : '');
  const [goal, setGoal] = useState<Goal>(current?.targetRoas !== undefined ? 'roas' : 'costPerResult');
  const [target, setTarget] = useState(String(current?.targetRoas ?? current?.targetCostPerResult ?? ''));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = target.trim() === '' ? undefined : Number(target);
    const parsed = ClientTargetsSchema.safeParse({
      adAccountId: adAccountId.trim(),
      monthlyBudget: Number(budget),
      ...(goal === 'roas' ? { targetRoas: value } : { targetCostPerResult: value }),
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    save.mutate({ workspaceId: row.workspaceId, targets: parsed.data }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <FormField label="Ad account id" error={errors.adAccountId} description="As Meta shows it, e.g. act_1234567890.">
        {(control) => <Input {...control} value={adAccountId} onChange={(e) => setAdAccountId(e.target.value)} />}
      </FormField>
      <FormField label={`Monthly budget${row.currency ? ` (${row.currency})` : ''}`} error={errors.monthlyBudget}>
        {(control) => (
          <Input {...control} inputMode="decimal" value={budget} onChange={(e) => setBudget(e.target.value)} />
        )}
      </FormField>
      <FormField label="Goal">
        {(control) => (
          <NativeSelect {...control} value={goal} onChange={(e) => setGoal(e.target.value as Goal)}>
            <option value="costPerResult">Target cost per result</option>
            <option value="roas">Target ROAS</option>
          </NativeSelect>
        )}
      </FormField>
      <FormField
        label={goal === 'roas' ? 'Target ROAS' : 'Target cost per result'}
        error={errors.targetCostPerResult ?? errors.targetRoas}
        description="Optional: without a goal only the budget pace is watched."
      >
        {(control) => (
          <Input {...control} inputMode="decimal" value={target} onChange={(e) => setTarget(e.target.value)} />
        )}
      </FormField>
      {save.isError ? <Alert variant="destructive">{save.error.message}</Alert> : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save targets'}
        </Button>
      </div>
    </form>
  );
}
