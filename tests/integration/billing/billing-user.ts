import {
  AdminConfirmSignUpCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { GOOD_PASSWORD, signIn, signUp, twin } from '../twin-client';

/**
 * Signs `email` up, confirms it as an admin would and signs in: the access token and the user's sub read from it.
 * Nothing else is set on the user: the web sends access tokens, which carry no email, so billing must find it itself.
 */
export async function signedInUser(
  cognito: CognitoIdentityProviderClient,
  email: string,
): Promise<{ token: string; sub: string }> {
  await signUp(cognito, email);
  await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: twin().cognito.userPoolId, Username: email }));
  const token = (await signIn(cognito, email, GOOD_PASSWORD)).AccessToken!;
  const sub = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).sub as string;
  return { token, sub };
}

/** The payment events Adsmith put on the twin's bus (`payment`) for the customer with this email, oldest first. */
export async function paymentEventsOf(
  email: string,
): Promise<{ event: { detail: { paymentId: string; amount: number; customerEmail: string } } }[]> {
  const reply = await fetch(`${twin().eventBridge}/events?detailType=payment`);
  const all = (await reply.json()) as {
    event: { detail: { paymentId: string; amount: number; customerEmail: string } };
  }[];
  return all.filter((a) => a.event.detail.customerEmail === email);
}
