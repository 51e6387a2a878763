/** Reads the twin's dev mailbox (GET /messages?to=). */
interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  links: string[];
  sentAt: string;
}

/**
 * Waits for an email to `to` carrying a link with `?mode=<mode>`, and returns that link
 * moved onto `webOrigin` (the twin addresses links to its own web port, the test may
 * serve the app elsewhere, e.g. from `vite preview`).
 */
export async function waitForAuthLink(
  mailbox: string,
  to: string,
  mode: string,
  webOrigin: string,
  timeoutMs = 20_000,
): Promise<URL> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${mailbox}/messages?to=${encodeURIComponent(to)}`);
    const messages = (await response.json()) as MailboxMessage[];
    for (const message of [...messages].reverse()) {
      for (const link of message.links) {
        const url = new URL(link);
        if (url.searchParams.get('mode') === mode) {
          const moved = new URL(`${url.pathname}${url.search}`, webOrigin);
          return moved;
        }
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No email with a ${mode} link reached ${to} within ${timeoutMs} ms`);
}
