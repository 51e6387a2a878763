import type { ReactNode } from 'react';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';

/**
 * A secret the server keeps only as a hash (an MCP access token, a site key): shown once, in an alert that stays
 * until the person says they have copied it. `children` shows the secret (and anything built from it, such as a
 * snippet); the copy button copies `copyText`.
 */
export function ShownOnceSecret({
  what,
  copyLabel,
  copyText,
  onDone,
  children,
}: {
  /** "token", "key": "Copy this token now: it is shown only once". */
  what: string;
  copyLabel: string;
  copyText: string;
  onDone: () => void;
  children: ReactNode;
}) {
  return (
    <Alert variant="success" title={`Copy this ${what} now: it is shown only once`}>
      <div className="grid gap-2">
        {children}
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={() => void navigator.clipboard?.writeText(copyText)}>
            {copyLabel}
          </Button>
          <Button size="sm" onClick={onDone}>
            I have copied it
          </Button>
        </div>
      </div>
    </Alert>
  );
}
