import type { IncomingMessage, ServerResponse } from 'node:http';
import * as z from 'zod';
import { BodyTooLargeError, readBody, sendJson } from '../http-io';
import type { Mailbox } from './mailbox';

/**
 * SES v2's SendEmail (`POST /v2/email/outbound-emails`), answered by the dev mailbox: what the product sends
 * through SES lands where Cognito's emails do. As strict as SES where the product could get it wrong: a SigV4
 * Authorization header, only the verified sender, at most 50 recipients, a subject and a body, SES's error shapes
 * (`x-amzn-ErrorType` + `{"message"}`), 10 MB a message. Attachments (`Content.Simple.Attachments`, SES v2's
 * SendEmail since 2025) need a file name whose extension SES accepts and base64 content; SES refuses the extensions
 * listed in "Unsupported attachment types" (https://docs.aws.amazon.com/ses/latest/dg/mime-types.html); the
 * commonest of them are refused here too. Field limits from the API reference's Attachment
 * (https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_Attachment.html): FileName ≤ 255, ContentId 1–78,
 * ContentDescription ≤ 1000. SES takes up to 40 MB a message with attachments
 * (https://docs.aws.amazon.com/ses/latest/dg/attachments.html); the twin keeps its 10 MB body limit, stricter.
 */
export const SES_SEND_EMAIL_PATH = '/v2/email/outbound-emails';

const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
const MAX_RECIPIENTS = 50;

const Content = z.object({ Data: z.string(), Charset: z.string().optional() });

/** A sample of SES's refused extensions (the docs list more; these are the ones a product could plausibly send). */
const REFUSED_EXTENSIONS = [
  'ade',
  'adp',
  'app',
  'bat',
  'cmd',
  'com',
  'cpl',
  'exe',
  'js',
  'jar',
  'msi',
  'scr',
  'vbs',
  'ps1',
];

const AttachmentSchema = z.object({
  RawContent: z.base64('Attachment RawContent must be base64'),
  FileName: z
    .string()
    .min(1, 'Attachment FileName is required')
    .max(255, 'Attachment FileName is at most 255 characters')
    .refine(
      (name) => !REFUSED_EXTENSIONS.includes(name.split('.').pop()?.toLowerCase() ?? ''),
      'Attachment file type is not supported.',
    ),
  ContentType: z.string().optional(),
  ContentDisposition: z.enum(['ATTACHMENT', 'INLINE']).optional(),
  ContentTransferEncoding: z.enum(['BASE64', 'QUOTED_PRINTABLE', 'SEVEN_BIT']).optional(),
  ContentDescription: z.string().max(1000).optional(),
  ContentId: z.string().min(1).max(78).optional(),
});
const SendEmailSchema = z.object({
  FromEmailAddress: z.string().min(1),
  Destination: z.object({
    ToAddresses: z.array(z.email()).optional(),
    CcAddresses: z.array(z.email()).optional(),
    BccAddresses: z.array(z.email()).optional(),
  }),
  Content: z.object({
    Simple: z.object({
      Subject: Content.refine((s) => s.Data.trim().length > 0, 'Subject must not be empty'),
      Body: z
        .object({ Text: Content.optional(), Html: Content.optional() })
        .refine((b) => b.Text !== undefined || b.Html !== undefined, 'Body needs Text or Html'),
      Attachments: z.array(AttachmentSchema).optional(),
    }),
  }),
});

function sesError(res: ServerResponse, status: number, type: string, message: string): void {
  sendJson(res, status, { message }, { 'x-amzn-ErrorType': type });
}

/** The bare address of `Name <a@b>` or `a@b`. */
function addressOf(from: string): string {
  return (/<([^>]+)>\s*$/.exec(from)?.[1] ?? from).trim().toLowerCase();
}

export async function handleSesSendEmail(
  req: IncomingMessage,
  res: ServerResponse,
  mailbox: Mailbox,
  verifiedSender: string,
): Promise<void> {
  const auth = req.headers.authorization ?? '';
  if (!auth.startsWith('AWS4-HMAC-SHA256 Credential=') || !/\/ses\/aws4_request/.test(auth)) {
    return sesError(res, 403, 'MissingAuthenticationTokenException', 'Missing Authentication Token');
  }
  let raw: Buffer;
  try {
    raw = await readBody(req, MAX_MESSAGE_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return sesError(res, 400, 'MessageRejected', 'Message length is more than 10485760 bytes long.');
    }
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    return sesError(res, 400, 'BadRequestException', 'Request body is not valid JSON.');
  }
  const parsed = SendEmailSchema.safeParse(json);
  if (!parsed.success) {
    return sesError(res, 400, 'BadRequestException', parsed.error.issues.map((i) => i.message).join('; '));
  }
  const email = parsed.data;
  if (addressOf(email.FromEmailAddress) !== verifiedSender.toLowerCase()) {
    return sesError(
      res,
      400,
      'MessageRejected',
      `Email address is not verified. The following identities failed the check: ${email.FromEmailAddress}`,
    );
  }
  const recipients = [
    ...(email.Destination.ToAddresses ?? []),
    ...(email.Destination.CcAddresses ?? []),
    ...(email.Destination.BccAddresses ?? []),
  ];
  if (recipients.length === 0) return sesError(res, 400, 'BadRequestException', 'Missing required header: To.');
  if (recipients.length > MAX_RECIPIENTS) {
    return sesError(res, 400, 'MessageRejected', `Recipient count exceeds ${MAX_RECIPIENTS}.`);
  }
  const { Subject, Body, Attachments } = email.Content.Simple;
  const attachments = Attachments?.map((a) => ({
    fileName: a.FileName,
    contentType: a.ContentType ?? 'application/octet-stream',
    bytes: Buffer.from(a.RawContent, 'base64').byteLength,
    base64: a.RawContent,
  }));
  let messageId = '';
  for (const to of recipients) {
    const kept = mailbox.deliver({
      to,
      subject: Subject.Data,
      body: Body.Html?.Data ?? Body.Text?.Data ?? '',
      kind: 'SES_SendEmail',
      from: email.FromEmailAddress,
      ...(attachments ? { attachments } : {}),
    });
    messageId ||= kept.id;
  }
  sendJson(res, 200, { MessageId: messageId });
}
