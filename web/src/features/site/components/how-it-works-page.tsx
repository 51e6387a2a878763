import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '@shared/constants';
import { signUpPath, webPaths } from '@shared/web-paths';
import { PageHeader } from '@web/components/layout/page-header';

/**
 * Each step with a real screenshot of the product, taken on the local twin's demo account (seeded Meta sandbox
 * data, not a customer's) in headless Chromium at 1280 × 800 and saved as WebP under web/public/how-it-works.
 */
const steps = [
  {
    id: 'connect',
    title: '1. Connect your Meta ad account',
    text: `Sign in, press Connect Meta and approve the permissions in Meta's own dialog. ${PRODUCT_NAME} keeps the access token encrypted in your AWS account and never sends it to the browser. The dashboard then shows spend, results, cost per result and ROAS for the account you pick.`,
    image: '/how-it-works/dashboard.webp',
    alt: 'The Adsmith dashboard on the demo account: key figures and a daily spend chart',
  },
  {
    id: 'read',
    title: '2. Read campaigns, ad sets and ads',
    text: 'A table like Ads Manager’s, with ROAS, link CTR and link CPC in view, the columns you choose, breakdowns by age, gender, placement and device, and the level switch. Pause, resume or change a budget in a couple of clicks; each change asks first and is recorded.',
    image: '/how-it-works/campaigns.webp',
    alt: 'The campaigns table on the demo account with spend, results, cost per result, ROAS, link CTR and link CPC',
  },
  {
    id: 'approve',
    title: '3. Approve what the optimizer proposes',
    text: 'Recommendations come from your own results, each with the numbers behind it, how likely it is to help and the exact change. Nothing reaches Meta until you approve it, and an applied change can be undone.',
    image: '/how-it-works/optimizer.webp',
    alt: 'The optimizer on the demo account: a budget shift between two ad sets, marked very likely to help',
  },
];

/** /how-it-works: what the product does, step by step, with screenshots of the real screens. */
export function HowItWorksPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <PageHeader
        eyebrow="How it works"
        title={`${PRODUCT_NAME}, screen by screen`}
        description="The pictures below are the product itself, on its demo ad account: no mock-ups. AI writes the copy, plans and proposals; you decide what is published and changed."
      />
      <ol className="mt-10 grid gap-14">
        {steps.map((step) => (
          <li key={step.id} aria-labelledby={`step-${step.id}`} className="grid gap-4">
            <h2 id={`step-${step.id}`} className="text-xl font-semibold">
              {step.title}
            </h2>
            <p className="max-w-3xl text-muted-foreground">{step.text}</p>
            <img
              src={step.image}
              alt={step.alt}
              width={1280}
              height={800}
              loading="lazy"
              decoding="async"
              className="h-auto w-full rounded-xl border shadow-lg"
            />
          </li>
        ))}
      </ol>
      <p className="mt-12 text-muted-foreground">
        Where your data lives and how it is protected: <Link to={webPaths.security}>security &amp; data</Link>.{' '}
        <Link to={signUpPath} className="font-medium text-primary">
          Create an account
        </Link>{' '}
        to try it.
      </p>
    </div>
  );
}
