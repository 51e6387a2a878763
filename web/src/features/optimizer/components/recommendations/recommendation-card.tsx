import { ChevronDown, Undo2, Wand2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { confidenceLine } from '@shared/confidence-words';
import type { StoredRecommendation } from '@shared/schemas/optimizer';
import { webPaths } from '@shared/web-paths';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useMediaQuery } from '@web/lib/use-media-query';
import { withinUndoWindow } from '@web/lib/undo-window';
import {
  adviceOnly,
  alreadyChangedLine,
  effectText,
  KIND_LABELS,
  LEVEL_LABELS,
  rewritesInAdOptimizer,
} from '../../lib/recommendation-words';
import { WIDE_SCREEN } from '../../lib/recommendations-layout';

export function RecommendationCard({
  rec,
  onReview,
  onUndo,
  undoing,
  now,
  forApproval,
}: {
  rec: StoredRecommendation;
  now: number;
  onReview: () => void;
  onUndo: () => void;
  undoing: boolean;
  /** Open recommendations with changes can be chosen to send for the client's approval. */
  forApproval?: { selected: boolean; onSelect: (selected: boolean) => void };
}) {
  // Judged at the server's time of the list; the server checks the 24 hours again on undo.
  const canUndo = rec.status === 'applied' && rec.undoUntil !== undefined && withinUndoWindow(rec, now);
  // The evidence is open on wide screens; on a phone each card shows what, its effect and its action, and the
  // numbers behind it one tap (or Enter) away, so the list stays a list. Any choice the marketer makes stays.
  const wide = useMediaQuery(WIDE_SCREEN, true);
  const [opened, setOpened] = useState<boolean | null>(null);
  const expanded = opened ?? wide;
  const evidenceId = useId();
  return (
    <li>
      <Card>
        <CardHeader className="gap-1.5 p-4 sm:gap-2 sm:p-6">
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge>{KIND_LABELS[rec.kind]}</Badge>
            <Badge variant="outline">{LEVEL_LABELS[rec.level]}</Badge>
            {rec.kind === 'agent_proposal' ? (
              // Asked for by a person, not found by a detector: there is no evidence to estimate a chance from.
              <Badge variant="outline">Asked for in the agent</Badge>
            ) : (
              <Badge
                variant="outline"
                title="The estimated probability that approving it helps, from its evidence; never certain."
              >
                {confidenceLine(rec.confidence)}
              </Badge>
            )}
            {rec.status !== 'proposed' ? <Badge variant="success">{rec.status}</Badge> : null}
          </div>
          <CardTitle className="text-base">{rec.title}</CardTitle>
          {/* Shown even with the numbers folded away: it says why the card has no change of its own. */}
          {rec.alreadyChanged?.map((taken) => (
            <p key={taken.objectId} className="text-sm font-medium text-amber-800">
              {alreadyChangedLine(rec, taken)}
            </p>
          ))}
          <p className="text-sm">
            <span className="font-medium">Expected effect:</span> {effectText(rec)}
          </p>
          <div id={evidenceId} hidden={!expanded} className="grid gap-1">
            <CardDescription>{rec.explanation ?? rec.why}</CardDescription>
            {rec.explanationSource ? (
              <p className="text-muted-foreground text-xs">
                {rec.explanationSource === 'ai'
                  ? 'Written by the AI engine; every number checked against the evidence.'
                  : 'The detector’s own words.'}
              </p>
            ) : null}
          </div>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center justify-between gap-2 p-4 pt-0 sm:gap-3 sm:p-6 sm:pt-0">
          <Button
            variant="ghost"
            size="sm"
            className="-ml-2"
            aria-expanded={expanded}
            aria-controls={evidenceId}
            // The visible words first (what a voice user says), then which card: every card has one.
            aria-label={`${expanded ? 'Hide the numbers' : 'Why: the numbers'}: ${rec.title}`}
            onClick={() => setOpened(!expanded)}
          >
            <ChevronDown aria-hidden="true" className={expanded ? 'rotate-180' : undefined} />
            {/* One word on a phone, so the disclosure and the card's action share a row. */}
            <span className="sm:hidden">{expanded ? 'Hide' : 'Why'}</span>
            <span className="hidden sm:inline">{expanded ? 'Hide the numbers' : 'Why: the numbers'}</span>
          </Button>
          {rec.status === 'proposed' && rec.changes.length > 0 ? (
            <div className="flex flex-wrap items-center gap-3">
              {forApproval ? (
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4"
                    aria-label={`Select for approval: ${rec.title}`}
                    checked={forApproval.selected}
                    onChange={(event) => forApproval.onSelect(event.target.checked)}
                  />
                  <span aria-hidden="true">For approval</span>
                </label>
              ) : null}
              <Button onClick={onReview} aria-label={`Review changes: ${rec.title}`}>
                Review changes
              </Button>
            </div>
          ) : rec.status === 'proposed' && rewritesInAdOptimizer(rec) ? (
            <Link
              to={`${webPaths.adOptimizer}?ad=${encodeURIComponent(rec.objectId)}`}
              className={buttonVariants({ variant: 'outline' })}
              aria-label={`Rewrite and test in the ad optimizer: ${rec.objectName}`}
            >
              {/* The full words overflow a 360 px card; the aria-label keeps them for every width. */}
              <Wand2 aria-hidden="true" /> Rewrite and test
              <span className="hidden sm:inline"> in the ad optimizer</span>
            </Link>
          ) : rec.status === 'proposed' && adviceOnly(rec) ? (
            <p className="text-sm text-muted-foreground">Advice only: approve the other recommendation instead.</p>
          ) : rec.status === 'proposed' ? (
            <p className="text-sm text-muted-foreground">
              Needs you in Ads Manager or the ad optimizer: no automatic change.
            </p>
          ) : canUndo ? (
            <Button variant="outline" onClick={onUndo} disabled={undoing} aria-label={`Undo: ${rec.title}`}>
              <Undo2 aria-hidden="true" /> {undoing ? 'Undoing…' : 'Undo'}
            </Button>
          ) : null}
        </CardContent>
      </Card>
    </li>
  );
}
