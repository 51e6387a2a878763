import { AccountSettingsCard } from '../../features/account/components/account-settings-card';
import { PlanBillingCard } from '../../features/billing/components/plan-billing-card';
import { AiSettingsPanel } from '../../features/ai-settings/components/ai-settings-panel';
import { DashboardOverview } from '../../features/dashboard/components/dashboard-overview';
import { MetaDashboard } from '../../features/campaigns/components/meta-dashboard';

/** The dashboard composes features that must not know about each other. */
export default function DashboardRoute() {
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[1fr_22rem]">
      <DashboardOverview>
        <MetaDashboard />
      </DashboardOverview>
      <aside aria-label="Account" className="grid content-start gap-6 lg:pt-[4.5rem]">
        <AccountSettingsCard />
        <PlanBillingCard />
        <AiSettingsPanel />
      </aside>
    </div>
  );
}
