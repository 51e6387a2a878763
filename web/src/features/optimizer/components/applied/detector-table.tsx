import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import type { AppliedList } from '../../api/optimizer-applied';
import { biasText } from '../../lib/outcome-words';
import { KIND_LABELS } from '../../lib/recommendation-words';

export function DetectorTable({ list }: { list: AppliedList }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">How each detector’s predictions held up</CardTitle>
        <CardDescription>
          Hit rate: the share of measured recommendations whose actual effect fell within the predicted range widened by
          the measurement’s own chance variation (how far two weeks of Meta’s figures differ by chance alone: for
          results and clicks 1.96 × √(before + after), for CTR the two weeks’ binomial error, for spend none). Bias: the
          median of actual minus expected (above zero, the detector is too cautious; below, it promises too much). Shown
          once a detector has {list.minHistory} measured recommendations.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Detector hit rates</caption>
            <thead>
              <tr className="text-left text-xs text-muted-foreground">
                <th scope="col" className="py-1 font-medium">
                  Detector
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Measured
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Hit rate
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Median bias
                </th>
              </tr>
            </thead>
            <tbody>
              {list.detectors.map((score) => (
                <tr key={score.kind} className="border-t">
                  <th scope="row" className="py-1.5 text-left font-normal">
                    {KIND_LABELS[score.kind]}
                  </th>
                  <td className="py-1.5 text-right tabular-nums">{score.n}</td>
                  <td className="py-1.5 text-right">
                    {score.hitRate === null ? (
                      <span className="text-muted-foreground">Not enough history</span>
                    ) : (
                      `${Math.round(score.hitRate * 100)}% (${score.hits} of ${score.n})`
                    )}
                  </td>
                  <td className="py-1.5 text-right">{biasText(score, list.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}
