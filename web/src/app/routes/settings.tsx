import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { webPaths } from '@shared/web-paths';
import { PageHeader } from '../../components/layout/page-header';
import { buttonVariants } from '../../components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { AccountSettingsCard } from '../../features/account/components/account-settings-card';
import { TwoStepSignInCard } from '../../features/account/components/two-step-sign-in-card';
import { AgentAccessTokensCard } from '../../features/agent/components/agent-access-tokens-card';
import { AgentGuardrailsCard } from '../../features/agent/components/agent-guardrails-card';
import { AiSettingsPanel } from '../../features/ai-settings/components/ai-settings-panel';
import { PlanBillingCard } from '../../features/billing/components/plan-billing-card';
import { BusinessLanguagesCard } from '../../features/business/components/business-languages-card';

/** /settings gathers what the account menu and dashboard spread out; each part is the feature's own card. */
export default function SettingsRoute() {
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
      <PageHeader
        title="Settings"
        description="Your profile, sign-in security, plan and billing, business languages, AI connection, the agent's guardrails, AI assistant access and team."
      />
      <div className="grid items-start gap-6 md:grid-cols-2">
        <section aria-label="Profile">
          <AccountSettingsCard />
        </section>
        <section aria-label="Security">
          <TwoStepSignInCard />
        </section>
        <section aria-label="Plan and billing">
          <PlanBillingCard />
        </section>
        <section aria-label="Business">
          <BusinessLanguagesCard />
        </section>
        <section aria-label="AI connection">
          <AiSettingsPanel />
        </section>
        <section aria-label="Agent guardrails">
          <AgentGuardrailsCard />
        </section>
        <section aria-label="AI assistant access">
          <AgentAccessTokensCard />
        </section>
        <section aria-label="Team">
          <Card>
            <CardHeader>
              <CardTitle>Team</CardTitle>
              <CardDescription>Members, invitations and seats of your workspace.</CardDescription>
              <Link to={webPaths.settingsTeam} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                Manage the team <ArrowRight aria-hidden="true" />
              </Link>
            </CardHeader>
          </Card>
        </section>
      </div>
    </div>
  );
}
