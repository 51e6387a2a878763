import { CheckCircle2, Trash2, Wand2 } from 'lucide-react';
import { useId, useState } from 'react';
import { adCopyAngles, checkLength } from '@shared/ad-copy-rules';
import { AB_TEST_STATUSES, type AdCard, type AdTest } from '@shared/schemas/ad-optimizer';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Modal } from '@web/components/ui/modal';
import { NativeSelect } from '@web/components/ui/select-field';
import { Spinner } from '@web/components/ui/spinner';
import type { useAdTestActions } from '../api/ad-optimizer-api';
import { withinUndoWindow } from '@web/lib/undo-window';
import { changedFields } from '../lib/ad-words';

type Actions = ReturnType<typeof useAdTestActions>;

const STATUS_ORDER: readonly AdTest['status'][] = AB_TEST_STATUSES;

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
  actions: Actions;
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

interface Draft {
  headline: string;
  primaryText: string;
  description: string;
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
  actions: Actions;
  onShowCopy: (copyAdId: string) => void;
}) {
  const baseId = useId();
  // The rewrite as this drawer last heard of it; the list's copy wins once it is further along.
  const [mine, setMine] = useState<AdTest | null>(null);
  const listed = mine ? tests.find((t) => t.id === mine.id) : undefined;
  const test = listed && STATUS_ORDER.indexOf(listed.status) > STATUS_ORDER.indexOf(mine!.status) ? listed : mine;
  const [product, setProduct] = useState(ad.creative?.headline || ad.name.split(' | ')[0] || ad.name);
  const [audience, setAudience] = useState(ad.adsetName ?? '');
  const [variantCount, setVariantCount] = useState(3);
  const [variation, setVariation] = useState(0);
  const [chosen, setChosen] = useState(0);
  const [draft, setDraft] = useState<Draft | null>(null);
  const { rewrite, approve, undo } = actions;

  const write = (nextVariation: number) => {
    setVariation(nextVariation);
    rewrite.mutate(
      {
        adId: ad.id,
        body: {
          ...(product.trim().length >= 2 ? { product: product.trim() } : {}),
          ...(audience.trim().length >= 2 ? { audience: audience.trim() } : {}),
          variants: variantCount,
          variation: nextVariation,
        },
      },
      {
        onSuccess: (made) => {
          setMine(made);
          setChosen(0);
          const first = made.variants[0]!;
          setDraft({ headline: first.headline, primaryText: first.primaryText, description: first.description });
        },
      },
    );
  };
  const choose = (index: number) => {
    const variant = test?.variants[index];
    if (!variant) return;
    setChosen(index);
    setDraft({ headline: variant.headline, primaryText: variant.primaryText, description: variant.description });
  };

  const current = ad.creative ?? { headline: '', primaryText: '', description: '' };

  if (test?.status === 'created' || test?.status === 'deleted') {
    return (
      <div className="grid gap-4">
        {test.status === 'created' ? (
          <Alert title="A/B copy created, paused">
            <span className="flex items-start gap-2">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
              <span>
                “{test.copyAdName}” is in the same ad set as “{ad.name}”, with the new copy and the same image. It is
                paused: start it when you want the test to begin.
              </span>
            </span>
          </Alert>
        ) : (
          <Alert title="A/B copy deleted">The copy was deleted at Meta; the original ad is as it was.</Alert>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          {test.status === 'created' && !withinUndoWindow(test, now) ? (
            <p className="text-sm text-muted-foreground">
              The 24 hours in which it could be deleted here have passed: pause or delete it in Ads Manager.
            </p>
          ) : null}
          {test.status === 'created' ? (
            <>
              {withinUndoWindow(test, now) ? (
                <Button
                  variant="outline"
                  onClick={() => undo.mutate(test.id, { onSuccess: setMine })}
                  disabled={undo.isPending}
                  aria-label={`Delete the A/B copy ${test.copyAdName ?? ''}`}
                >
                  <Trash2 aria-hidden="true" /> {undo.isPending ? 'Deleting…' : 'Delete the copy'}
                </Button>
              ) : null}
              <Button onClick={() => onShowCopy(test.copyAdId!)}>See the paused copy</Button>
            </>
          ) : null}
        </div>
      </div>
    );
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
          <EditCopy draft={draft} onChange={setDraft} baseId={baseId} />
          <DiffView before={current} after={draft} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              onClick={() => approve.mutate({ id: test.id, body: draft }, { onSuccess: setMine })}
              disabled={approve.isPending || !draft.headline.trim() || !draft.primaryText.trim()}
            >
              {approve.isPending ? 'Creating the paused copy…' : 'Approve: create a paused A/B copy'}
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}

function EditCopy({ draft, onChange, baseId }: { draft: Draft; onChange: (d: Draft) => void; baseId: string }) {
  const fields = [
    ['headline', 'Headline'],
    ['primaryText', 'Primary text'],
    ['description', 'Description'],
  ] as const;
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium">Edit the chosen copy</legend>
      {fields.map(([field, label]) => {
        const length = checkLength(field, draft[field]);
        const id = `${baseId}-${field}`;
        return (
          <div key={field} className="grid gap-1">
            <Label htmlFor={id}>{label}</Label>
            {field === 'primaryText' ? (
              <textarea
                id={id}
                rows={3}
                className="rounded-md border bg-background px-3 py-2 text-sm"
                value={draft[field]}
                onChange={(e) => onChange({ ...draft, [field]: e.target.value })}
              />
            ) : (
              <Input id={id} value={draft[field]} onChange={(e) => onChange({ ...draft, [field]: e.target.value })} />
            )}
            <p className={length.over ? 'text-xs text-amber-800' : 'text-xs text-muted-foreground'}>
              {length.count} / {length.limit}
              {length.over ? ' — longer than Meta recommends; it will be cut behind “See more”.' : ''}
            </p>
          </div>
        );
      })}
    </fieldset>
  );
}

function DiffView({ before, after }: { before: Draft; after: Draft }) {
  const rows = changedFields(before, after);
  return (
    <section aria-label="Current and proposed copy" className="grid gap-2 rounded-md border p-3 text-sm">
      <p className="text-xs font-medium text-muted-foreground uppercase">Current → proposed</p>
      {rows.map((row) => (
        <div key={row.field} className="grid gap-0.5">
          <p className="text-xs text-muted-foreground">
            {row.label}
            {row.changed ? '' : ' (unchanged)'}
          </p>
          {row.changed ? (
            <>
              <del className="text-muted-foreground break-words">{row.before || '—'}</del>
              <ins className="font-medium no-underline break-words">{row.after || '—'}</ins>
            </>
          ) : (
            <p className="break-words">{row.after || '—'}</p>
          )}
        </div>
      ))}
      <p className="text-xs text-muted-foreground">Same image, link and button as the original; created paused.</p>
    </section>
  );
}
