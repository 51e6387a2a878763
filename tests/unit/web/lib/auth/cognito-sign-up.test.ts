import { afterEach, describe, expect, it, vi } from 'vitest';
import { signUpTarget, signUpThroughClient } from '@web/lib/auth/cognito-sign-up';

const config = {
  stage: 'dev',
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_abc',
  userPoolClientId: 'web-client',
  signUpClientId: 'sign-up-client',
  authFlowType: 'USER_SRP_AUTH' as const,
  apiBaseUrl: '/api',
  offlineModel: false,
  openaiBaseUrl: 'https://api.openai.com/v1',
};

afterEach(() => vi.unstubAllGlobals());

describe('sign-up through the sign-up client', () => {
  it('targets Cognito’s regional endpoint (or the twin’s) with the sign-up client, falling back to the web client', () => {
    expect(signUpTarget(config)).toEqual({
      endpoint: 'https://cognito-idp.eu-west-1.amazonaws.com/',
      clientId: 'sign-up-client',
    });
    expect(signUpTarget({ ...config, signUpClientId: undefined, userPoolEndpoint: 'http://127.0.0.1:9229' })).toEqual({
      endpoint: 'http://127.0.0.1:9229',
      clientId: 'web-client',
    });
  });

  it('sends one AWS JSON SignUp call with the email and display name', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ UserSub: 'u-1' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await signUpThroughClient(signUpTarget(config), {
      email: 'a@example.test',
      password: 'Pw-1234567!',
      displayName: 'Ada',
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://cognito-idp.eu-west-1.amazonaws.com/');
    expect(init.headers).toMatchObject({ 'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp' });
    expect(JSON.parse(init.body as string)).toEqual({
      ClientId: 'sign-up-client',
      Username: 'a@example.test',
      Password: 'Pw-1234567!',
      UserAttributes: [
        { Name: 'email', Value: 'a@example.test' },
        { Name: 'name', Value: 'Ada' },
      ],
    });
  });

  it('throws Cognito’s exception name and message, so the form words it like any Cognito error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ __type: 'UsernameExistsException', message: 'User already exists' }), {
            status: 400,
          }),
      ),
    );
    await expect(
      signUpThroughClient(signUpTarget(config), { email: 'a@example.test', password: 'x', displayName: 'Ada' }),
    ).rejects.toMatchObject({ name: 'UsernameExistsException', message: 'User already exists' });
  });
});
