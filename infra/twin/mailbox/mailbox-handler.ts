import type { RequestListener } from 'node:http';
import { sendHtml, sendJson } from '../http-io';
import { escapeHtml } from './email-text';
import type { Mailbox, MailboxMessage } from './mailbox';
import { handleSesSendEmail, SES_SEND_EMAIL_PATH } from './ses-send-email';

function renderMessage(m: MailboxMessage): string {
  const links = m.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join('');
  return `<article>
  <header><strong>${escapeHtml(m.subject)}</strong><br><small>to ${escapeHtml(m.to)} · ${escapeHtml(m.kind)} · ${escapeHtml(m.sentAt)}</small></header>
  <pre>${escapeHtml(m.text)}</pre>
  ${links ? `<ul>${links}</ul>` : ''}
</article>`;
}

/** The page lists newest first; bodies are shown as escaped text, so no email markup runs in it. */
export function renderMailboxPage(messages: MailboxMessage[]): string {
  const items = [...messages].reverse().map(renderMessage).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Adsmith dev mailbox</title>
<meta http-equiv="refresh" content="5">
<style>body{font:15px/1.4 system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem}
article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}small{color:#666}</style>
</head><body><h1>Dev mailbox</h1>
<p>Every email the local Cognito would send. JSON: <a href="messages">/messages</a> (filter with <code>?to=</code>).</p>
${items || '<p>No messages yet.</p>'}
</body></html>`;
}

/**
 * `GET /messages[?to=]` as JSON, `GET /` as a page; read-only, except SES v2's SendEmail, which delivers here
 * when it comes from `verifiedSender` (see ses-send-email.ts).
 */
export function mailboxHandler(mailbox: Mailbox, verifiedSender?: string): RequestListener {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (verifiedSender && req.method === 'POST' && url.pathname === SES_SEND_EMAIL_PATH) {
      handleSesSendEmail(req, res, mailbox, verifiedSender).catch(() => {
        if (!res.headersSent)
          sendJson(res, 500, { message: 'Internal failure' }, { 'x-amzn-ErrorType': 'InternalFailure' });
      });
      return;
    }
    if (req.method !== 'GET') return sendJson(res, 405, { message: 'Method Not Allowed' });
    if (url.pathname === '/messages') return sendJson(res, 200, mailbox.list(url.searchParams.get('to') ?? undefined));
    if (url.pathname === '/') return sendHtml(res, 200, renderMailboxPage(mailbox.list()));
    sendJson(res, 404, { message: 'Not Found' });
  };
}
