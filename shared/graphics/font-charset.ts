/**
 * The characters the font metrics table covers, in table order: printable ASCII, Latin-1 and the typographic
 * punctuation ad copy uses. Anything else is measured with the font's widest common glyph, so a stray emoji or
 * symbol can only make text fit more conservatively, never overflow.
 */
export const metricsCharset: string = (() => {
  const codes: number[] = [];
  for (let c = 32; c <= 126; c += 1) codes.push(c);
  for (let c = 160; c <= 255; c += 1) codes.push(c);
  codes.push(0x2013, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2026, 0x20ac, 0x2122, 0x2192, 0x2605, 0x2713);
  return String.fromCodePoint(...codes);
})();
