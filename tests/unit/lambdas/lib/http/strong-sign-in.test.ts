import { describe, expect, it, vi } from 'vitest';
import { routes } from '@shared/routes';
import type { PlanKey } from '@shared/plans';
import {
  assertStrongSignIn,
  authenticatorAppCheck,
  strongSignInRequired,
  type StrongSignInDeps,
} from '@lambdas/lib/http/strong-sign-in';

const owner = { sub: 'owner-sub', username: 'owner-sub' };
const member = { sub: 'owner-sub', actor: 'member-sub', username: 'member-sub' };

function deps(plan: PlanKey, mfa: boolean, required = true): StrongSignInDeps & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    required,
    planOf: async () => plan,
    hasAuthenticatorApp: async (token) => {
      asked.push(token);
      return mfa;
    },
  };
}

describe('assertStrongSignIn', () => {
  it('refuses a paid owner without MFA on every route that moves money, with MFA_REQUIRED', async () => {
    const moving = Object.values(routes).filter((r) => 'movesMoney' in r && r.movesMoney);
    expect(moving.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'PUT /api/billing/plan',
        'POST /api/campaign-generator/drafts/{id}/publish',
        'PATCH /api/meta/campaigns/{id}',
        'POST /api/optimizer/recommendations/{id}/approve',
      ]),
    );
    for (const route of moving) {
      await expect(assertStrongSignIn(route, owner, 'token', deps('pro', false))).rejects.toMatchObject({
        code: 'MFA_REQUIRED',
        statusCode: 403,
      });
    }
  });

  it('lets a paid owner with an authenticator app through, asking Cognito with their own token', async () => {
    const d = deps('agency', true);
    await expect(assertStrongSignIn(routes.billingChangePlan, owner, 'their-token', d)).resolves.toBeUndefined();
    expect(d.asked).toEqual(['their-token']);
  });

  it('leaves free owners, members, routes that move no money and deployments that do not require it alone', async () => {
    const d = deps('free', false);
    await assertStrongSignIn(routes.billingChangePlan, owner, 'token', d);
    await assertStrongSignIn(routes.campaignGeneratorPublish, member, 'token', deps('pro', false));
    await assertStrongSignIn(routes.metaCampaigns, owner, 'token', deps('pro', false));
    await assertStrongSignIn(routes.billingChangePlan, owner, 'token', deps('pro', false, false));
    expect(d.asked).toEqual([]);
  });

  it('reads the deployment setting: only "required" requires', () => {
    expect(strongSignInRequired({ MFA_FOR_PAID_OWNERS: 'required' })).toBe(true);
    expect(strongSignInRequired({ MFA_FOR_PAID_OWNERS: 'optional' })).toBe(false);
    expect(strongSignInRequired({})).toBe(false);
  });
});

describe('authenticatorAppCheck (Cognito GetUser with the access token)', () => {
  const env = { AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: 'http://cognito.test/' };
  const reply = (status: number, body: unknown) =>
    vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status }));

  it('is on only when UserMFASettingList holds SOFTWARE_TOKEN_MFA', async () => {
    const send = reply(200, { Username: 'u', UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] });
    await expect(authenticatorAppCheck(env, send)('tok')).resolves.toBe(true);
    const [url, init] = send.mock.calls[0]!;
    expect(url).toBe('http://cognito.test/');
    expect(new Headers(init?.headers).get('x-amz-target')).toBe('AWSCognitoIdentityProviderService.GetUser');
    expect(JSON.parse(String(init?.body))).toEqual({ AccessToken: 'tok' });
    await expect(authenticatorAppCheck(env, reply(200, { Username: 'u' }))('tok')).resolves.toBe(false);
  });

  it('turns a token Cognito no longer honours into 401, anything else into a thrown error', async () => {
    await expect(
      authenticatorAppCheck(env, reply(400, { __type: 'NotAuthorizedException', message: 'revoked' }))('tok'),
    ).rejects.toMatchObject({ code: 'AUTH_ERROR' });
    await expect(authenticatorAppCheck(env, reply(500, { __type: 'InternalErrorException' }))('tok')).rejects.toThrow(
      /GetUser answered 500/,
    );
  });
});
