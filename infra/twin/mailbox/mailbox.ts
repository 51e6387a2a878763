import { randomUUID } from 'node:crypto';
import { extractLinks, looksLikeHtml, toPlainText } from './email-text';

/** One email Cognito would have sent, as the dev mailbox keeps it. */
export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  /** The body as the trigger wrote it, when it is HTML. */
  html: string | null;
  links: string[];
  /** The Cognito trigger source that produced it, e.g. CustomMessage_SignUp. */
  kind: string;
  sentAt: string;
  /** Files sent with it (SES v2 attachments), with their content so a test can open them. */
  attachments?: MailboxAttachment[];
  /** The From header as sent (SES v2), e.g. `"Northwind Media" <reports@adsmith.example>`. */
  from?: string;
}

export interface MailboxAttachment {
  fileName: string;
  contentType: string;
  bytes: number;
  base64: string;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  body: string;
  kind: string;
  attachments?: MailboxAttachment[];
  from?: string;
}

/** Older messages drop off past this, so a long session does not grow without end. */
const MAX_MESSAGES = 500;

/** The dev mailbox: every email the twin's Cognito sends, newest last. */
export class Mailbox {
  readonly #messages: MailboxMessage[] = [];

  deliver(email: OutgoingEmail): MailboxMessage {
    const message: MailboxMessage = {
      id: randomUUID(),
      to: email.to,
      subject: email.subject,
      text: toPlainText(email.body),
      html: looksLikeHtml(email.body) ? email.body : null,
      links: extractLinks(email.body),
      kind: email.kind,
      sentAt: new Date().toISOString(),
      ...(email.attachments ? { attachments: email.attachments } : {}),
      ...(email.from ? { from: email.from } : {}),
    };
    this.#messages.push(message);
    if (this.#messages.length > MAX_MESSAGES) this.#messages.splice(0, this.#messages.length - MAX_MESSAGES);
    return message;
  }

  /** Messages, optionally only those to one address (case-insensitive, as email addresses are). */
  list(to?: string): MailboxMessage[] {
    const wanted = to?.toLowerCase();
    return this.#messages.filter((m) => !wanted || m.to.toLowerCase() === wanted);
  }
}
