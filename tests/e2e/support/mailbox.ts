/** Reads the twin's dev mailbox (GET /messages?to=). */
interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  links: string[];
  sentAt: string;
}

/**
 * Waits for an email to `to` carrying a link with `?mode=<mode>` and returns it,
 * failing if the link does not lead to the site under test (`webOrigin`).
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
          if (url.origin !== new URL(webOrigin).origin) {
            throw new Error(`The ${mode} link leads to ${url.origin}, not to the site ${webOrigin}`);
          }
          return url;
        }
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No email with a ${mode} link reached ${to} within ${timeoutMs} ms`);
}
