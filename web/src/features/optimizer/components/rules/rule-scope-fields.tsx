import { OBJECTIVES, type RuleLevel } from '@shared/schemas/rules';
import type { AdAccount } from '@shared/schemas/meta';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import { useRuleAudiences } from '../../api/rules-api';
import { type FormState } from '../../lib/rule-form';

/**
 * Which custom audience the rule is limited to (ad sets that target or exclude it), from the account's list. A rule
 * saved with an audience the account no longer lists keeps it as an option, so it is seen and can be removed.
 */
function RuleAudienceFields({ state, set }: { state: FormState; set: (patch: Partial<FormState>) => void }) {
  const list = useRuleAudiences(state.adAccountId);
  const listed = list.data?.items ?? [];
  const options = [
    ...listed.map((a) => ({ id: a.id, name: a.name })),
    ...(state.audienceId && !listed.some((a) => a.id === state.audienceId)
      ? [{ id: state.audienceId, name: state.audienceName || state.audienceId }]
      : []),
  ];
  const description = list.isPending
    ? 'Loading the account’s audiences…'
    : list.isError
      ? 'The account’s custom audiences could not be read.'
      : listed.length === 0
        ? 'No custom audiences in this ad account yet.'
        : undefined;
  return (
    <>
      <FormField label="Audience" description={description}>
        {(control) => (
          <NativeSelect
            {...control}
            value={state.audienceId}
            onChange={(e) => {
              const id = e.target.value;
              set({ audienceId: id, audienceName: options.find((o) => o.id === id)?.name ?? '' });
            }}
          >
            <option value="">Any audience</option>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      {state.audienceId ? (
        <FormField label="Ad sets that">
          {(control) => (
            <NativeSelect
              {...control}
              value={state.audienceRelation}
              onChange={(e) => set({ audienceRelation: e.target.value as FormState['audienceRelation'] })}
            >
              <option value="targets">Target this audience</option>
              <option value="excludes">Exclude this audience</option>
            </NativeSelect>
          )}
        </FormField>
      ) : null}
    </>
  );
}

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
          <NativeSelect
            {...control}
            value={state.adAccountId}
            // An audience belongs to one account: another account starts with none.
            onChange={(e) => set({ adAccountId: e.target.value, audienceId: '', audienceName: '' })}
          >
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
      <RuleAudienceFields state={state} set={set} />
    </div>
  );
}
