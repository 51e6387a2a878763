import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mailbox } from '@infra/twin/mailbox/mailbox';
import { mailboxHandler } from '@infra/twin/mailbox/mailbox-handler';

const SENDER = 'reports@adsmith.test';
const mailbox = new Mailbox();
let server: Server;
let ses: SESv2Client;

beforeAll(async () => {
  server = createServer(mailboxHandler(mailbox, SENDER)).listen(0, '127.0.0.1');
  await once(server, 'listening');
  ses = new SESv2Client({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    maxAttempts: 1,
  });
});

afterAll(() => {
  ses.destroy();
  server.close();
});

const withAttachment = (fileName: string) =>
  new SendEmailCommand({
    FromEmailAddress: SENDER,
    Destination: { ToAddresses: ['a@example.com'] },
    Content: {
      Simple: {
        Subject: { Data: 'Report' },
        Body: { Text: { Data: 'Attached.' } },
        Attachments: [
          { RawContent: new Uint8Array([37, 80, 68, 70]), FileName: fileName, ContentType: 'application/pdf' },
        ],
      },
    },
  });

describe('SES v2 SendEmail attachments on the twin', () => {
  it('keeps an attachment with its name, type, size and content', async () => {
    await ses.send(withAttachment('report.pdf'));
    expect(mailbox.list('a@example.com')[0]?.attachments).toEqual([
      { fileName: 'report.pdf', contentType: 'application/pdf', bytes: 4, base64: 'JVBERg==' },
    ]);
  });

  it('refuses a file type SES refuses, naming the reason, and delivers nothing', async () => {
    const before = mailbox.list().length;
    await expect(ses.send(withAttachment('invoice.exe'))).rejects.toThrow('Attachment file type is not supported.');
    expect(mailbox.list()).toHaveLength(before);
  });

  it('keeps the From header as sent, the display name with it', async () => {
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: `"Northwind Media" <${SENDER}>`,
        Destination: { ToAddresses: ['from@example.com'] },
        Content: { Simple: { Subject: { Data: 'Hello' }, Body: { Text: { Data: 'Hi.' } } } },
      }),
    );
    expect(mailbox.list('from@example.com')[0]?.from).toBe(`"Northwind Media" <${SENDER}>`);
  });
});
