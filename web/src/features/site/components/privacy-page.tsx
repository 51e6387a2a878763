import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '@shared/constants';
import { LegalPage, type LegalSection } from '@web/components/layout/legal-page';
import { webPaths } from '@shared/web-paths';

const CONTACT = 'privacy@adsmith.app';

const sections: LegalSection[] = [
  {
    id: 'what-we-keep',
    title: 'What we keep',
    body: (
      <>
        <p>We keep only what the product needs to work for you:</p>
        <ul>
          <li>
            <strong>Your account:</strong> your email address, your name, whether your email is verified and when you
            signed up. Your password is handled by Amazon Cognito; we never see or store it in readable form.
          </li>
          <li>
            <strong>Your Meta connection:</strong> the access token Meta gives us when you connect, the Meta user id it
            belongs to, the permissions you granted and when it expires. The token is encrypted with a dedicated
            encryption key before it is stored, and it is never sent to your browser.
          </li>
          <li>
            <strong>Your campaign changes:</strong> when you pause, resume or re-budget a campaign through{' '}
            {PRODUCT_NAME}, we record who made the change, what changed and when, so you have an audit trail.
          </li>
          <li>
            <strong>Your generations:</strong> the product details and audience you enter to generate ad copy, graphics
            or campaign plans, and what the AI returned, so you can find and reuse them.
          </li>
          <li>
            <strong>Contact submissions:</strong> what you send us through the contact form (your name, email and
            message).
          </li>
          <li>
            <strong>Technical records:</strong> server logs with the time, address and outcome of requests, used to keep
            the service secure and working. They never contain tokens or passwords.
          </li>
        </ul>
        <p>
          Campaign results (spend, impressions, clicks, results) are read from Meta when you look at them and kept in a
          short cache of about a minute; we do not build a copy of your ad account.
        </p>
      </>
    ),
  },
  {
    id: 'customer-lists',
    title: 'Customer lists you upload',
    body: (
      <>
        <p>
          When you make a customer-list audience on the Audiences screen, the file you choose is read by the audiences
          service of {PRODUCT_NAME} in your own deployment. Each email, phone, name, city, country and customer id is
          normalised and hashed (SHA-256) as the file is read, as Meta requires, and only these hashes are sent to Meta,
          in requests of at most 10,000 people. A file of up to 2 MB is read in memory and never stored. A larger file
          goes from your browser straight to an encrypted, private storage bucket of your deployment and waits there
          only until it is hashed: it is deleted as soon as its last row is hashed (or when the upload fails), and the
          bucket deletes anything left in it after one day. No file is ever written to logs; the readable values are
          gone once they are hashed.
        </p>
        <p>
          We keep the hashes of each list’s last upload, and only the hashes, in an encrypted storage bucket of your
          deployment, so that refreshing the list with a new file sends Meta only the people added and removed. They are
          deleted with the audience when you delete it in {PRODUCT_NAME}. Meta matches the hashes to its users and keeps
          the audience under its Custom Audience terms, which the ad account accepts before its first list. Deleting the
          audience in {PRODUCT_NAME} deletes it at Meta. In a team, only the owner, and members the owner allows, can
          upload customer data. Every upload and refresh is recorded for the owner and the workspace's admins to see on
          the Audiences screen: who, when, which audience and how many rows, never a value from the file or a hash of
          one.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use it',
    body: (
      <ul>
        <li>To run the product: sign you in, show your campaigns and carry out the changes you ask for.</li>
        <li>To generate content you request, by sending your inputs to our AI model provider (see below).</li>
        <li>To answer you when you contact us.</li>
        <li>
          To keep the service secure and reliable: we are alerted internally about sign-ups, errors and failed payments,
          with only the details needed to act on them.
        </li>
      </ul>
    ),
  },
  {
    id: 'where',
    title: 'Where it is stored',
    body: (
      <p>
        Everything is stored in Amazon Web Services (AWS) in a single region, in databases encrypted at rest with keys
        managed in AWS Key Management Service. Data travels only over encrypted connections (HTTPS).
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>
          We do not sell your data or use it for advertising. We share it only with the services that run the product:
        </p>
        <ul>
          <li>
            <strong>Meta Platforms</strong>, when you connect your ad account: we call Meta&apos;s Marketing API on your
            behalf with the permissions you granted.
          </li>
          <li>
            <strong>OpenAI</strong>, to generate content: your generation inputs are sent to its API, which does not use
            API data to train its models. If you add your own OpenAI key, requests go to OpenAI under your key.
          </li>
          <li>
            <strong>Amazon Web Services</strong>, which hosts the product, and <strong>Stripe</strong>, which processes
            payments for paid plans (we never see your full card number).
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul>
        <li>Account: while your account exists.</li>
        <li>Meta access token: until you disconnect Meta, the token expires or you delete your account.</li>
        <li>Campaign change history and generations: while your account exists, and deleted with it.</li>
        <li>Contact submissions: until the deployment's operators delete them (they do not expire on their own).</li>
        <li>
          Server logs: one year in production, 30 days on a development stage (a setting of the deployment). One-time
          sign-in links and OAuth state: minutes.
        </li>
        <li>Backups roll over within 35 days, so deleted data leaves them within 35 days too.</li>
      </ul>
    ),
  },
  {
    id: 'delete',
    title: 'How to delete your data',
    body: (
      <>
        <ul>
          <li>
            <strong>Disconnect Meta</strong> from your dashboard: the stored connection and token are deleted at once.
            You can also remove {PRODUCT_NAME} in Facebook&apos;s settings under Business Integrations.
          </li>
          <li>
            <strong>Delete your account</strong> by writing to <a href={`mailto:${CONTACT}`}>{CONTACT}</a> from your
            account&apos;s email address. We delete your account and everything linked to it within 30 days and confirm
            by email.
          </li>
        </ul>
        <p>
          You may also ask us for a copy of your data, or to correct it, at the same address. Depending on where you
          live (for example under the GDPR or the CCPA), you also have the right to object and to complain to your data
          protection authority.
        </p>
      </>
    ),
  },
  {
    id: 'browser',
    title: 'Your browser',
    body: (
      <p>
        We use no advertising or tracking cookies. Your browser keeps your sign-in session and, if you add one, your own
        OpenAI key in its local storage; signing out removes the session. We count which buttons are used to improve the
        product, linked to your account only when you are signed in.
      </p>
    ),
  },
  {
    id: 'children-changes',
    title: 'Children and changes',
    body: (
      <p>
        {PRODUCT_NAME} is for businesses and is not meant for anyone under 18. If we change this policy in a way that
        matters, we will tell you by email before the change applies. Questions:{' '}
        <a href={`mailto:${CONTACT}`}>{CONTACT}</a> or our <Link to={webPaths.contact}>contact page</Link>.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy policy"
      updated="2026-11-22"
      intro={
        <p>
          {PRODUCT_NAME} helps marketers create and manage Facebook and Instagram ads. This policy explains what we keep
          about you, why, where, for how long, and how to have it deleted. It applies to the website and the app.
        </p>
      }
      sections={sections}
    />
  );
}
