import { Sparkles } from 'lucide-react';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { useTagOutsideAds } from '../api/creative-report-api';

function failure(error: unknown): string {
  if (error instanceof ApiError && error.status < 500 && error.message) return error.message;
  return 'The ads could not be tagged just now. Try again in a moment.';
}

/**
 * Ads made outside Adsmith have no recorded elements: the AI engine tags them once from their words (angle, offer,
 * language; Meta says the format and button), a batch per click, each batch one of the day's AI generations.
 */
export function TagOutsideAds({
  uid,
  accountId,
  untagged,
}: {
  uid: string | undefined;
  accountId: string | undefined;
  untagged: number;
}) {
  const tag = useTagOutsideAds(uid, accountId);
  const done = tag.data;
  // Stays mounted once used, so what was tagged is still said after the report is read again.
  if (untagged === 0 && !done && !tag.isError) return null;
  return (
    <div className="grid gap-2">
      {untagged > 0 ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="outline" onClick={() => tag.mutate()} disabled={tag.isPending} aria-busy={tag.isPending}>
            {tag.isPending ? <Spinner label="Tagging" /> : <Sparkles aria-hidden="true" className="size-4" />}
            {tag.isPending ? 'Tagging ads…' : 'Tag ads made elsewhere with AI'}
          </Button>
          <p className="text-xs text-muted-foreground">
            {`${untagged} ads with results have no recorded elements. The AI reads their words once (angle, offer, language); each batch of up to 20 uses one AI generation.`}
          </p>
        </div>
      ) : null}
      {done ? (
        <Alert variant="success" title={`${done.tagged} ${done.tagged === 1 ? 'ad' : 'ads'} tagged`}>
          {done.remaining > 0
            ? `${done.remaining} more to tag: run it again for the next batch.`
            : 'Every ad with words to read is tagged.'}
        </Alert>
      ) : null}
      {tag.isError ? (
        <Alert variant="destructive" title="Ads not tagged">
          {failure(tag.error)}
        </Alert>
      ) : null}
    </div>
  );
}
