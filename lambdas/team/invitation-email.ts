import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { clientOf, type ClientAccess } from '../lib/aws/lazy-sdk';
import { sesSdk } from '../lib/aws/sesv2';

/** The invitation email: the link in plain text and HTML, and who sent it (the owner's address). */
export function invitationEmail(invitation: { link: string; ownerEmail: string; planName: string }) {
  const subject = `${invitation.ownerEmail} invited you to their Adsmith workspace`;
  const text =
    `${invitation.ownerEmail} invited you to work in their Adsmith workspace (${invitation.planName} plan): ` +
    `their ad accounts, campaigns, drafts, designs and reports.\n\n` +
    `Accept the invitation: ${invitation.link}\n\n` +
    `Sign in or sign up with this email address to accept. The link works once and expires in 7 days. ` +
    `If you did not expect this, ignore this email.`;
  const html =
    `<p>${escapeHtml(invitation.ownerEmail)} invited you to work in their Adsmith workspace ` +
    `(${escapeHtml(invitation.planName)} plan): their ad accounts, campaigns, drafts, designs and reports.</p>` +
    `<p><a href="${escapeHtml(invitation.link)}">Accept the invitation</a></p>` +
    `<p>Sign in or sign up with this email address to accept. The link works once and expires in 7 days. ` +
    `If you did not expect this, ignore this email.</p>`;
  return { subject, text, html };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function sendInvitationEmail(
  ses: ClientAccess<SESv2Client>,
  from: string,
  to: string,
  invitation: { link: string; ownerEmail: string; planName: string },
): Promise<void> {
  const { subject, text, html } = invitationEmail(invitation);
  const [{ SendEmailCommand }, client] = await Promise.all([sesSdk(), clientOf(ses)]);
  await client.send(
    new SendEmailCommand({
      FromEmailAddress: from,
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
