import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '@web/features/blog/content/render-markdown';

describe('renderMarkdown (build time)', () => {
  it('renders the subset posts use: headings with ids, lists, emphasis, quotes, code, links and tables', () => {
    const { html, headings } = renderMarkdown(
      [
        "## Meta's *new* rules",
        '### Details',
        '- **bold** and *italic*',
        '1. first',
        '> a quote',
        'Use `code` and [pricing](/pricing) or [Meta](https://www.facebook.com/business).',
        '',
        '| a | b |',
        '|---|---|',
        '| 1 | 2 |',
      ].join('\n'),
    );
    expect(headings).toEqual([{ id: 'metas-new-rules', text: "Meta's new rules" }]);
    expect(html).toContain('<h2 id="metas-new-rules">Meta&#39;s <em>new</em> rules</h2>');
    expect(html).toContain('<h3 id="details">Details</h3>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<ol>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<a href="/pricing">pricing</a>');
    expect(html).toContain('<a href="https://www.facebook.com/business" rel="noopener noreferrer" target="_blank">');
    expect(html).toContain('<div class="table-scroll"><table>');
  });

  it('never emits raw HTML from a post, demotes a body h1 and keeps heading ids unique', () => {
    const { html } = renderMarkdown('# Title\n\n## Same\n\n## Same\n\n<script>alert(1)</script>\n');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<h2 id="title">Title</h2>');
    expect(html).toContain('<h2 id="same">Same</h2>');
    expect(html).toContain('<h2 id="same-2">Same</h2>');
  });
});
