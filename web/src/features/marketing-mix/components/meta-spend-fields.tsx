import { Alert } from '@web/components/ui/alert';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/select-field';
import { Spinner } from '@web/components/ui/spinner';
import type { useMetaAdAccountsForMmm } from '../api/mmm-api';

interface MetaSpendFieldsProps {
  useMeta: boolean;
  onUseMetaChange: (useMeta: boolean) => void;
  /** The user's Meta ad accounts (asked for once Meta spend is wanted). */
  accounts: ReturnType<typeof useMetaAdAccountsForMmm>;
  /** The account chosen (the first one until another is picked). */
  accountId: string | undefined;
  onAccountChange: (id: string) => void;
  channel: string;
  onChannelChange: (channel: string) => void;
}

/** Meta spend as one more channel: which ad account, and the channel's name in the model. */
export function MetaSpendFields({
  useMeta,
  onUseMetaChange,
  accounts,
  accountId,
  onAccountChange,
  channel,
  onChannelChange,
}: MetaSpendFieldsProps) {
  return (
    <fieldset className="grid gap-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">Meta</legend>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={useMeta} onChange={(e) => onUseMetaChange(e.target.checked)} />
        Use my Meta spend as one more channel
      </label>
      {useMeta ? (
        accounts.isPending ? (
          <Spinner label="Loading your Meta ad accounts" className="size-6 text-muted-foreground" />
        ) : accounts.isError ? (
          <Alert variant="warning">
            {accounts.error.message} Connect Meta from the dashboard, or add its spend to the file as a column.
          </Alert>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label="Meta ad account"
              description="Its daily spend, as Meta reports it, summed into each period of the file."
            >
              {(control) => (
                <NativeSelect {...control} value={accountId} onChange={(e) => onAccountChange(e.target.value)}>
                  {accounts.data.data.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.name} ({a.currency})
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label="Meta channel name">
              {(control) => (
                <Input {...control} value={channel} maxLength={80} onChange={(e) => onChannelChange(e.target.value)} />
              )}
            </FormField>
          </div>
        )
      ) : null}
    </fieldset>
  );
}
