import {
  ArrowRight,
  ChartPie,
  Image,
  LayoutDashboard,
  PenLine,
  SlidersHorizontal,
  Sparkles,
  Wand2,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@shared/constants';
import { featureEntries, type FeatureKey } from '@shared/features';
import { clsx } from 'clsx';
import { buttonClasses, cardClasses } from '@web/components/ui/plain-classes';
import { useAuth } from '@web/lib/auth/use-auth';
import { ProductPreview } from './product-preview';
import { signUpPath, webPaths } from '@shared/web-paths';

/** One icon per declared feature: a feature added to shared/features.ts fails typecheck here until it has one. */
const featureIcons: Record<FeatureKey, LucideIcon> = {
  dashboard: LayoutDashboard,
  adCopy: PenLine,
  campaignGenerator: Wand2,
  graphics: Image,
  optimizer: SlidersHorizontal,
  adOptimizer: Sparkles,
  marketingMix: ChartPie,
};

/** The grid shows what people can use today, from the one declared list (issue 22, finding 8). */
const availableFeatures = featureEntries().filter((feature) => feature.available);

/** A declaration's `does` continues "It …"; on a card it stands alone as a sentence. */
const asSentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const steps = [
  { title: 'Describe your offer', text: 'Tell us about the product and the customers you want.' },
  { title: 'Generate and refine', text: 'Get copy, graphics and a campaign plan to review and adjust.' },
  { title: 'Launch and improve', text: 'Publish to your Meta ad account and keep improving results.' },
];

export function HomePage() {
  const { currentUser } = useAuth();
  const primary = currentUser
    ? { to: '/dashboard', label: 'Open your dashboard' }
    : { to: signUpPath, label: 'Start for free' };
  return (
    <>
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-gradient-to-b from-indigo-50 via-background to-background"
        />
        <div
          aria-hidden="true"
          className="absolute -top-24 right-0 -z-10 size-[28rem] rounded-full bg-pink-200/40 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="absolute -left-24 top-24 -z-10 size-[24rem] rounded-full bg-indigo-200/50 blur-3xl"
        />
        <div className="mx-auto max-w-7xl px-4 pb-20 pt-16 text-center sm:px-6 sm:pt-24">
          <p className="mx-auto inline-flex items-center gap-2 rounded-full border bg-card/80 px-3 py-1 text-sm text-muted-foreground shadow-sm">
            <span className="size-2 rounded-full bg-success" aria-hidden="true" /> {PRODUCT_TAGLINE}
          </p>
          <h1 className="mx-auto mt-6 max-w-4xl text-4xl font-bold tracking-tight sm:text-6xl">
            Facebook and Instagram ads,{' '}
            <span className="bg-gradient-to-r from-indigo-600 to-pink-600 bg-clip-text text-transparent">
              crafted by AI
            </span>
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
            {PRODUCT_NAME} writes your ad copy, designs your graphics and builds your campaigns, then helps you optimise
            them against the results in your own Meta ad account.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Link to={primary.to} className={buttonClasses({ size: 'lg' })}>
              {primary.label} <ArrowRight aria-hidden="true" />
            </Link>
            <Link to={webPaths.about} className={buttonClasses({ size: 'lg', variant: 'outline' })}>
              How it works
            </Link>
          </div>
          <ProductPreview />
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="features-heading" className="text-center text-3xl font-bold tracking-tight">
          Everything you need to run better ads
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">
          From the first headline to the last budget change, one workspace for your paid social.
        </p>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {availableFeatures.map(({ key, name, does }) => {
            const Icon = featureIcons[key];
            return (
              <li key={key}>
                <div className={clsx(cardClasses, 'h-full p-6 transition-shadow hover:shadow-md')}>
                  <span className="flex size-10 items-center justify-center rounded-lg bg-secondary">
                    <Icon aria-hidden="true" className="size-5 text-primary" />
                  </span>
                  <h3 className="mt-4 font-semibold">{name}</h3>
                  <p className="mt-2 text-sm text-muted-foreground">{asSentence(does)}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="steps-heading" className="border-y bg-card">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 id="steps-heading" className="text-center text-3xl font-bold tracking-tight">
            From idea to live campaign in three steps
          </h2>
          <ol className="mt-12 grid gap-8 md:grid-cols-3">
            {steps.map((step, index) => (
              <li key={step.title} className="flex flex-col items-center text-center">
                <span className="flex size-10 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                  {index + 1}
                </span>
                <h3 className="mt-4 font-semibold">{step.title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <div className="rounded-2xl bg-gradient-to-br from-indigo-600 to-pink-600 px-6 py-14 text-center text-white shadow-xl">
          <h2 className="text-3xl font-bold tracking-tight">Ready to make your next campaign your best?</h2>
          <p className="mx-auto mt-3 max-w-xl text-white/85">Create your account in under a minute.</p>
          <Link to={primary.to} className={buttonClasses({ size: 'lg', variant: 'secondary' }, 'mt-8')}>
            {primary.label} <ArrowRight aria-hidden="true" />
          </Link>
        </div>
      </section>
    </>
  );
}
