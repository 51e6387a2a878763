import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { buildPasswordResetLink, buildVerificationLink, type AuthLinkParams } from '@shared/auth-links';
import { PRODUCT_NAME } from '@shared/constants';

/** Stands in for the code while the link is built, so URL encoding cannot mangle Cognito's placeholder. */
const CODE_SLOT = 'ADSMITHCODESLOT';

/**
 * Builds a link around Cognito's code placeholder (`{####}`). Cognito replaces
 * the placeholder after the trigger returns, so the code itself never passes here.
 */
function linkWithPlaceholder(build: (p: AuthLinkParams) => string, username: string, codeParameter: string): string {
  return build({ username, code: CODE_SLOT }).replace(CODE_SLOT, codeParameter);
}

function emailHtml(greeting: string, lead: string, link: string, action: string, footer: string): string {
  return [
    `<p>${greeting}</p>`,
    `<p>${lead}</p>`,
    `<p><a href="${link}">${action}</a></p>`,
    `<p>${footer}</p>`,
    `<p>— The ${PRODUCT_NAME} team</p>`,
  ].join('\n');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Fills in the subject and body of the emails Cognito sends: the sign-up
 * verification code becomes a link back to the site root, the reset code a link to /auth.
 * Other messages keep Cognito's defaults.
 */
export function composeAuthEmail(event: CustomMessageTriggerEvent, siteUrl: string): CustomMessageTriggerEvent {
  const email = event.request.userAttributes.email ?? event.userName;
  const name = escapeHtml(event.request.userAttributes.name ?? 'there');
  const code = event.request.codeParameter;

  switch (event.triggerSource) {
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode': {
      const link = linkWithPlaceholder((p) => buildVerificationLink(siteUrl, p), email, code);
      event.response.emailSubject = `Verify your ${PRODUCT_NAME} email`;
      event.response.emailMessage = emailHtml(
        `Hi ${name},`,
        `Welcome to ${PRODUCT_NAME}. Confirm your email address to finish creating your account.`,
        link,
        'Verify my email',
        "If you didn't sign up, you can ignore this email.",
      );
      return event;
    }
    case 'CustomMessage_ForgotPassword': {
      const link = linkWithPlaceholder((p) => buildPasswordResetLink(siteUrl, p), email, code);
      event.response.emailSubject = `Reset your ${PRODUCT_NAME} password`;
      event.response.emailMessage = emailHtml(
        `Hi ${name},`,
        'We received a request to reset your password. Open this link to choose a new one:',
        link,
        'Choose a new password',
        "If you didn't ask for this, you can ignore this email: your password stays the same.",
      );
      return event;
    }
    default:
      return event;
  }
}
