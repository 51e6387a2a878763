import type { Audience, AudienceKind } from '@shared/schemas/audiences';
import { Button } from '@web/components/ui/button';

const KIND_WORDS: Record<AudienceKind, string> = {
  'customer-list': 'Customer list',
  website: 'Website visitors',
  engagement: 'Page engagers',
  lookalike: 'Lookalike',
};

/** Meta gives ranges, never counts; 0–1,000 is its "below 1,000", and equal bounds are still an estimate. */
export function sizeWords(audience: Pick<Audience, 'sizeLower' | 'sizeUpper'>): string {
  if (audience.sizeUpper < 0) return 'Not available yet';
  if (audience.sizeLower === 0 && audience.sizeUpper <= 1000) return 'Below 1,000';
  if (audience.sizeLower === audience.sizeUpper) return `About ${audience.sizeUpper.toLocaleString('en-US')}`;
  return `${audience.sizeLower.toLocaleString('en-US')} – ${audience.sizeUpper.toLocaleString('en-US')}`;
}

function detailWords(audience: Audience): string {
  if (audience.lookalike) return `${audience.lookalike.percent} % of ${audience.lookalike.country}`;
  if (audience.retentionDays) return `Last ${audience.retentionDays} days`;
  return '';
}

interface AudienceTableProps {
  audiences: Audience[];
  deletingId: string | undefined;
  onDelete: (audience: Audience) => void;
  /** Absent when the person may not upload customer data (a member without the owner's permission). */
  onRefresh?: (audience: Audience) => void;
}

/** Each audience with its kind, Meta's size range and whether it is ready for ads. */
export function AudienceTable({ audiences, deletingId, onDelete, onRefresh }: AudienceTableProps) {
  if (audiences.length === 0) {
    return <p className="text-sm text-muted-foreground">No audiences in this ad account yet: make one below.</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="mb-2 text-left font-medium">Audiences in this ad account</caption>
        <thead>
          <tr className="text-left text-muted-foreground">
            <th scope="col">Name</th>
            <th scope="col">Kind</th>
            <th scope="col">People</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {audiences.map((audience) => (
            <tr key={audience.id} className="border-t">
              <th scope="row" className="py-2 text-left font-medium">
                {audience.name}
              </th>
              <td>
                {KIND_WORDS[audience.kind]}
                {detailWords(audience) ? (
                  <span className="block text-xs text-muted-foreground">{detailWords(audience)}</span>
                ) : null}
              </td>
              <td>{sizeWords(audience)}</td>
              <td>{audience.delivery.code === 200 ? 'Ready' : audience.delivery.description}</td>
              <td className="space-x-2 text-right">
                {onRefresh && audience.kind === 'customer-list' ? (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Refresh ${audience.name} from a new file`}
                    onClick={() => onRefresh(audience)}
                  >
                    Refresh
                  </Button>
                ) : null}
                <Button
                  variant="outline"
                  size="sm"
                  disabled={deletingId === audience.id}
                  aria-label={`Delete ${audience.name}`}
                  onClick={() => onDelete(audience)}
                >
                  {deletingId === audience.id ? 'Deleting…' : 'Delete'}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
