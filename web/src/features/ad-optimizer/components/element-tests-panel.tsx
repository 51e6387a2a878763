import { FlaskConical } from 'lucide-react';
import type { AdTest } from '@shared/schemas/ad-optimizer';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import type { RewriteActions } from './use-rewrite-flow';

/**
 * One-element A/B tests (issue 29 req 5): the ad optimizer proposes, from the creative report, copies of live ads
 * with exactly one element changed; each shows the element, control → variant, why and the expected effect
 * (exploratory when nothing has won), and is created paused only on approval, as any A/B copy.
 */
export function ElementTestsPanel({
  tests,
  actions,
  onShowCopy,
}: {
  tests: readonly AdTest[];
  actions: RewriteActions;
  onShowCopy: (copyAdId: string) => void;
}) {
  const open = tests.filter((t) => t.elementTest && (t.status === 'proposed' || t.status === 'created'));
  const note = actions.propose.data?.proposed.length === 0 ? actions.propose.data.note : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <FlaskConical aria-hidden="true" className="size-4" /> One-element A/B tests
        </CardTitle>
        <CardDescription>
          From the creative report: a copy of a live ad with only its call to action or headline angle changed — to what
          won in this account, or, where nothing has won yet, to something not tried. Created paused, only when you
          approve it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div>
          <Button variant="outline" onClick={() => actions.propose.mutate()} disabled={actions.propose.isPending}>
            {actions.propose.isPending ? 'Reading the creative report…' : 'Propose one-element tests'}
          </Button>
        </div>
        {note ? (
          <p role="status" className="text-sm text-muted-foreground">
            {note}
          </p>
        ) : null}
        {open.length > 0 ? (
          <ul className="grid gap-3" aria-label="One-element tests">
            {open.map((test) => (
              <ElementTestItem key={test.id} test={test} actions={actions} onShowCopy={onShowCopy} />
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** "99%", or "over 99%" where the report's rounded chance would read as a certainty. */
const likelyWords = (p: number) => (p >= 0.995 ? 'over 99%' : `${Math.floor(p * 100)}%`);

function ElementTestItem({
  test,
  actions,
  onShowCopy,
}: {
  test: AdTest;
  actions: RewriteActions;
  onShowCopy: (copyAdId: string) => void;
}) {
  const element = test.elementTest!;
  const variant = test.variants[0]!;
  const title = `${element.elementLabel}: ${element.controlLabel} → ${element.variantLabel}`;
  const approving = actions.approve.isPending && actions.approve.variables?.id === test.id;
  return (
    <li className="grid gap-2 rounded-md border p-3 text-sm" aria-label={`${title} in “${test.adName}”`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{title}</span>
        {element.basis === 'winner' ? (
          <Badge variant="success">Winner, {likelyWords(element.probability ?? 0)} likely best</Badge>
        ) : (
          <Badge variant="outline">Exploratory</Badge>
        )}
      </div>
      <p className="text-muted-foreground">
        A copy of “{test.adName}”, {element.groupLabel}.
      </p>
      <p>{element.why}</p>
      <p>{element.expectedEffect}</p>
      {element.element === 'angle' ? (
        <dl className="grid gap-1 rounded bg-muted/40 p-2" aria-label={`New words for “${test.adName}”`}>
          <dt className="text-xs text-muted-foreground">Headline</dt>
          <dd>{variant.headline}</dd>
          <dt className="text-xs text-muted-foreground">Primary text</dt>
          <dd>{variant.primaryText}</dd>
        </dl>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {test.status === 'proposed' ? (
          <Button
            onClick={() =>
              actions.approve.mutate({
                id: test.id,
                body: {
                  headline: variant.headline,
                  primaryText: variant.primaryText,
                  description: variant.description,
                  callToAction: variant.callToAction,
                  ...(variant.cardHeadlines ? { cardHeadlines: variant.cardHeadlines } : {}),
                },
              })
            }
            disabled={approving}
            aria-label={`Create the paused copy: ${title} in “${test.adName}”`}
          >
            {approving ? 'Creating…' : 'Create the paused copy'}
          </Button>
        ) : (
          <Button variant="outline" onClick={() => onShowCopy(test.copyAdId!)}>
            See the paused copy “{test.copyAdName}”
          </Button>
        )}
      </div>
    </li>
  );
}
