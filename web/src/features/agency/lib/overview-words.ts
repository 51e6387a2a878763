import type { Attention, ClientOverviewRow } from '@shared/schemas/agency-overview';

/** Each state's badge: words and colour classes (the words carry the meaning; colour only repeats it). */
export const attentionBadge: Record<Attention, { label: string; className: string }> = {
  off_target_and_pace: { label: 'Off target and pace', className: 'bg-destructive/15 text-destructive' },
  off_target: { label: 'Off target', className: 'bg-destructive/15 text-destructive' },
  off_pace: { label: 'Off pace', className: 'bg-warning/25 text-foreground' },
  error: { label: 'No figures', className: 'bg-muted text-muted-foreground' },
  on_track: { label: 'On track', className: 'bg-success/15 text-success' },
  no_targets: { label: 'No targets', className: 'border text-muted-foreground' },
};

/** The pace in words: "112 % of pace (over)". */
export function paceWords(row: ClientOverviewRow): string {
  if (!row.pace || row.pace.ratio === null) return '—';
  const percent = Math.round(row.pace.ratio * 100);
  const state = row.pace.state === 'over' ? ' (over)' : row.pace.state === 'under' ? ' (under)' : '';
  return `${percent} % of pace${state}`;
}

/** Only the owner and admins of a workspace set its targets (the server checks it again). */
export const setsTargets = (row: ClientOverviewRow) => row.role === 'owner' || row.role === 'admin';
