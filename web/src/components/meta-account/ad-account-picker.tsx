import { useId } from 'react';
import type { AdAccount } from '@shared/schemas/meta';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/select-field';

export function AdAccountPicker({
  accounts,
  value,
  onChange,
}: {
  accounts: AdAccount[];
  value: string | undefined;
  onChange: (accountId: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Ad account</Label>
      <NativeSelect id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value)} className="w-64">
        {accounts.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name} · {a.currency}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
