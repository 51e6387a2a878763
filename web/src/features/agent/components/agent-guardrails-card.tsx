import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import { AGENT_PROPOSE_TOOLS, AgentGuardrailsSchema, type AgentGuardrails } from '@shared/schemas/agent';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { useWorkspaceRole } from '@web/lib/team/workspace-role';
import { useAgentGuardrails, useUpdateAgentGuardrails } from '../api/agent-guardrails';
import { proposeToolWords } from '../lib/tool-words';

const ROLES = [
  { role: 'owner', label: 'Owner' },
  { role: 'member', label: 'Members' },
] as const;

/**
 * The agent's guardrails in /settings: the server checks every proposal against them before it reaches the
 * optimizer's drawer. Every member sees them; only the workspace's owner changes them.
 */
export function AgentGuardrailsCard() {
  const guardrails = useAgentGuardrails();
  const update = useUpdateAgentGuardrails();
  const { role, pending } = useWorkspaceRole();
  const form = useForm<AgentGuardrails>({
    // The server's own schema: the form refuses exactly what the API would.
    resolver: zodResolver(AgentGuardrailsSchema),
    values: guardrails.data,
  });
  const { errors, isDirty } = form.formState;
  const readOnly = pending || role !== 'owner';
  const number = { valueAsNumber: true } as const;

  return (
    <Card id="agent-guardrails">
      <CardHeader>
        <CardTitle>Agent guardrails</CardTitle>
        <CardDescription>
          Limits the server holds every agent proposal to, whatever is asked. Money limits are set per currency, in that
          currency: an ad account in a currency without limits gets no budget proposals from the agent.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {guardrails.isPending ? (
          <div aria-busy="true" aria-label="Loading the guardrails" className="grid gap-3">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : guardrails.isError ? (
          <Alert variant="destructive" title="The guardrails could not be read">
            {guardrails.error.message}{' '}
            <Button size="sm" variant="outline" onClick={() => void guardrails.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <form
            noValidate
            aria-label="Agent guardrails"
            onSubmit={form.handleSubmit((values) => update.mutate(values))}
            className="grid gap-4"
          >
            {role === 'member' ? (
              <p className="text-sm text-muted-foreground">Only the workspace owner changes these.</p>
            ) : null}
            <fieldset disabled={readOnly} className="grid gap-4">
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label="Largest budget change (%)" error={errors.maxBudgetChangePercent?.message}>
                  {(field) => (
                    <Input
                      {...field}
                      type="number"
                      min={0}
                      max={100}
                      step="any"
                      {...form.register('maxBudgetChangePercent', number)}
                    />
                  )}
                </FormField>
              </div>
              <MoneyLimits form={form} />
              {ROLES.map(({ role: who, label }) => (
                <fieldset key={who} className="grid gap-2">
                  <legend className="text-sm font-medium">{label} may ask the agent to propose</legend>
                  {AGENT_PROPOSE_TOOLS.map((tool) => (
                    <label key={tool} className="flex items-center gap-2 text-sm">
                      <input type="checkbox" value={tool} {...form.register(`allowedActions.${who}`)} />
                      {proposeToolWords(tool)}
                    </label>
                  ))}
                </fieldset>
              ))}
              <label className="flex items-start gap-2 text-sm">
                <input type="checkbox" className="mt-1" {...form.register('dryRun')} />
                <span>
                  <span className="font-medium">Dry run</span>
                  <span className="block text-muted-foreground">
                    Proposals are checked and described, never put in the optimizer&apos;s drawer.
                  </span>
                </span>
              </label>
            </fieldset>
            {update.isError ? <Alert variant="destructive">{update.error.message}</Alert> : null}
            {readOnly ? null : (
              <div>
                <Button type="submit" disabled={update.isPending || !isDirty}>
                  {update.isPending ? <Spinner label="Saving" className="size-4" /> : null}
                  Save guardrails
                </Button>
              </div>
            )}
          </form>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The money limits, one row per currency, each amount labelled with its currency (never a bare number that means
 * $500 in one account and ¥500 in another).
 */
function MoneyLimits({ form }: { form: UseFormReturn<AgentGuardrails> }) {
  const limits = useFieldArray({ control: form.control, name: 'moneyLimits' });
  const [adding, setAdding] = useState('');
  const code = adding.trim().toUpperCase();
  const valid = /^[A-Z]{3}$/.test(code) && !limits.fields.some((f) => f.currency === code);
  const errors = form.formState.errors.moneyLimits;
  const number = { valueAsNumber: true } as const;
  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-medium">Money limits per currency</legend>
      {limits.fields.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No currency has limits: the agent proposes no budget changes until one is added.
        </p>
      ) : null}
      {limits.fields.map((field, i) => (
        <div key={field.id} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
          <FormField
            label={`Largest budget change a day (${field.currency})`}
            error={errors?.[i]?.maxBudgetChangeAmount?.message}
          >
            {(props) => (
              <Input
                {...props}
                type="number"
                min={0}
                step="any"
                {...form.register(`moneyLimits.${i}.maxBudgetChangeAmount`, number)}
              />
            )}
          </FormField>
          <FormField
            label={`Daily cap on budget increases (${field.currency})`}
            error={errors?.[i]?.dailyIncreaseCap?.message}
          >
            {(props) => (
              <Input
                {...props}
                type="number"
                min={0}
                step="any"
                {...form.register(`moneyLimits.${i}.dailyIncreaseCap`, number)}
              />
            )}
          </FormField>
          <Button type="button" variant="outline" onClick={() => limits.remove(i)}>
            Remove {field.currency}
          </Button>
        </div>
      ))}
      <p className="text-xs text-muted-foreground">
        The daily cap is the total the agent&apos;s proposals may raise budgets by in one day (UTC), per currency.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <FormField label="Add limits for a currency" description="Its three-letter code, e.g. JPY or EUR.">
          {(props) => <Input {...props} value={adding} maxLength={3} onChange={(e) => setAdding(e.target.value)} />}
        </FormField>
        <Button
          type="button"
          variant="outline"
          disabled={!valid}
          onClick={() => {
            // Zero until the owner says more: nothing is proposed in it by default.
            limits.append({ currency: code, maxBudgetChangeAmount: 0, dailyIncreaseCap: 0 });
            setAdding('');
          }}
        >
          Add {valid ? code : 'currency'}
        </Button>
      </div>
    </fieldset>
  );
}
