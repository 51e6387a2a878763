import { Alert } from '@web/components/ui/alert';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { CampaignsTable, type CampaignsTableProps } from './campaigns-table';

/** The table of the campaigns that pass the filters, or why there is none: an empty account, or no match. */
export function CampaignsResults({
  total,
  ...table
}: CampaignsTableProps & {
  /** How many campaigns the account has in the range, filtered or not. */
  total: number;
}) {
  if (total === 0) {
    return (
      <Card className="border-dashed">
        <CardHeader className="items-center text-center">
          <CardTitle>No campaigns in this ad account</CardTitle>
          <CardDescription>Campaigns you create in Meta Ads Manager appear here.</CardDescription>
        </CardHeader>
      </Card>
    );
  }
  if (table.campaigns.length === 0) {
    return <Alert title="No campaigns match these filters">Clear the search or choose other filters.</Alert>;
  }
  return <CampaignsTable {...table} />;
}
