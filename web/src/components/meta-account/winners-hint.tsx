import { basedOnLine, COPY_PARTS, type WinnerPart, type WinningElements } from '@shared/creative-winners';

/**
 * What won in this ad account's own ads (the creative report), offered as where a generator starts; the marketer
 * can turn it off. Shown only when something the generator acts on (`parts`) won with significance.
 */
export function WinnersHint({
  winners,
  checked,
  onChange,
  parts = COPY_PARTS,
}: {
  winners: WinningElements;
  checked: boolean;
  onChange: (checked: boolean) => void;
  parts?: readonly WinnerPart[];
}) {
  return (
    <div className="grid gap-1 rounded-md border border-primary/30 bg-primary/5 p-3 text-sm">
      <label className="flex items-center gap-2 font-medium">
        <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
        Start from what wins in this ad account
      </label>
      <p className="text-muted-foreground">
        {`${basedOnLine(winners, parts)}, in ${winners.groupLabel} over the last eight weeks: each won with at least 95% probability.`}
      </p>
    </div>
  );
}
