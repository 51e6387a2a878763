import {
  AdminConfirmSignUpCommand,
  AdminUpdateUserAttributesCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import { CONTENT_SHA256_HEADER, STREAM_TOKEN_HEADER } from '@shared/streaming-headers';
import { api, GOOD_PASSWORD, signIn, signUp, twin, uniqueEmail } from '../twin-client';

/** A confirmed user of the test's own: its email, sub and access token. */
export async function confirmedUser(client: CognitoIdentityProviderClient, label: string) {
  const email = uniqueEmail(label);
  const sub = await signUp(client, email, 'AI Tester');
  const { userPoolId } = twin().cognito;
  await client.send(new AdminConfirmSignUpCommand({ UserPoolId: userPoolId, Username: email }));
  await client.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: userPoolId,
      Username: email,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  const token = (await signIn(client, email, GOOD_PASSWORD)).AccessToken as string;
  return { email, sub, token };
}

export function postJson(path: string, token: string, body: unknown): Promise<Response> {
  return api(path, {
    method: 'POST',
    token,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
}

/** The twin's offline model's admin switches. */
export async function setModelFaults(faults: Record<string, number>): Promise<void> {
  const url = twin().openai;
  if (!url) throw new Error('The twin runs no offline model: start it with ai: "offline".');
  const reply = await fetch(`${url}/__admin/faults`, { method: 'POST', body: JSON.stringify(faults) });
  if (!reply.ok) throw new Error(`faults: ${reply.status} ${await reply.text()}`);
}

export async function resetModelFaults(): Promise<void> {
  await fetch(`${twin().openai}/__admin/faults`, { method: 'DELETE' });
}

export async function modelCalls(): Promise<{ path: string; status: number; fault?: string }[]> {
  const reply = await fetch(`${twin().openai}/__admin/calls`);
  return ((await reply.json()) as { calls: { path: string; status: number; fault?: string }[] }).calls;
}

export function twinDocumentClient(): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: twin().dynamodb,
      region: twin().cognito.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
}

/**
 * POSTs to the chat as the web does through CloudFront's origin access control: the body's SHA-256 in
 * x-amz-content-sha256 and the token in x-adsmith-authorization (shared/streaming-headers.ts).
 */
export function chatRequest(body: string, contentType: string, token?: string): Promise<Response> {
  return api('/api/chat', {
    method: 'POST',
    headers: {
      'content-type': contentType,
      [CONTENT_SHA256_HEADER]: createHash('sha256').update(body).digest('hex'),
      ...(token ? { [STREAM_TOKEN_HEADER]: `Bearer ${token}` } : {}),
    },
    body,
  });
}

export function chat(body: unknown, token?: string): Promise<Response> {
  return chatRequest(JSON.stringify(body), 'application/json', token);
}
