import { toast } from 'sonner';
import type { AdAccount, CampaignWithMetrics } from '@shared/schemas/meta';
import type { DateRangeValue } from '@web/lib/meta-account/date-range';
import type { useUpdateCampaign } from '../api/update-campaign';
import { BudgetDialog, StatusConfirmDialog } from './campaign-actions';
import { CampaignDetailDrawer } from './campaign-detail-drawer';

/** The campaign opened, the one to pause or resume, the one to re-budget: each null when none is. */
export interface CampaignTargets {
  open: CampaignWithMetrics | null;
  status: CampaignWithMetrics | null;
  budget: CampaignWithMetrics | null;
}

/** The campaign's detail drawer and the pause/resume and budget dialogs, each sending its change to Meta. */
export function CampaignsDialogs({
  targets,
  onClose,
  update,
  account,
  currency,
  timeZone,
  range,
}: {
  targets: CampaignTargets;
  onClose: (which: keyof CampaignTargets) => void;
  update: ReturnType<typeof useUpdateCampaign>;
  account: AdAccount | null;
  currency: string;
  timeZone: string;
  range: DateRangeValue;
}) {
  return (
    <>
      <CampaignDetailDrawer
        campaign={targets.open}
        currency={currency}
        timeZone={timeZone}
        range={range}
        onClose={() => onClose('open')}
      />
      <StatusConfirmDialog
        campaign={targets.status}
        currency={currency}
        onCancel={() => onClose('status')}
        onConfirm={(campaign, status) => {
          onClose('status');
          update.mutate(
            { campaignId: campaign.id, update: { status } },
            {
              onSuccess: () =>
                toast.success(
                  status === 'PAUSED' ? `“${campaign.name}” is paused.` : `“${campaign.name}” is running again.`,
                ),
            },
          );
        }}
      />
      <BudgetDialog
        campaign={targets.budget}
        currency={currency}
        minDailyBudget={account?.minDailyBudget}
        onCancel={() => onClose('budget')}
        onConfirm={async (campaign, change) => {
          // A refusal rejects into the dialog, which stays open and shows it.
          await update.mutateAsync({ campaignId: campaign.id, update: change, errorShownInline: true });
          onClose('budget');
          toast.success(`The budget of “${campaign.name}” was updated.`);
        }}
      />
    </>
  );
}
