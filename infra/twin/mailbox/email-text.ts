/**
 * Pure helpers that turn an email body (HTML or text, as a custom-message
 * trigger may write either) into what the mailbox shows: plain text and links.
 */
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Named entities HTML email commonly uses, and every numeric one (`&#60;`, `&#x3c;`). */
export function decodeHtmlEntities(text: string): string {
  return text.replace(
    /&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]+));/gi,
    (whole, decimal?: string, hex?: string, name?: string) => {
      const codePoint = decimal ? Number(decimal) : hex ? parseInt(hex, 16) : undefined;
      if (codePoint !== undefined) return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : whole;
      return NAMED_ENTITIES[(name ?? '').toLowerCase()] ?? whole;
    },
  );
}

export function looksLikeHtml(body: string): boolean {
  return /<\/?[a-z][a-z0-9]*(\s[^>]*)?>/i.test(body);
}

/** Every http(s) URL in the body, from href attributes and bare text, in order, without duplicates. */
export function extractLinks(body: string): string[] {
  const found: string[] = [];
  const add = (raw: string) => {
    const candidate = decodeHtmlEntities(raw).replace(/[).,;:!?'"]+$/, '');
    try {
      const url = new URL(candidate);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && !found.includes(url.toString()))
        found.push(url.toString());
    } catch {
      // not a URL after all
    }
  };
  for (const match of body.matchAll(/href\s*=\s*("([^"]*)"|'([^']*)')/gi)) add(match[2] ?? match[3] ?? '');
  for (const match of body.matchAll(/https?:\/\/[^\s<>"']+/g)) add(match[0]);
  return found;
}

/** The body as a person reads it: tags dropped, line breaks kept, entities decoded. */
export function toPlainText(body: string): string {
  if (!looksLikeHtml(body)) return body.trim();
  return decodeHtmlEntities(
    body
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|h[1-6]|li|tr)>/gi, '\n')
      .replace(/<a\s[^>]*href\s*=\s*"([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, '$2 ($1)')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`);
}
