import { PlugZap } from 'lucide-react';
import { Button, type ButtonProps } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useWorkspaceRole } from '@web/lib/team/workspace-role';
import { useMetaConnection } from '@web/lib/meta-account/use-meta-connection';

export function ConnectMetaButton({
  label = 'Connect Meta',
  rerequest = false,
  ...props
}: ButtonProps & { label?: string; rerequest?: boolean }) {
  const { connect, connecting } = useMetaConnection();
  const workspace = useWorkspaceRole();
  // The Meta connection is the workspace owner's: a member is told whom to ask instead of a button that answers 403.
  if (workspace.role !== 'owner') {
    return (
      <p className="text-sm text-muted-foreground">
        Ask your workspace owner
        {workspace.ownerEmail ? (
          <>
            {' '}
            (<span className="[overflow-wrap:anywhere]">{workspace.ownerEmail}</span>)
          </>
        ) : null}{' '}
        to {rerequest || label.startsWith('Reconnect') ? 'reconnect' : 'connect'} Meta: the connection is theirs to
        manage.
      </p>
    );
  }
  return (
    <Button onClick={() => void connect(rerequest ? { rerequest: true } : {})} disabled={connecting} {...props}>
      {connecting ? <Spinner label="Waiting for Meta" className="size-4" /> : <PlugZap aria-hidden="true" />}
      {connecting ? 'Waiting for Meta…' : label}
    </Button>
  );
}
