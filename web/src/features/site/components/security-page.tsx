import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '@shared/constants';
import { webPaths } from '@shared/web-paths';
import { LegalPage, type LegalSection } from '@web/components/layout/legal-page';

/*
 * Every statement here is what the code does, and names where: infra/cdk (stacks and constructs), shared/tables.ts,
 * shared/kms-keys.ts, shared/buckets.ts, lambdas/lib/customer-data, docs/deploying.md and docs/operating.md. Change
 * this page with them.
 */
const sections: LegalSection[] = [
  {
    id: 'self-hosted',
    title: 'It runs in your own AWS account',
    body: (
      <>
        <p>
          {PRODUCT_NAME} is deployed with the AWS CDK into an AWS account you own, in the region you choose. The
          database tables, the file bucket, the queues, the encryption keys, the sign-in user pool and the logs are
          resources of that account: you can see, audit and back them up there like any other of your resources. We run
          no shared server that holds your data.
        </p>
        <p>
          Your data leaves your account only to reach the services that do the work you ask for: Meta&apos;s Marketing
          API (your campaigns), the AI model provider (generations; your own OpenAI key if you set one) and Stripe
          (payments for paid plans, through Stripe&apos;s own pages: card numbers never reach {PRODUCT_NAME}).
        </p>
      </>
    ),
  },
  {
    id: 'what-is-stored',
    title: 'What is stored, and where',
    body: (
      <ul>
        <li>
          <strong>Accounts</strong> (email, name, verification) in Amazon Cognito. Passwords are Cognito&apos;s: the
          application never sees or stores them.
        </li>
        <li>
          <strong>The Meta connection</strong> (access token, Meta user id, granted permissions, expiry) in DynamoDB.
          The token is never sent to the browser.
        </li>
        <li>
          <strong>What you make and change</strong> in DynamoDB: saved ad copy, campaign drafts, optimizer
          recommendations and what was applied (with the values before, for undo), automation rules and their runs,
          marketing-mix datasets and models, the audit trail of campaign changes.
        </li>
        <li>
          <strong>Images</strong> (product photos, logos, generated images and exports) in an S3 bucket, each
          person&apos;s under their own prefix.
        </li>
        <li>
          <strong>Campaign results are not copied.</strong> They are read from Meta when a screen shows them and held in
          a short-lived cache.
        </li>
      </ul>
    ),
  },
  {
    id: 'encryption',
    title: 'Encryption at rest and in transit',
    body: (
      <ul>
        <li>
          <strong>DynamoDB tables</strong> are encrypted with a customer-managed AWS KMS key of your account (yearly
          automatic rotation), with point-in-time recovery on.
        </li>
        <li>
          <strong>Meta tokens</strong> are encrypted a second time, field by field, with a dedicated KMS key whose every
          use must name the token&apos;s owner (the KMS encryption context): a table export or backup alone yields no
          usable token, and one person&apos;s ciphertext cannot be decrypted as another&apos;s.
        </li>
        <li>
          <strong>Secrets</strong> (the Meta app secret, Stripe and AI keys) live in AWS Secrets Manager under the same
          customer-managed key, never in the code, the browser or CloudFormation.
        </li>
        <li>
          <strong>The S3 bucket</strong> uses S3 server-side encryption with S3-managed keys, blocks all public access
          and refuses any request not made over TLS. The job queues use SQS-managed encryption and refuse plain HTTP
          too.
        </li>
        <li>
          <strong>In transit</strong>: the site and the API are served by CloudFront over HTTPS only (TLS 1.2 at least
          on your own domain); every call to AWS, Meta, OpenAI and Stripe is made over TLS.
        </li>
      </ul>
    ),
  },
  {
    id: 'customer-lists',
    title: 'Customer lists and conversions are hashed',
    body: (
      <>
        <p>
          When you upload a customer list to make a custom audience, or send purchases through the Conversions API
          endpoint, every email, phone number, name, gender, date of birth, address field and external id is normalised
          and SHA-256 hashed inside your AWS account, as Meta asks, before it is sent to Meta. The visitor&apos;s IP
          address and browser user agent, which Meta takes unhashed, are sent as they are.
        </p>
        <p>
          A customer list of up to 2 MB is read in memory and never stored; a larger one waits in an encrypted, private
          bucket of your deployment only until it is hashed (deleted then, on failure too, and by the bucket&apos;s
          one-day rule whatever happens). No table keeps the file, and no log line carries a value from it (a value that
          could not be read is named by its field, never by its content). The SHA-256 hashes of each list&apos;s last
          upload are kept in an encrypted bucket, under your workspace, so a refresh sends Meta only the difference;
          they are deleted with the audience. The conversions queue holds the hashes, never the values in clear; the
          delivery records keep only names, ids and statuses.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long things are kept',
    body: (
      <ul>
        <li>Your account, Meta connection and what you make: until you delete them, disconnect Meta or the account.</li>
        <li>Uploaded images that never passed their checks: 2 days. Automation rule run history: 90 days.</li>
        <li>
          Conversions API delivery records: 8 days. The in-app agent&apos;s conversations: 30 days after the last turn.
        </li>
        <li>
          Meta connection states, team invitations and rate-limit counters: until they expire, removed by
          DynamoDB&apos;s TTL.
        </li>
        <li>
          Function logs: 30 days on a dev stage, 1 year on a production stage (a setting of the deployment). They never
          contain tokens or passwords.
        </li>
        <li>
          Production stages keep their tables, bucket and keys when a stack is deleted (retain policy); point-in-time
          recovery lets you restore a table to any second of the last 35 days.
        </li>
      </ul>
    ),
  },
  {
    id: 'who-sees-what',
    title: 'Who can see what',
    body: (
      <ul>
        <li>
          Every request is identified by the verified sign-in token (never by what the browser says), and everything
          stored is keyed by the workspace: one workspace can never read or change another&apos;s.
        </li>
        <li>
          In a team, members work on the owner&apos;s workspace; only the owner connects or disconnects Meta, manages
          billing and decides whether members may upload customer lists.
        </li>
        <li>
          The deployment&apos;s operators (a Cognito group set at deploy time) alone see the operations pages:
          notification settings and delivery logs. Customers get a refusal there.
        </li>
        <li>
          Each function may touch only the tables, keys and actions it declares (least-privilege IAM, checked by cdk-nag
          on every build). Nobody at {PRODUCT_NAME} has access to your AWS account unless you grant it.
        </li>
      </ul>
    ),
  },
  {
    id: 'more',
    title: 'More',
    body: (
      <p>
        What we keep about you and how to delete it: the <Link to={webPaths.privacy}>privacy policy</Link>. How the
        product works, screen by screen: <Link to={webPaths.howItWorks}>how it works</Link>. Questions:{' '}
        <Link to={webPaths.contact}>contact us</Link>.
      </p>
    ),
  },
];

/** /security: how the deployment keeps data, said as the infrastructure code does it. */
export function SecurityPage() {
  return (
    <LegalPage
      eyebrow="Trust"
      title="Security & data"
      updated="2026-11-28"
      intro={
        <p>
          {PRODUCT_NAME} runs in your own AWS account. This page says what it stores, where, how it is encrypted, how
          long it is kept and who can see it: exactly what its infrastructure code sets up, nothing more.
        </p>
      }
      sections={sections}
    />
  );
}
