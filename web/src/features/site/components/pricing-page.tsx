import { Check } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { featureEntries } from '@shared/features';
import { plans, type PlanKey } from '@shared/plans';
import { PageHeader } from '@web/components/layout/page-header';
import { Badge } from '@web/components/ui/badge';
import { buttonVariants } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { planFeatures, planPrice, yearlySavingPercent, type BillingPeriod } from '../content/plan-features';
import { pricingFaq } from '../content/pricing-faq';
import { signUpPath } from '@shared/web-paths';

const highlighted: PlanKey = 'pro';
/** From the one declared list of features (issue 22, finding 8): every plan has every feature that has shipped. */
const includedFeatures = featureEntries().filter((feature) => feature.available);
const ctaLabel: Record<PlanKey, string> = {
  free: 'Start for free',
  pro: 'Start with Pro',
  agency: 'Start with Agency',
};

function BillingToggle({ period, onChange }: { period: BillingPeriod; onChange: (p: BillingPeriod) => void }) {
  const option = (value: BillingPeriod, label: string) => (
    <button
      type="button"
      aria-pressed={period === value}
      onClick={() => onChange(value)}
      className={cn(
        'min-h-10 rounded-full px-4 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring cursor-pointer',
        period === value
          ? 'bg-primary text-primary-foreground shadow-sm'
          : 'text-muted-foreground hover:text-foreground',
      )}
    >
      {label}
    </button>
  );
  return (
    <div role="group" aria-label="Billing period" className="inline-flex rounded-full border bg-card p-1 shadow-sm">
      {option('monthly', 'Monthly')}
      {option('yearly', `Yearly · save ${yearlySavingPercent()}%`)}
    </div>
  );
}

/**
 * What a signed-in user sees on top of the public page, given by the route (which
 * loads it only when a session exists): their plan marked, an action per card
 * (upgrade, switch, manage) instead of "sign up", and a notice after a change.
 */
export interface PricingAccount {
  /** Null while their plan loads. */
  currentPlan: PlanKey | null;
  action: (plan: PlanKey, period: BillingPeriod) => ReactNode;
  notice: ReactNode;
}

export function PricingPage({ account }: { account?: PricingAccount }) {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const keys = Object.keys(plans) as PlanKey[];
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <div className="text-center [&>div]:items-center [&>div]:justify-center [&_p]:mx-auto">
        <PageHeader
          eyebrow="Pricing"
          title="Simple plans that grow with your ad spend"
          description="Start free. Upgrade when you need more AI generations, ad accounts or seats. Your Meta ad spend is billed by Meta, never by us."
        />
      </div>
      <div className="mt-8 flex justify-center">
        <BillingToggle period={period} onChange={setPeriod} />
      </div>
      {account?.notice ? <div className="mx-auto mt-6 max-w-2xl">{account.notice}</div> : null}
      <ul className="mt-10 grid gap-6 lg:grid-cols-3">
        {keys.map((key) => {
          const plan = plans[key];
          const price = planPrice(key, period);
          const featured = key === highlighted;
          const current = account?.currentPlan === key;
          return (
            <li
              key={key}
              aria-labelledby={`plan-${key}`}
              className={cn(
                'relative flex flex-col rounded-xl border bg-card p-6 shadow-sm sm:p-8',
                featured && 'border-primary shadow-lg shadow-indigo-500/10 ring-1 ring-primary',
              )}
            >
              {featured ? (
                <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground">
                  Most popular
                </p>
              ) : null}
              <div className="flex items-center justify-between gap-2">
                <h2 id={`plan-${key}`} className="text-xl font-semibold">
                  {plan.name}
                </h2>
                {current ? <Badge variant="success">Your plan</Badge> : null}
              </div>
              <p className="mt-1 text-sm text-muted-foreground">{plan.tagline}</p>
              <p className="mt-6 flex items-baseline gap-1">
                <span className="text-4xl font-bold tracking-tight">{price.perMonth}</span>
                {plan.priceCents.monthly > 0 ? <span className="text-muted-foreground">/month</span> : null}
              </p>
              <p className="mt-1 text-sm text-muted-foreground">{price.note}</p>
              {account ? (
                account.action(key, period)
              ) : (
                <Link
                  to={signUpPath}
                  aria-label={`${ctaLabel[key]}: ${plan.name} plan`}
                  className={buttonVariants({ variant: featured ? 'default' : 'outline', className: 'mt-6 w-full' })}
                >
                  {ctaLabel[key]}
                </Link>
              )}
              <ul className="mt-8 space-y-3 text-sm">
                {planFeatures(key).map((feature) => (
                  <li key={feature} className="flex gap-3">
                    <Check aria-hidden="true" className="size-5 shrink-0 text-primary" />
                    {feature}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Prices in US dollars, before tax. Plans differ in the allowances on each card, not in the features.
      </p>
      <section aria-labelledby="included-heading" className="mx-auto mt-10 max-w-4xl text-center">
        <h2 id="included-heading" className="text-lg font-semibold">
          Every plan includes
        </h2>
        <ul aria-labelledby="included-heading" className="mt-4 flex flex-wrap justify-center gap-x-6 gap-y-3 text-sm">
          {includedFeatures.map((feature) => (
            <li key={feature.key} className="flex items-center gap-2">
              <Check aria-hidden="true" className="size-4 shrink-0 text-primary" />
              {feature.name}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="faq-heading" className="mx-auto mt-20 max-w-3xl">
        <h2 id="faq-heading" className="text-center text-3xl font-bold tracking-tight">
          Frequently asked questions
        </h2>
        <div className="mt-8 divide-y rounded-xl border bg-card">
          {pricingFaq.map((entry) => (
            <details key={entry.question} className="group p-5 [&_summary::-webkit-details-marker]:hidden">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium">
                {entry.question}
                <span
                  aria-hidden="true"
                  className="text-xl text-muted-foreground transition-transform group-open:rotate-45"
                >
                  +
                </span>
              </summary>
              <p className="mt-3 text-muted-foreground">{entry.answer}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}
