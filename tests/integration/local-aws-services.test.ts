import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import {
  GetSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { EVENT_SOURCE } from '@shared/events';
import { secrets } from '@shared/secrets';
import { tables } from '@shared/tables';
import { eventually, twin } from './twin-client';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const region = twin().cognito.region;
const secretsClient = new SecretsManagerClient({ endpoint: twin().secretsManager, region, credentials });
const eventsClient = new EventBridgeClient({ endpoint: twin().eventBridge, region, credentials });
const dynamoClient = new DynamoDBClient({ endpoint: twin().dynamodb, region, credentials });

afterAll(() => {
  secretsClient.destroy();
  eventsClient.destroy();
  dynamoClient.destroy();
});

describe('local Secrets Manager (real SDK client)', () => {
  it('holds every secret of the secrets table, in its declared shape', async () => {
    for (const declaration of Object.values(secrets)) {
      const reply = await secretsClient.send(new GetSecretValueCommand({ SecretId: declaration.name }));

      expect(declaration.schema.safeParse(JSON.parse(reply.SecretString as string)).success).toBe(true);
    }
  });

  it('answers an unknown secret with ResourceNotFoundException', async () => {
    await expect(secretsClient.send(new GetSecretValueCommand({ SecretId: 'no-such-secret' }))).rejects.toBeInstanceOf(
      ResourceNotFoundException,
    );
  });

  it('points the notification URLs at the local sinks', async () => {
    const reply = await secretsClient.send(new GetSecretValueCommand({ SecretId: secrets.notifications.name }));

    expect(JSON.parse(reply.SecretString as string)).toEqual({
      slackWebhookUrl: twin().slackSink.webhookUrl,
      automationWebhookUrl: twin().webhookSink.webhookUrl,
    });
    expect(twin().slackSink.webhookUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/slack\/services\/T\w+\/B\w+\/[\w-]+$/);
  });
});

describe('local EventBridge (real SDK client)', () => {
  it('accepts PutEvents and routes by the events table', async () => {
    const marker = randomUUID();

    const reply = await eventsClient.send(
      new PutEventsCommand({
        Entries: [
          {
            Source: EVENT_SOURCE,
            DetailType: 'button_click',
            Detail: JSON.stringify({ buttonText: marker, page: '/test' }),
            EventBusName: 'adsmith-local',
          },
        ],
      }),
    );

    expect(reply.FailedEntryCount).toBe(0);
    const deliveries = await eventually(async () => {
      const all = (await (await fetch(`${twin().eventBridge}/deliveries?detailType=button_click`)).json()) as {
        target: string;
        event: { detail: { buttonText: string } };
      }[];
      const mine = all.filter((d) => d.event.detail.buttonText === marker);
      return mine.length > 0 ? mine : undefined;
    }, 'the button_click delivery');
    expect(deliveries.map((d) => d.target)).toEqual(['slack']);
    expect(deliveries[0]).toMatchObject({ status: 'queued' });
  });

  it('reports a malformed entry per entry, as EventBridge does', async () => {
    const reply = await eventsClient.send(
      new PutEventsCommand({
        Entries: [{ Source: EVENT_SOURCE, DetailType: 'signup', Detail: 'not json', EventBusName: 'adsmith-local' }],
      }),
    );

    expect(reply.FailedEntryCount).toBe(1);
    expect(reply.Entries?.[0]?.ErrorCode).toBe('MalformedDetail');
  });

  it('records what the Slack sink receives and answers as Slack does', async () => {
    const marker = randomUUID();

    const posted = await fetch(twin().slackSink.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: marker }),
    });

    expect(posted.status).toBe(200);
    expect(await posted.text()).toBe('ok');
    const received = (await (await fetch(twin().slackSink.requests)).json()) as { body: { text: string } }[];
    expect(received.some((r) => r.body.text === marker)).toBe(true);
  });
});

describe('local DynamoDB', () => {
  it('has every table of the tables table', async () => {
    const names = (await dynamoClient.send(new ListTablesCommand({}))).TableNames ?? [];

    for (const declaration of Object.values(tables)) expect(names).toContain(`adsmith-local-${declaration.name}`);
  });
});
