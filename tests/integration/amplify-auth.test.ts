import { Amplify } from 'aws-amplify';
import { fetchAuthSession, fetchUserAttributes, signIn, signOut } from 'aws-amplify/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, twin } from './twin-client';

/** The web signs in with Amplify; this drives the same library against the Cognito front, as the browser does. */
beforeAll(() => {
  const { cognito } = twin();
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: cognito.userPoolId,
        userPoolClientId: cognito.userPoolClientId,
        userPoolEndpoint: cognito.endpoint,
      },
    },
  });
});

afterAll(() => signOut());

describe('Amplify against the Cognito front', () => {
  it('signs in with USER_PASSWORD_AUTH, refreshes the session and the refreshed token passes the gateway', async () => {
    const { demoUser } = twin();

    const result = await signIn({
      username: demoUser.email,
      password: demoUser.password,
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    const first = await fetchAuthSession();
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a new iat, so the refreshed token differs
    const refreshed = await fetchAuthSession({ forceRefresh: true });

    expect(result.isSignedIn).toBe(true);
    const firstToken = first.tokens?.accessToken.toString();
    const refreshedToken = refreshed.tokens?.accessToken.toString();
    expect(refreshedToken).toBeTruthy();
    expect(refreshedToken).not.toBe(firstToken);
    expect((await api('/api/me', { token: refreshedToken })).status).toBe(200);
  });

  it('reads the user attributes, with the email verified', async () => {
    const attributes = await fetchUserAttributes();

    expect(attributes).toMatchObject({
      email: twin().demoUser.email,
      email_verified: 'true',
      name: twin().demoUser.name,
    });
  });
});
