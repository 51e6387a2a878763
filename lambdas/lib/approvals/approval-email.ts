import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { clientOf, type ClientAccess } from '../aws/lazy-sdk';
import { sesSdk } from '../aws/sesv2';
import type { ApprovalKind } from '@shared/schemas/approvals';
import { senderAddress } from '../reports/report-email';

/**
 * The email carrying an approval link to the client (issue 28, req 3): from the agency's name, saying what is asked
 * and until when. The link holds the token, so the message is built here and handed to SES only: never logged.
 */
export interface ApprovalEmailInput {
  kind: ApprovalKind;
  /** The plan's campaign name, or the recommendations' title. */
  name: string;
  /** How many recommendations a set carries. */
  count: number;
  senderName: string;
  link: string;
  /** ISO time the link stops working. */
  expiresAt: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function whatIsAsked(input: ApprovalEmailInput): string {
  if (input.kind === 'campaign_plan') return 'a campaign plan (budget, schedule, audiences and ads)';
  if (input.kind === 'agent_proposal') return 'a proposed change to your ads';
  return input.count === 1 ? 'a recommended change to your ads' : `${input.count} recommended changes to your ads`;
}

/** "1 December 2026, 14:05 UTC": the client may be anywhere, so the time says its zone. */
export function expiryText(iso: string): string {
  const at = new Date(iso);
  const day = at.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return `${day}, ${at.toISOString().slice(11, 16)} UTC`;
}

export function approvalEmail(input: ApprovalEmailInput) {
  const what = whatIsAsked(input);
  const until = expiryText(input.expiresAt);
  const subject = `${input.senderName} asks for your approval: ${input.name}`;
  const text = [
    `${input.senderName} sent you ${what} for your approval: “${input.name}”.`,
    '',
    `Read it, then approve it or ask for changes: ${input.link}`,
    '',
    `No account is needed. The link takes one answer and expires on ${until}. ` +
      `Nothing goes live before you approve it. If you did not expect this, ignore this email.`,
    '',
    input.senderName,
  ].join('\n');
  const html =
    `<div style="font-family:Helvetica,Arial,sans-serif;color:#111827;max-width:640px">` +
    `<p>${escapeHtml(input.senderName)} sent you ${escapeHtml(what)} for your approval: ` +
    `<strong>${escapeHtml(input.name)}</strong>.</p>` +
    `<p><a href="${escapeHtml(input.link)}">Read it, then approve it or ask for changes</a></p>` +
    `<p>No account is needed. The link takes one answer and expires on ${escapeHtml(until)}. ` +
    `Nothing goes live before you approve it. If you did not expect this, ignore this email.</p>` +
    `<p>${escapeHtml(input.senderName)}</p></div>`;
  return { subject, text, html };
}

export async function sendApprovalEmail(
  ses: ClientAccess<SESv2Client>,
  from: string,
  to: string,
  input: ApprovalEmailInput,
): Promise<void> {
  const { subject, text, html } = approvalEmail(input);
  const [{ SendEmailCommand }, client] = await Promise.all([sesSdk(), clientOf(ses)]);
  await client.send(
    new SendEmailCommand({
      FromEmailAddress: senderAddress(input.senderName, from),
      Destination: { ToAddresses: [to] },
      Content: {
        Simple: {
          Subject: { Data: subject, Charset: 'UTF-8' },
          Body: { Text: { Data: text, Charset: 'UTF-8' }, Html: { Data: html, Charset: 'UTF-8' } },
        },
      },
    }),
  );
}
