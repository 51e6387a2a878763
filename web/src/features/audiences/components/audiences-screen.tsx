import { UsersRound } from 'lucide-react';
import { useState } from 'react';
import type { Audience } from '@shared/schemas/audiences';
import { managesTeam } from '@shared/workspace-roles';
import { AdAccountWorkspace } from '@web/components/meta-account/ad-account-workspace';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { useAdAccountSelection } from '@web/lib/meta-account/use-ad-account-selection';
import { useWorkspaceRole } from '@web/lib/team/workspace-role';
import { useAudiences, useDeleteAudience } from '../api/audiences-api';
import { AudienceTable } from './audience-table';
import { CustomerListForm } from './customer-list-form';
import { CustomerUploadAudit } from './customer-upload-audit';
import { RefreshCustomerList } from './refresh-customer-list';
import { EngagementAudienceForm, LookalikeForm, WebsiteAudienceForm } from './rule-audience-forms';

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-4 rounded-lg border bg-card p-4 shadow-sm">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /audiences: an ad account's custom audiences with Meta's size ranges, and the forms that make new ones. */
export function AudiencesScreen() {
  const selection = useAdAccountSelection();
  const audiences = useAudiences(selection.uid, selection.accountId);
  const remove = useDeleteAudience(selection.uid, selection.accountId);
  const [refreshing, setRefreshing] = useState<Audience | null>(null);
  const role = useWorkspaceRole();
  return (
    <AdAccountWorkspace
      connect={{
        icon: UsersRound,
        title: 'Connect Meta to build audiences',
        description:
          'Audiences makes customer lists (hashed before they leave your account), website visitors from your pixel and lookalikes on Meta.',
      }}
      selection={selection}
      query={audiences}
      toolbar={{ idleLabel: 'Read again', busyLabel: 'Reading audiences…' }}
      errorTitle="Your audiences could not be read"
      loading={
        <div className="grid gap-3" aria-busy="true" aria-label="Reading your audiences">
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner label="Reading" /> Reading the ad account’s audiences from Meta…
          </p>
          <Skeleton className="h-40 w-full" />
        </div>
      }
    >
      {(data) => (
        <div className="grid gap-6">
          <Section id="audiences-list" title="Audiences">
            <AudienceTable
              audiences={data.items}
              deletingId={remove.isPending ? remove.variables : undefined}
              onDelete={(audience) => {
                if (window.confirm(`Delete “${audience.name}” on Meta? Ad sets using it stop reaching its people.`))
                  remove.mutate(audience.id);
              }}
              {...(data.canUploadCustomers ? { onRefresh: setRefreshing } : {})}
            />
            {refreshing ? (
              <RefreshCustomerList
                uid={selection.uid}
                accountId={selection.accountId}
                audience={refreshing}
                onClose={() => setRefreshing(null)}
              />
            ) : null}
          </Section>
          <Section id="audiences-customers" title="Customer list">
            <CustomerListForm uid={selection.uid} accountId={selection.accountId} list={data} />
          </Section>
          {managesTeam(role.role) && !role.pending ? (
            <Section id="audiences-uploads" title="Customer data uploads">
              <CustomerUploadAudit uid={selection.uid} viewerIsOwner={role.role === 'owner'} />
            </Section>
          ) : null}
          <Section id="audiences-website" title="Website visitors">
            <WebsiteAudienceForm uid={selection.uid} accountId={selection.accountId} />
          </Section>
          <Section id="audiences-engagement" title="Page engagers">
            <EngagementAudienceForm uid={selection.uid} accountId={selection.accountId} />
          </Section>
          <Section id="audiences-lookalike" title="Lookalike">
            <LookalikeForm
              uid={selection.uid}
              accountId={selection.accountId}
              sources={data.items.filter((audience) => audience.kind !== 'lookalike')}
            />
          </Section>
        </div>
      )}
    </AdAccountWorkspace>
  );
}
