import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { TwinEndpoints } from '@infra/twin/endpoints-file';

/** The twin's demo user's access token, as the web app would get it. */
export async function demoAccessToken(endpoints: TwinEndpoints): Promise<string> {
  const cognito = new CognitoIdentityProviderClient({
    region: endpoints.cognito.region,
    endpoint: endpoints.cognito.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const reply = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: endpoints.cognito.userPoolClientId,
      AuthParameters: { USERNAME: endpoints.demoUser.email, PASSWORD: endpoints.demoUser.password },
    }),
  );
  const token = reply.AuthenticationResult?.AccessToken;
  if (!token) throw new Error('demo user sign-in returned no token');
  return token;
}
