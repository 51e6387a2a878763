import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '@shared/constants';
import { LegalPage, type LegalSection } from '@web/components/layout/legal-page';
import { webPaths } from '@shared/web-paths';

const CONTACT = 'legal@adsmith.app';

const sections: LegalSection[] = [
  {
    id: 'account',
    title: 'Your account',
    body: (
      <p>
        You need an account with a verified email address to use {PRODUCT_NAME}. Keep your password secret; you are
        responsible for what happens under your account. You must be at least 18 and use {PRODUCT_NAME} for a business
        or profession.
      </p>
    ),
  },
  {
    id: 'plans',
    title: 'Plans, billing and cancellation',
    body: (
      <ul>
        <li>
          Paid plans are billed in advance, monthly or yearly, at the prices on our{' '}
          <Link to={webPaths.pricing}>pricing page</Link>. Taxes are added where required.
        </li>
        <li>
          Each plan has limits (such as AI generations a day). When you reach one, that feature pauses until it resets.
        </li>
        <li>
          You can cancel at any time; your plan stays active until the end of the period you paid for. We do not refund
          partial periods unless the law requires it.
        </li>
        <li>We give at least 30 days&apos; notice by email before a price change applies to you.</li>
      </ul>
    ),
  },
  {
    id: 'meta',
    title: 'Your Meta ad accounts',
    body: (
      <p>
        When you connect a Meta ad account you authorise {PRODUCT_NAME} to read it and to make the changes you ask for.
        Your ad spend is billed by Meta to you. You remain responsible for your ads, for following Meta&apos;s
        Advertising Standards and for the budgets you set. You can disconnect at any time.
      </p>
    ),
  },
  {
    id: 'ai',
    title: 'AI-generated content',
    body: (
      <p>
        Generated copy, graphics and plans are suggestions. Review them before you publish: AI can be wrong, and you are
        responsible for what you publish, including claims about your products. Between you and us, what you generate is
        yours to use.
      </p>
    ),
  },
  {
    id: 'use',
    title: 'Acceptable use',
    body: (
      <ul>
        <li>No unlawful, deceptive or discriminatory advertising, and nothing Meta&apos;s policies prohibit.</li>
        <li>No attempts to break, overload or get around the limits or security of the service.</li>
        <li>
          No access to other people&apos;s accounts or data, and no reselling of the service without our agreement.
        </li>
      </ul>
    ),
  },
  {
    id: 'data',
    title: 'Your data',
    body: (
      <p>
        You own your data. We process it only to provide the service, as our{' '}
        <Link to={webPaths.privacy}>privacy policy</Link> describes.
      </p>
    ),
  },
  {
    id: 'service',
    title: 'The service and our liability',
    body: (
      <p>
        We work to keep {PRODUCT_NAME} available and correct but provide it &quot;as is&quot;: we do not promise
        particular advertising results. To the extent the law allows, our total liability is limited to what you paid us
        in the 12 months before the claim, and we are not liable for indirect losses such as lost profits.
      </p>
    ),
  },
  {
    id: 'ending',
    title: 'Ending the agreement and changes',
    body: (
      <p>
        You can stop using {PRODUCT_NAME} and delete your account at any time. We may suspend accounts that break these
        terms. If we change these terms in a way that matters, we tell you by email 30 days ahead. Questions:{' '}
        <a href={`mailto:${CONTACT}`}>{CONTACT}</a>.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of service"
      updated="2026-11-22"
      intro={
        <p>
          These terms are the agreement between you and {PRODUCT_NAME} for using the website and the app. By creating an
          account you accept them.
        </p>
      }
      sections={sections}
    />
  );
}
