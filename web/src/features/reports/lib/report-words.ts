import type { KeyFigure, ReportSend } from '@shared/schemas/reports';

/** A change as the PDF writes it: rounded to a tenth below 100 %, signed. */
export function changeWords(percent: number | null): string {
  if (percent === null) return 'no comparison';
  const rounded = Math.abs(percent) >= 100 ? Math.round(percent) : Math.round(percent * 10) / 10;
  return `${rounded > 0 ? '+' : ''}${rounded}%`;
}

/**
 * Whether a figure moved the good way: more spend is neither, a lower cost per result is better, more results
 * and a higher ROAS are. `null` when there is nothing to judge.
 */
export function changeIsGood(figure: KeyFigure, lowerIsBetter: boolean | null): boolean | null {
  if (lowerIsBetter === null || figure.changePercent === null || figure.changePercent === 0) return null;
  return lowerIsBetter ? figure.changePercent < 0 : figure.changePercent > 0;
}

/** Whether the figure meets its target (at or under a cost, at or over a ROAS); `null` without a target. */
export function meetsTarget(figure: KeyFigure, lowerIsBetter: boolean): boolean | null {
  if (figure.target === null || figure.current === null) return null;
  return lowerIsBetter ? figure.current <= figure.target : figure.current >= figure.target;
}

export const sendStatus: Record<ReportSend['status'], { label: string; className: string }> = {
  sent: { label: 'Sent', className: 'bg-success/15 text-success' },
  sending: { label: 'Sending', className: 'bg-secondary text-secondary-foreground' },
  failed: { label: 'Failed', className: 'bg-destructive/15 text-destructive' },
};

/** Recipients as typed: one a line or separated by commas or semicolons, blanks dropped. */
export function parseRecipients(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter(Boolean);
}
