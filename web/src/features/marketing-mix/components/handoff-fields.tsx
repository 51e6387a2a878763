import { FormField } from '@web/components/ui/form-field';
import { NativeSelect } from '@web/components/ui/select-field';

/** The two choices every hand-off to the optimizer asks for: which channel of the model is Meta, and which ad account. */
export function MetaChannelField({
  label,
  description,
  channels,
  channel,
  onChannel,
}: {
  label: string;
  description: string;
  channels: readonly string[];
  channel: string;
  onChannel: (channel: string) => void;
}) {
  return (
    <FormField className="content-start" label={label} description={description}>
      {(control) => (
        <NativeSelect {...control} value={channel} onChange={(e) => onChannel(e.target.value)}>
          <option value="">Choose the channel that is Meta</option>
          {channels.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}

export function AdAccountField({
  label,
  adAccounts,
  accountId,
  onAccount,
}: {
  label: string;
  adAccounts: readonly { id: string; name: string; currency: string }[];
  accountId: string;
  onAccount: (accountId: string) => void;
}) {
  return (
    <FormField className="content-start" label={label}>
      {(control) => (
        <NativeSelect {...control} value={accountId} onChange={(e) => onAccount(e.target.value)}>
          {adAccounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name} ({a.currency})
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}
