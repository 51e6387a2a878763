import { checkLength, type AdCopyTextField } from '@shared/ad-copy-rules';
import { cn } from '@web/lib/cn';

/** "32 / 40", turning to a warning past Meta's recommended length (the text is then cut behind "See more"). */
export function CharacterCount({ field, text, id }: { field: AdCopyTextField; text: string; id: string }) {
  const { count, limit, over } = checkLength(field, text);
  return (
    <span
      id={id}
      aria-live="polite"
      className={cn('text-xs tabular-nums', over ? 'font-medium text-destructive' : 'text-muted-foreground')}
    >
      {count} / {limit}
      {over ? ` · ${count - limit} over Meta’s recommended length` : ''}
    </span>
  );
}
