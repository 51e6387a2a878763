import { callToActionFromText, type AdCopyAngle } from '@shared/ad-copy-rules';
import type { AdCopyVariant } from '@shared/schemas/ai';

/**
 * Turns an own-key completion (free text: "Headline: …" lines, maybe in
 * markdown) into the variant shape the server returns. Labels are matched
 * loosely because models decorate them; missing parts fall back to what is
 * there rather than failing: the person edits the result anyway.
 */
function field(text: string, labels: string[]): string {
  for (const label of labels) {
    const match = new RegExp(`^[\\s>*#-]*\\**\\s*${label}\\s*\\**\\s*[:：-]\\s*\\**\\s*(.+)$`, 'im').exec(text);
    if (match?.[1]) return clean(match[1]);
  }
  return '';
}

function clean(text: string): string {
  return text
    .replace(/\*\*/g, '')
    .replace(/^["“”']+|["“”']+$/g, '')
    .trim();
}

export function parseDirectReply(text: string, angle: AdCopyAngle): AdCopyVariant | null {
  const content = text.trim();
  if (!content) return null;
  let headline = field(content, ['headline', 'title']);
  let primaryText = field(content, ['primary text', 'body', 'ad text', 'text']);
  let description = field(content, ['description', 'link description']);
  const cta = field(content, ['call to action', 'call-to-action', 'cta', 'button']);
  if (!headline) {
    const lines = content.split('\n').map(clean).filter(Boolean);
    headline = lines[0] ?? '';
    primaryText ||= lines.slice(1).join(' ');
  }
  if (!primaryText) primaryText = description || headline;
  if (!description) description = '';
  if (!headline) return null;
  return { angle, headline, primaryText, description, callToAction: callToActionFromText(cta) };
}
