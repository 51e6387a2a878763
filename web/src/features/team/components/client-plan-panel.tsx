import { useState, type FormEvent } from 'react';
import { quotas } from '@shared/quotas';
import type { ClientWorkspace } from '@shared/schemas/team';
import { UsageMeter } from '@web/components/billing/usage-meter';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Modal } from '@web/components/ui/modal';
import { NativeSelect } from '@web/components/ui/select-field';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { useUsage } from '@web/lib/billing/usage';
import { useAttachClientWorkspace, useClientWorkspaces, useDetachClientWorkspace } from '../api/team';
import { messageOf } from '../lib/team-format';

/** The limits the agency's clients draw from its pool (lambdas/lib/billing/plan-record.ts POOLED_QUOTAS). */
const POOLED = ['aiGenerationsPerDay', 'graphicsExportsPerMonth', 'mmmFitsPerMonth', 'connectedAdAccounts'] as const;

const attachedOn = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/**
 * "Client workspaces on this plan" (issue 28, req 1): the workspaces the agency's Agency plan pays for, attaching one
 * the person owns or administers, detaching one (after a confirmation), and the pool they all draw on.
 */
export function ClientPlanPanel() {
  const list = useClientWorkspaces();
  const usage = useUsage();
  const attach = useAttachClientWorkspace();
  const detach = useDetachClientWorkspace();
  const [chosen, setChosen] = useState('');
  const [leaving, setLeaving] = useState<ClientWorkspace | null>(null);

  if (list.isPending) return <Skeleton className="h-32" aria-label="Loading the client workspaces on this plan" />;
  if (list.isError) {
    return (
      <Alert variant="destructive" title="Could not load the client workspaces on this plan">
        {messageOf(list.error)}
      </Alert>
    );
  }
  const { clients, attachable } = list.data;
  const choice = attachable.some((a) => a.id === chosen) ? chosen : (attachable[0]?.id ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice) attach.mutate(choice);
  };
  const confirmDetach = () => {
    if (!leaving) return;
    detach.mutate(leaving.id, { onSettled: () => setLeaving(null) });
  };

  return (
    <section aria-labelledby="client-plan-heading" className="grid gap-3 border-t pt-4">
      <h3 id="client-plan-heading" className="text-sm font-semibold">
        Client workspaces on this plan
      </h3>
      {clients.length === 0 ? (
        <p className="text-sm text-muted-foreground">No client workspace is on this plan yet.</p>
      ) : (
        <ul aria-label="Client workspaces on this plan" className="grid gap-2">
          {clients.map((client) => (
            <li key={client.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
              <span className="min-w-0 break-words">
                <span className="font-medium">{client.name}</span>
                {client.attachedAt ? (
                  <span className="block text-xs text-muted-foreground">
                    On this plan since {attachedOn(client.attachedAt)}
                  </span>
                ) : null}
              </span>
              <Button
                size="sm"
                variant="outline"
                onClick={() => setLeaving(client)}
                aria-label={`Detach ${client.name}`}
              >
                Detach
              </Button>
            </li>
          ))}
        </ul>
      )}
      {attachable.length > 0 ? (
        <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <FormField label="Workspace to attach" className="min-w-0 flex-1">
            {(control) => (
              <NativeSelect {...control} value={choice} onChange={(event) => setChosen(event.target.value)}>
                {attachable.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <Button type="submit" disabled={attach.isPending || !choice}>
            {attach.isPending ? <Spinner label="Attaching" className="size-4" /> : null}
            Attach to this plan
          </Button>
        </form>
      ) : null}
      {attach.isError ? (
        <Alert variant="destructive" title="Could not attach the workspace">
          {messageOf(attach.error)}
        </Alert>
      ) : null}
      {detach.isError ? (
        <Alert variant="destructive" title="Could not detach the workspace">
          {messageOf(detach.error)}
        </Alert>
      ) : null}
      {usage.data ? (
        <div className="grid gap-2" role="group" aria-label="The pool this plan’s workspaces share">
          <p className="text-sm text-muted-foreground">
            One pool, shared: this workspace and every client on the plan draw on the same allowances.
          </p>
          {POOLED.map((key) => {
            const limit = usage.data.limits.find((l) => l.key === key);
            return limit ? <UsageMeter key={key} usage={limit} label={`Pool: ${quotas[key].label}`} /> : null;
          })}
        </div>
      ) : null}
      <Modal
        open={leaving !== null}
        onClose={() => setLeaving(null)}
        role="alertdialog"
        title={`Detach ${leaving?.name ?? 'this workspace'}?`}
        description="It goes back to its own plan (Free unless it pays for one) and its own limits from its next request; what it stored stays. Its ad accounts leave this plan’s pool."
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setLeaving(null)} data-autofocus>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirmDetach} disabled={detach.isPending}>
            Detach workspace
          </Button>
        </div>
      </Modal>
    </section>
  );
}
