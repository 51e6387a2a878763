import { checkLength } from '@shared/ad-copy-rules';
import { RECOMMENDED_CARD_TEXT } from '@shared/carousel-rules';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import type { Draft } from './use-rewrite-flow';

/** The chosen variant's copy, editable, each field with its length against Meta's recommendation. */
export function RewriteEditCopy({
  draft,
  onChange,
  baseId,
}: {
  draft: Draft;
  onChange: (d: Draft) => void;
  baseId: string;
}) {
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
      {draft.cardHeadlines?.map((headline, i) => {
        const id = `${baseId}-card-${i}`;
        const over = headline.length > RECOMMENDED_CARD_TEXT.headline;
        return (
          <div key={id} className="grid gap-1">
            <Label htmlFor={id}>Card {i + 1} headline</Label>
            <Input
              id={id}
              value={headline}
              onChange={(e) =>
                onChange({
                  ...draft,
                  cardHeadlines: draft.cardHeadlines!.map((h, j) => (j === i ? e.target.value : h)),
                })
              }
            />
            <p className={over ? 'text-xs text-amber-800' : 'text-xs text-muted-foreground'}>
              {headline.length} / {RECOMMENDED_CARD_TEXT.headline}
              {over ? ' — longer than Meta recommends for a card; it will be cut.' : ''}
            </p>
          </div>
        );
      })}
    </fieldset>
  );
}
