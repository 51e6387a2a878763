import { useId, useState } from 'react';
import type { WorkspaceChoice } from '@shared/schemas/team';
import { NativeSelect } from '../../components/ui/select-field';
import { cn } from '../../lib/cn';
import { Spinner } from '../../components/ui/spinner';
import { handleError } from '../../lib/errors/handle-error';
import { useWorkspaces } from '../../lib/workspace/use-workspaces';

const ROLE_NAMES: Record<WorkspaceChoice['role'], string> = {
  owner: 'owner',
  admin: 'admin',
  member: 'member',
  client: 'client, read-only',
};

function labelOf(workspace: WorkspaceChoice): string {
  if (workspace.role === 'owner') return 'My workspace';
  return `${workspace.name ?? (workspace.ownerEmail || 'Shared workspace')} (${ROLE_NAMES[workspace.role]})`;
}

/**
 * The app bar's workspace switcher (issue 28, req 1): shown to a person who belongs to more than one workspace.
 * The choice is remembered in this browser and sent with every request; the server checks it each time.
 */
export function WorkspaceSwitcher({ className }: { className?: string }) {
  const workspaces = useWorkspaces();
  const [switching, setSwitching] = useState(false);
  const id = useId();
  const list = workspaces.data?.workspaces ?? [];
  if (list.length < 2 || !workspaces.data) return null;

  const onChange = async (workspaceId: string) => {
    setSwitching(true);
    try {
      await workspaces.switchTo(workspaceId);
    } catch (error) {
      handleError(error, { component: 'WorkspaceSwitcher' });
    } finally {
      setSwitching(false);
    }
  };

  return (
    <div className={cn('flex min-w-0 items-center gap-2', className)}>
      <label htmlFor={id} className="hidden text-xs font-medium text-muted-foreground lg:inline">
        Workspace
      </label>
      <NativeSelect
        id={id}
        aria-label="Workspace"
        value={workspaces.data.current.id}
        disabled={switching}
        onChange={(event) => void onChange(event.target.value)}
        className="h-9 w-40 truncate sm:w-60"
      >
        {list.map((workspace) => (
          <option key={workspace.id} value={workspace.id}>
            {labelOf(workspace)}
          </option>
        ))}
      </NativeSelect>
      {switching ? <Spinner label="Switching workspace" className="size-4" /> : null}
    </div>
  );
}
