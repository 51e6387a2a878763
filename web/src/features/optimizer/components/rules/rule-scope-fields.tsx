import { OBJECTIVES, type RuleLevel } from '@shared/schemas/rules';
import type { AdAccount } from '@shared/schemas/meta';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import { type FormState } from '../../lib/rule-form';

/** The rule’s name, its ad account, and which campaigns, ad sets or ads it applies to. */
export function RuleScopeFields({
  state,
  set,
  accounts,
}: {
  state: FormState;
  set: (patch: Partial<FormState>) => void;
  accounts: AdAccount[];
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="Rule name">
        {(control) => (
          <Input {...control} value={state.name} onChange={(e) => set({ name: e.target.value })} maxLength={120} />
        )}
      </FormField>
      <FormField label="Ad account">
        {(control) => (
          <NativeSelect {...control} value={state.adAccountId} onChange={(e) => set({ adAccountId: e.target.value })}>
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name} ({a.currency})
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField label="Apply to">
        {(control) => (
          <NativeSelect
            {...control}
            value={state.level}
            onChange={(e) => {
              const level = e.target.value as RuleLevel;
              set({
                level,
                ...(level === 'ad' && (state.action === 'raise' || state.action === 'lower')
                  ? { action: 'pause' }
                  : {}),
              });
            }}
          >
            <option value="campaign">Campaigns</option>
            <option value="adset">Ad sets</option>
            <option value="ad">Ads</option>
          </NativeSelect>
        )}
      </FormField>
      <FormField label="Which ones">
        {(control) => (
          <NativeSelect
            {...control}
            value={state.filterKind}
            onChange={(e) => set({ filterKind: e.target.value as FormState['filterKind'] })}
          >
            <option value="all">All of them</option>
            <option value="name">Name contains…</option>
            <option value="objective">Campaign objective…</option>
            <option value="ids">These ids…</option>
          </NativeSelect>
        )}
      </FormField>
      {state.filterKind === 'name' ? (
        <FormField label="Name contains">
          {(control) => (
            <Input {...control} value={state.nameContains} onChange={(e) => set({ nameContains: e.target.value })} />
          )}
        </FormField>
      ) : null}
      {state.filterKind === 'objective' ? (
        <FormField label="Objective">
          {(control) => (
            <NativeSelect
              {...control}
              value={state.objective}
              onChange={(e) => set({ objective: e.target.value as FormState['objective'] })}
            >
              {OBJECTIVES.map((o) => (
                <option key={o} value={o}>
                  {o.replace('OUTCOME_', '').replace('_', ' ').toLowerCase()}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      ) : null}
      {state.filterKind === 'ids' ? (
        <FormField label="Object ids" description="Separated by commas">
          {(control) => <Input {...control} value={state.ids} onChange={(e) => set({ ids: e.target.value })} />}
        </FormField>
      ) : null}
    </div>
  );
}
