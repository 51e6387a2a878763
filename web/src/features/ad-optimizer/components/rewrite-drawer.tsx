import { Wand2 } from 'lucide-react';
import { adCopyAngles } from '@shared/ad-copy-rules';
import type { AdCard, AdTest } from '@shared/schemas/ad-optimizer';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Modal } from '@web/components/ui/modal';
import { NativeSelect } from '@web/components/ui/select-field';
import { Spinner } from '@web/components/ui/spinner';
import { RewriteDiffView } from './rewrite-diff-view';
import { RewriteEditCopy } from './rewrite-edit-copy';
import { RewriteOutcome } from './rewrite-outcome';
import { useRewriteFlow, type RewriteActions } from './use-rewrite-flow';

/**
 * The rewrite-and-test drawer: new copy from the ad copy generator (told the ad's copy and why it
 * tired), a variant chosen and edited, the current → proposed diff, and only then the approval
 * that creates the paused A/B copy; afterwards, the copy and its undo.
 */
export function RewriteDrawer({
  ad,
  tests,
  now,
  actions,
  onClose,
  onShowCopy,
}: {
  ad: AdCard | null;
  tests: readonly AdTest[];
  /** The server's time of the list, against which the copy's 24 hours of undo are judged. */
  now: number;
  actions: RewriteActions;
  onClose: () => void;
  onShowCopy: (copyAdId: string) => void;
}) {
  return (
    <Modal
      open={ad !== null}
      onClose={onClose}
      variant="drawer"
      title={ad ? `Rewrite and test “${ad.name}”` : 'Rewrite and test'}
      description="New copy is written for you to choose and edit. Nothing reaches Meta until you approve the A/B copy; it is created paused."
    >
      {ad ? (
        <RewriteFlow key={ad.id} ad={ad} tests={tests} now={now} actions={actions} onShowCopy={onShowCopy} />
      ) : null}
    </Modal>
  );
}

function RewriteFlow({
  ad,
  tests,
  now,
  actions,
  onShowCopy,
}: {
  ad: AdCard;
  tests: readonly AdTest[];
  now: number;
  actions: RewriteActions;
  onShowCopy: (copyAdId: string) => void;
}) {
  const {
    baseId,
    test,
    setMine,
    product,
    setProduct,
    audience,
    setAudience,
    variantCount,
    setVariantCount,
    variation,
    chosen,
    draft,
    setDraft,
    write,
    choose,
  } = useRewriteFlow(ad, tests, actions);
  const { rewrite, approve, undo } = actions;

  const current = ad.creative ?? { headline: '', primaryText: '', description: '' };

  if (test?.status === 'created' || test?.status === 'deleted') {
    return <RewriteOutcome ad={ad} test={test} now={now} undo={undo} onUndone={setMine} onShowCopy={onShowCopy} />;
  }

  return (
    <div className="grid gap-4">
      <section aria-label="Current copy" className="grid gap-1 rounded-md border p-3 text-sm">
        <p className="text-xs font-medium text-muted-foreground uppercase">Current copy</p>
        <p className="font-medium break-words">{current.headline || '—'}</p>
        <p className="break-words">{current.primaryText || '—'}</p>
        {current.description ? <p className="text-muted-foreground break-words">{current.description}</p> : null}
      </section>
      {ad.verdicts.length > 0 ? (
        <p className="text-sm">
          <span className="font-medium">Why: </span>
          {ad.verdicts.map((v) => v.why).join(' ')}
        </p>
      ) : null}

      <fieldset className="grid gap-3 rounded-md border p-3" disabled={rewrite.isPending}>
        <legend className="px-1 text-sm font-medium">Brief for the new copy</legend>
        <div className="grid gap-1">
          <Label htmlFor={`${baseId}-product`}>Product or service</Label>
          <Input id={`${baseId}-product`} value={product} onChange={(e) => setProduct(e.target.value)} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${baseId}-audience`}>Target audience</Label>
          <Input id={`${baseId}-audience`} value={audience} onChange={(e) => setAudience(e.target.value)} />
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1">
            <Label htmlFor={`${baseId}-count`}>Variants</Label>
            <NativeSelect
              id={`${baseId}-count`}
              className="w-24"
              value={String(variantCount)}
              onChange={(e) => setVariantCount(Number(e.target.value))}
            >
              {[1, 2, 3].map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button onClick={() => write(test ? variation + 1 : 0)} disabled={rewrite.isPending}>
            {rewrite.isPending ? <Spinner label="Writing" /> : <Wand2 aria-hidden="true" />}
            {rewrite.isPending ? 'Writing copy…' : test ? 'Write other variants' : 'Write new copy'}
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">Each writing counts as one of your plan’s daily AI generations.</p>
      </fieldset>

      {test && draft ? (
        <>
          {test.offline ? <p className="text-xs text-muted-foreground">Written by the offline demo model.</p> : null}
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">Choose a variant</legend>
            {test.variants.map((v, i) => (
              <label
                key={`${test.id}-${i}`}
                className="flex cursor-pointer items-start gap-2 rounded-md border p-2 text-sm has-[:checked]:border-primary"
              >
                <input
                  type="radio"
                  name={`${baseId}-variant`}
                  className="mt-1"
                  checked={chosen === i}
                  onChange={() => choose(i)}
                  aria-label={`Variant ${i + 1}: ${adCopyAngles[v.angle]}`}
                />
                <span className="grid min-w-0 gap-0.5">
                  <span className="text-xs text-muted-foreground">{adCopyAngles[v.angle]}</span>
                  <span className="font-medium break-words">{v.headline}</span>
                  <span className="break-words">{v.primaryText}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <RewriteEditCopy draft={draft} onChange={setDraft} baseId={baseId} />
          <RewriteDiffView before={current} after={draft} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              onClick={() => approve.mutate({ id: test.id, body: draft }, { onSuccess: setMine })}
              disabled={
                approve.isPending ||
                !draft.headline.trim() ||
                !draft.primaryText.trim() ||
                Boolean(draft.cardHeadlines?.some((h) => !h.trim()))
              }
            >
              {approve.isPending ? 'Creating the paused copy…' : 'Approve: create a paused A/B copy'}
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}
