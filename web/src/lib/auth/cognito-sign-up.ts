import type { WebConfig } from '@shared/schemas/web-config';

/**
 * SignUp through the pool's sign-up client. Amplify signs up with the client it is configured with,
 * the web client, which may not write `name` (display names change only through PUT /api/me, which
 * validates them); the sign-up client may write it, checked by the pre sign-up trigger, and cannot
 * sign anyone in. One AWS JSON call, as Amplify makes it; errors keep Cognito's exception name so
 * cognitoErrorMessage words them like any other.
 */
export interface SignUpTarget {
  endpoint: string;
  clientId: string;
}

export function signUpTarget(config: WebConfig): SignUpTarget {
  return {
    endpoint: config.userPoolEndpoint ?? `https://cognito-idp.${config.region}.amazonaws.com/`,
    clientId: config.signUpClientId ?? config.userPoolClientId,
  };
}

export async function signUpThroughClient(
  target: SignUpTarget,
  input: { email: string; password: string; displayName: string },
): Promise<void> {
  const reply = await fetch(target.endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp',
    },
    body: JSON.stringify({
      ClientId: target.clientId,
      Username: input.email,
      Password: input.password,
      UserAttributes: [
        { Name: 'email', Value: input.email },
        { Name: 'name', Value: input.displayName },
      ],
    }),
  });
  if (reply.ok) return;
  const body = (await reply.json().catch(() => ({}))) as { __type?: unknown; message?: unknown };
  // `__type` may carry a namespace prefix (`...#UsernameExistsException`).
  const name = typeof body.__type === 'string' ? (body.__type.split('#').pop() ?? 'UnknownError') : 'UnknownError';
  const error = new Error(typeof body.message === 'string' ? body.message : `Sign-up failed (${reply.status})`);
  error.name = name;
  throw error;
}
