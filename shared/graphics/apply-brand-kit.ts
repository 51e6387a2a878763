import { type BrandKit } from './brand-kit-schema';
import { contrastRatio, mostReadable } from './colour-contrast';
import { type Design, type DesignColours } from './design-schema';

/**
 * Derive a design's colours from a brand palette: the darkest/most saturated colour as background, the most
 * contrasting palette colour (or white/black) as text, the next distinct colour as accent with readable text on it.
 */
export function coloursFromPalette(palette: readonly string[]): DesignColours {
  const colours = palette.length > 0 ? [...palette] : ['#0f172a'];
  const background = colours[0]!;
  const textCandidates = [...colours.slice(1), '#ffffff', '#000000'];
  const text = mostReadable(
    background,
    textCandidates.filter((c) => contrastRatio(c, background) >= 4.5).concat(['#ffffff', '#000000']),
  );
  const accent =
    colours.slice(1).find((c) => c !== text && contrastRatio(c, background) >= 1.5) ??
    (text === '#ffffff' ? '#f59e0b' : '#1d4ed8');
  const onAccent = mostReadable(accent, [...colours, '#ffffff', '#000000']);
  return { background, text, accent, onAccent };
}

/** A design with the brand kit applied: palette, colours, fonts, CTA style and logo. Texts, template and images stay. */
export function applyBrandKit(design: Design, kit: BrandKit): Design {
  return {
    ...design,
    palette: [...kit.colours],
    colours: coloursFromPalette(kit.colours),
    fonts: { heading: kit.headingFont, body: kit.bodyFont },
    ctaStyle: { ...kit.ctaStyle },
    images: { ...design.images, ...(kit.logo ? { logo: kit.logo } : {}) },
  };
}
