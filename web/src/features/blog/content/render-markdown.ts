import { Marked, type Tokens } from 'marked';
import type { RenderedMarkdown } from './blog-catalogue';

/** Heading text → a stable, readable fragment id. */
export function headingId(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/&[a-z0-9#]+;/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-');
}

/** The table of contents is rendered by React, which escapes again: hand it plain text. */
function decodeEntities(text: string): string {
  return text
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * Markdown → HTML at build time (the browser never downloads a Markdown parser). Raw HTML
 * in a post is escaped, headings get ids for the table of contents, tables scroll on
 * phones, and links leaving the site open safely.
 */
export function renderMarkdown(markdown: string): RenderedMarkdown {
  const headings: RenderedMarkdown['headings'] = [];
  const used = new Set<string>();
  const marked = new Marked({
    gfm: true,
    async: false,
    renderer: {
      heading(this: { parser: { parseInline: (t: Tokens.Heading['tokens']) => string } }, token: Tokens.Heading) {
        const html = this.parser.parseInline(token.tokens);
        let id = headingId(html) || 'section';
        for (let n = 2; used.has(id); n += 1) id = `${headingId(html)}-${n}`;
        used.add(id);
        // The post title is the page's h1: a body "#" would be a second one, so it becomes h2.
        const level = Math.max(2, token.depth);
        if (level === 2) headings.push({ id, text: decodeEntities(html.replace(/<[^>]+>/g, '')) });
        return `<h${level} id="${id}">${html}</h${level}>\n`;
      },
      html(token: Tokens.HTML | Tokens.Tag) {
        return token.text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      },
      link(this: { parser: { parseInline: (t: Tokens.Link['tokens']) => string } }, token: Tokens.Link) {
        const text = this.parser.parseInline(token.tokens);
        const href = token.href.replace(/"/g, '%22');
        const external = /^https?:\/\//.test(href);
        return external
          ? `<a href="${href}" rel="noopener noreferrer" target="_blank">${text}</a>`
          : `<a href="${href}">${text}</a>`;
      },
    },
  });
  const rendered = marked.parse(markdown) as string;
  const html = rendered
    .replace(/<table>/g, '<div class="table-scroll"><table>')
    .replace(/<\/table>/g, '</table></div>');
  return { html, headings };
}
