import { Undo2 } from 'lucide-react';
import type { AppliedRecommendation } from '@shared/schemas/optimizer-outcomes';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatDay } from '@web/lib/format';
import { KIND_LABELS } from '../../lib/recommendation-words';
import { OutcomeBody } from './outcome-body';

export function AppliedCard({
  item,
  currency,
  onUndo,
  undoing,
  readAt,
}: {
  item: AppliedRecommendation;
  currency: string;
  onUndo: () => void;
  undoing: boolean;
  /** When the list was read (ms). */
  readAt: number;
}) {
  // Judged at the time of the read; the server checks the 24 hours again on undo.
  const canUndo = item.status === 'applied' && item.undoUntil !== undefined && Date.parse(item.undoUntil) > readAt;
  const statusLabel =
    item.outcome.state === 'measured'
      ? 'Measured'
      : item.outcome.state === 'measuring'
        ? 'Measuring'
        : item.outcome.state === 'undone'
          ? 'Undone'
          : 'Not measured';
  return (
    <li>
      <Card>
        <CardHeader className="gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <Badge>{KIND_LABELS[item.kind]}</Badge>
            <Badge variant={item.outcome.state === 'measured' ? 'success' : 'outline'}>{statusLabel}</Badge>
            <span className="text-xs text-muted-foreground">Applied {formatDay(item.appliedAt.slice(0, 10))}</span>
          </div>
          <CardTitle className="break-words text-base">{item.title}</CardTitle>
          <CardDescription className="break-words">
            Changed: {item.objects.map((o) => o.objectName).join(', ')}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <OutcomeBody item={item} currency={currency} />
          {canUndo ? (
            <div>
              <Button variant="outline" onClick={onUndo} disabled={undoing} aria-label={`Undo: ${item.title}`}>
                <Undo2 aria-hidden="true" /> {undoing ? 'Undoing…' : 'Undo'}
              </Button>
            </div>
          ) : null}
        </CardContent>
      </Card>
    </li>
  );
}
