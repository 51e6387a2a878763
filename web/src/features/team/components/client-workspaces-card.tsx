import { Building2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { WorkspaceChoice } from '@shared/schemas/team';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { useWorkspaces } from '@web/lib/workspace/use-workspaces';
import { useCreateClientWorkspace } from '../api/team';
import { messageOf } from '../lib/team-format';
import { ClientPlanPanel } from './client-plan-panel';

/**
 * An agency's client workspaces (issue 28, req 1): created here, billed to the agency's plan (no subscription of
 * their own), and worked in through the workspace switcher.
 */
export function ClientWorkspacesCard() {
  const create = useCreateClientWorkspace();
  const { switchTo } = useWorkspaces();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<WorkspaceChoice | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCreated(null);
    create.mutate(name.trim(), {
      onSuccess: (workspace) => {
        setCreated(workspace);
        setName('');
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Building2 aria-hidden="true" className="size-4" />
          Client workspaces
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          Each client gets a workspace of their own: its own Meta connection, campaigns and reports. Your Agency plan
          pays for it: its AI generations, graphics exports, marketing-mix fits and ad accounts come out of your
          plan&rsquo;s one pool, shared by all your clients and you; its seats and rules are the Agency plan&rsquo;s,
          counted in that workspace.
        </p>
        <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <FormField label="Client workspace name" className="min-w-0 flex-1">
            {(control) => (
              <Input
                {...control}
                required
                maxLength={80}
                value={name}
                onChange={(event) => setName(event.target.value)}
                placeholder="Bakery Ltd"
              />
            )}
          </FormField>
          <Button type="submit" disabled={create.isPending || name.trim() === ''}>
            {create.isPending ? <Spinner label="Creating" className="size-4" /> : null}
            Create client workspace
          </Button>
        </form>
        {create.isError ? (
          <Alert variant="destructive" title="Could not create the client workspace">
            {messageOf(create.error)}
          </Alert>
        ) : null}
        {created ? (
          <Alert title={`${created.name ?? 'The client workspace'} is ready`}>
            You are its admin. Invite the client, or{' '}
            <Button size="sm" variant="outline" onClick={() => void switchTo(created.id)}>
              Switch to {created.name}
            </Button>
          </Alert>
        ) : null}
        <ClientPlanPanel />
      </CardContent>
    </Card>
  );
}
