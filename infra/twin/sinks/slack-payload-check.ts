/**
 * Checks an incoming-webhook payload the way Slack does (reference/slack/notes.md):
 * plain-text error bodies, 400 for a payload Slack cannot use. Returns the error
 * body Slack would send, or null when the payload would post.
 */
const HEADER_MAX = 150;
const SECTION_TEXT_MAX = 3000;
const FIELDS_MAX = 10;
const FIELD_TEXT_MAX = 2000;
const BLOCKS_MAX = 50;
const CONTEXT_ELEMENTS_MAX = 10;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function textOk(text: unknown, max: number, plainOnly = false): boolean {
  if (!isObject(text)) return false;
  if (text.type !== 'plain_text' && (plainOnly || text.type !== 'mrkdwn')) return false;
  return typeof text.text === 'string' && text.text.length >= 1 && text.text.length <= max;
}

function blockOk(block: unknown): boolean {
  if (!isObject(block)) return false;
  if (block.block_id !== undefined && (typeof block.block_id !== 'string' || block.block_id.length > 255)) return false;
  switch (block.type) {
    case 'header':
      return textOk(block.text, HEADER_MAX, true);
    case 'section': {
      if (block.text === undefined && block.fields === undefined) return false;
      if (block.text !== undefined && !textOk(block.text, SECTION_TEXT_MAX)) return false;
      if (block.fields !== undefined) {
        if (!Array.isArray(block.fields) || block.fields.length === 0 || block.fields.length > FIELDS_MAX) return false;
        if (!block.fields.every((f) => textOk(f, FIELD_TEXT_MAX))) return false;
      }
      return true;
    }
    case 'context':
      return (
        Array.isArray(block.elements) &&
        block.elements.length >= 1 &&
        block.elements.length <= CONTEXT_ELEMENTS_MAX &&
        block.elements.every((e) => (isObject(e) && e.type === 'image') || textOk(e, SECTION_TEXT_MAX))
      );
    case 'divider':
      return true;
    case 'markdown':
      return typeof block.text === 'string' && block.text.length >= 1 && block.text.length <= 12_000;
    case 'actions':
    case 'image':
    case 'rich_text':
    case 'video':
    case 'file':
    case 'input':
      // Accepted without deep checks: Adsmith sends none of these.
      return true;
    default:
      return false;
  }
}

export function slackPayloadProblem(contentType: string | null, raw: string): string | null {
  if (!contentType || !/^application\/json\b/i.test(contentType)) {
    // Slack also accepts form-encoded `payload=`; Adsmith always sends JSON, so anything else is a mistake.
    return 'invalid_payload';
  }
  let payload: unknown;
  try {
    payload = JSON.parse(raw);
  } catch {
    return 'invalid_payload';
  }
  if (!isObject(payload)) return 'invalid_payload';
  const hasText = typeof payload.text === 'string' && payload.text.trim() !== '';
  const hasBlocks = Array.isArray(payload.blocks) && payload.blocks.length > 0;
  const hasAttachments = Array.isArray(payload.attachments) && payload.attachments.length > 0;
  if (!hasText && !hasBlocks && !hasAttachments) return 'no_text';
  if (payload.blocks !== undefined) {
    if (!Array.isArray(payload.blocks) || payload.blocks.length > BLOCKS_MAX) return 'invalid_blocks';
    if (!payload.blocks.every(blockOk)) return 'invalid_blocks';
    const ids = payload.blocks.map((b) => (b as Json).block_id).filter((id) => id !== undefined);
    if (new Set(ids).size !== ids.length) return 'invalid_blocks';
  }
  return null;
}
