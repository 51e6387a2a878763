import { describe, expect, it } from 'vitest';
import { sanitiseSvg } from '@shared/graphics/svg-sanitise';

const wrap = (inner: string, attributes = 'width="100" height="50"') =>
  `<svg xmlns="http://www.w3.org/2000/svg" ${attributes}>${inner}</svg>`;

function clean(input: string): string {
  const result = sanitiseSvg(input);
  if (!result.ok) throw new Error(result.reason);
  return result.svg;
}

describe('sanitiseSvg', () => {
  it('keeps drawing elements, their geometry and paint', () => {
    const result = sanitiseSvg(
      wrap(
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs><rect x="1" y="2" width="3" height="4" fill="url(#g)"/><path d="M0 0L10 10"/>',
      ),
    );
    expect(result).toEqual({
      ok: true,
      width: 100,
      height: 50,
      removed: [],
      svg: '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs><rect x="1" y="2" width="3" height="4" fill="url(#g)"/><path d="M0 0L10 10"/></svg>',
    });
  });

  it.each([
    ['script elements and their content', '<script>alert(1)</script><rect width="1" height="1"/>', /script|alert/i],
    ['script in CDATA', '<script><![CDATA[alert(1)]]></script>', /script|alert/i],
    ['upper-case script', '<SCRIPT>alert(1)</SCRIPT>', /script|alert/i],
    ['event handlers', '<rect width="1" height="1" onclick="alert(1)" ONLOAD="x()"/>', /onclick|onload|alert/i],
    [
      'foreignObject with HTML',
      '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="x"/></div></foreignObject>',
      /foreignobject|iframe|div/i,
    ],
    ['external href on use', '<use href="https://evil.example/x.svg#a"/>', /evil/],
    ['javascript: links', '<a href="javascript:alert(1)"><rect width="1" height="1"/></a>', /javascript|<a/],
    ['external url() in fill', '<rect width="1" height="1" fill="url(https://evil.example/p.svg#x)"/>', /evil/],
    [
      'external url() in style',
      '<rect width="1" height="1" style="fill:url(http://evil.example/a);stroke:#000"/>',
      /evil/,
    ],
    ['style elements with @import', '<style>@import url(https://evil.example/a.css);</style>', /import|evil|style>/],
    [
      'image elements (external or embedded bitmaps)',
      '<image href="https://evil.example/t.png" width="1" height="1"/>',
      /image|evil/,
    ],
    ['animation that can rewrite href', '<set attributeName="href" to="javascript:alert(1)"/>', /set|javascript/],
    ['xlink:href to a remote file', '<use xlink:href="//evil.example/x.svg#a"/>', /evil/],
  ])('drops %s', (_name, inner, forbidden) => {
    const svg = clean(wrap(inner));
    expect(svg).not.toMatch(forbidden);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
  });

  it('keeps internal references and safe style declarations', () => {
    const svg = clean(
      wrap('<symbol id="s"><circle r="2"/></symbol><use href="#s" style="fill: #123456; behavior: url(x.htc)"/>'),
    );
    expect(svg).toContain('<use href="#s" style="fill:#123456"/>');
  });

  it('reports what it removed', () => {
    const result = sanitiseSvg(wrap('<script>x</script><rect onclick="y" width="1" height="1"/>'));
    expect(result.ok && result.removed).toEqual(['<script>', 'event handler attributes']);
  });

  it('re-escapes text and attribute values, and drops values that decode to markup', () => {
    const svg = clean(
      wrap(
        '<text x="0" y="10" font-family="A&amp;B &quot;Sans&quot;" class="x&gt;&lt;script&gt;">&lt;script&gt;1 &amp; 2</text>',
      ),
    );
    expect(svg).toContain('<text x="0" y="10" font-family="A&amp;B &quot;Sans&quot;">');
    expect(svg).toContain('>&lt;script&gt;1 &amp; 2</text>');
    expect(svg).not.toContain('<script');
  });

  it.each([
    [
      'a DOCTYPE with entities (billion laughs)',
      '<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg width="1" height="1">&a;</svg>',
      /DOCTYPE/,
    ],
    ['HTML', '<html><body>hi</body></html>', /not an SVG/],
    ['an unclosed document', '<svg width="1" height="1"><rect/>', /incomplete/],
    ['an SVG with no size', '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>', /width and height/],
    ['more than 1 MB', wrap(`<path d="${'M0 0'.repeat(300_000)}"/>`), /larger/],
  ])('refuses %s', (_name, input, reason) => {
    const result = sanitiseSvg(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });

  it('reads the size from the viewBox when width and height are missing', () => {
    const result = sanitiseSvg(
      '<?xml version="1.0"?><!-- logo --><svg viewBox="0 0 240 80"><rect width="240" height="80"/></svg>',
    );
    expect(result.ok && [result.width, result.height]).toEqual([240, 80]);
    expect(result.ok && result.svg).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 80"><rect width="240" height="80"/></svg>',
    );
  });
});
