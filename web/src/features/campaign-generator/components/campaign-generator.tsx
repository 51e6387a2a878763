import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { CampaignPlan } from '@shared/schemas/campaign-plan';
import { Alert } from '@web/components/ui/alert';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { apiRequest } from '@web/lib/api';
import { ApiError } from '@web/lib/api-client';
import { useAuth } from '@web/lib/auth/use-auth';
import {
  useDraft,
  useGeneratePlan,
  useGeneratorAdAccounts,
  usePublishDraft,
  useSaveDraft,
} from '../api/campaign-generator-api';
import { useAccountAdImages } from '../api/brief-images-api';
import { imagesFromLink, withKnownImages } from '../lib/brief-images';
import { briefVideoOf, videoIdFromLink } from '../lib/brief-video';
import { CampaignBriefForm } from './brief-form';
import { DraftsList } from './drafts-list';
import { PlanEditor } from './plan-editor';
import { PublishProgress } from './publish-progress';
import { SendForApproval } from './send-for-approval';
import { webPaths } from '@shared/web-paths';

function newPublishKey(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

/** Brief → plan → edit → preview → publish, with the user's drafts beside it. */
export function CampaignGenerator() {
  const { currentUser } = useAuth();
  const uid = currentUser?.uid;
  const accounts = useGeneratorAdAccounts(uid);
  const [draftId, setDraftId] = useState<string | null>(null);
  const generate = useGeneratePlan(uid);
  const save = useSaveDraft(uid);
  const publish = usePublishDraft(uid);
  const draft = useDraft(uid, draftId, publish.isPending);
  // One key per publish attempt of a draft: a network retry of the same click reuses it.
  const [publishKey, setPublishKey] = useState(newPublishKey);
  const [search] = useSearchParams();
  const link = imagesFromLink(
    search,
    (accounts.data ?? []).map((account) => account.id),
  );
  // Images handed over by the graphics editor: their names and thumbnails come from what it sent to the account.
  const handedOver = useAccountAdImages(uid, link.adAccountId, link.images.length > 0);
  // A video handed over by the graphics editor's "Use in an ad": read again for its files and poster.
  const linkedVideoId = videoIdFromLink(search);
  const handedVideo = useQuery({
    queryKey: ['campaign-generator', uid, 'video', linkedVideoId] as const,
    queryFn: async () => briefVideoOf(await apiRequest('graphicsVideo', { params: { id: linkedVideoId! } })),
    enabled: Boolean(uid && linkedVideoId),
    retry: false,
  });

  const publishPlan = async (plan: CampaignPlan) => {
    if (!draftId) return;
    try {
      await save.mutateAsync({ id: draftId, plan });
    } catch {
      // The save's own error is shown above the editor; nothing is published from an unsaved plan.
      return;
    }
    publish.mutate({ id: draftId, publishKey }, { onSettled: () => setPublishKey(newPublishKey()) });
  };

  if (
    accounts.isPending ||
    (link.images.length > 0 && handedOver.isPending) ||
    (linkedVideoId !== undefined && handedVideo.isPending)
  ) {
    return <Spinner label="Loading ad accounts" className="size-8" />;
  }
  if (accounts.isError) {
    return (
      <Alert variant="warning" title="Connect Meta first">
        The campaign generator plans for one of your ad accounts.{' '}
        <Link to={webPaths.dashboard} className={buttonVariants({ variant: 'link' })}>
          Connect Meta on the dashboard
        </Link>
      </Alert>
    );
  }
  if (accounts.data.length === 0) {
    return <Alert variant="warning">Your Meta connection has no ad accounts to plan for.</Alert>;
  }

  return (
    <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="grid content-start gap-6">
        {draftId === null ? (
          <Card>
            <CardHeader>
              <CardTitle>Your brief</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              {generate.isError ? <Alert variant="destructive">{generate.error.message}</Alert> : null}
              {generate.isPending ? (
                <p role="status" className="text-sm text-muted-foreground">
                  Writing ad sets and ads, then finding Meta interests for each audience…
                </p>
              ) : null}
              <CampaignBriefForm
                uid={uid}
                initial={{
                  adAccountId: link.adAccountId,
                  images: withKnownImages(link.images, handedOver.data ?? []),
                  video: handedVideo.data ?? null,
                  carousel: link.carousel,
                }}
                accounts={accounts.data}
                busy={generate.isPending}
                onSubmit={(brief) =>
                  generate.mutate(brief, {
                    onSuccess: (created) => {
                      setDraftId(created.id);
                      publish.reset();
                    },
                  })
                }
              />
            </CardContent>
          </Card>
        ) : (
          <>
            <Button variant="ghost" className="justify-self-start" onClick={() => setDraftId(null)}>
              <ArrowLeft aria-hidden="true" /> New brief
            </Button>
            {draft.isPending ? <Spinner label="Loading the plan" className="size-8" /> : null}
            {draft.isError ? <Alert variant="destructive">{draft.error.message}</Alert> : null}
            {draft.data ? (
              <>
                {draft.data.offline ? (
                  <p className="text-xs text-muted-foreground">Written by the offline demo model.</p>
                ) : null}
                {save.isError ? <Alert variant="destructive">{save.error.message}</Alert> : null}
                {publish.isPending || draft.data.publish || publish.isError ? (
                  <PublishProgress
                    plan={draft.data.plan}
                    record={draft.data.publish}
                    running={publish.isPending}
                    error={publish.isError ? publish.error.message : (draft.data.publish?.error ?? null)}
                    awaitingApproval={publish.error instanceof ApiError && publish.error.code === 'APPROVAL_REQUIRED'}
                  />
                ) : null}
                <PlanEditor
                  key={`${draft.data.id}-${draft.data.publish?.status ?? 'draft'}`}
                  draft={draft.data}
                  saving={save.isPending}
                  publishing={publish.isPending}
                  onSave={(plan) => save.mutate({ id: draft.data!.id, plan })}
                  onPublish={(plan) => void publishPlan(plan)}
                />
                {draft.data.publish?.status === 'published' ? null : (
                  <SendForApproval uid={uid} draftId={draft.data.id} />
                )}
              </>
            ) : null}
          </>
        )}
      </div>
      <aside>
        <DraftsList
          uid={uid}
          onOpen={(id) => {
            setDraftId(id);
            publish.reset();
          }}
        />
      </aside>
    </div>
  );
}
