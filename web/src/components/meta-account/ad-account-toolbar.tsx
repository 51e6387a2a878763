import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AdAccount } from '@shared/schemas/meta';
import { Button } from '@web/components/ui/button';
import { AdAccountPicker } from './ad-account-picker';

/** Reads the account again: its words while idle and while busy ("Analyse again", "Analysing…"). */
export interface RefetchButtonLabels {
  idleLabel: string;
  busyLabel: string;
}

/** The account picker, and at its end the screen's own control: by default the button that reads the account again. */
export function AdAccountToolbar({
  accounts,
  value,
  onChange,
  end,
}: {
  accounts: AdAccount[];
  value: string | undefined;
  onChange: (id: string) => void;
  end: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3 rounded-lg border bg-card p-4 shadow-sm">
      <AdAccountPicker accounts={accounts} value={value} onChange={onChange} />
      {end}
    </div>
  );
}

/** The button that reads the account again (busy while it does). */
export function RefetchButton({
  fetching,
  onRefetch,
  idleLabel,
  busyLabel,
}: RefetchButtonLabels & { fetching: boolean; onRefetch: () => void }) {
  return (
    <Button variant="outline" onClick={onRefetch} disabled={fetching}>
      <RefreshCw aria-hidden="true" className={fetching ? 'animate-spin' : ''} />
      {fetching ? busyLabel : idleLabel}
    </Button>
  );
}
