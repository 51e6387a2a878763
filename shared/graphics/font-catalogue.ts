/**
 * The bundled open-licence fonts (SIL OFL 1.1, from @fontsource, latin subset, woff: satori reads ttf/otf/woff, not
 * woff2). Brand kits and designs pick a heading and a body font by id from this list; nothing else can be rendered.
 */
export const fontIds = ['inter', 'montserrat', 'playfair-display', 'oswald', 'lora'] as const;
export type FontId = (typeof fontIds)[number];

export const fontWeights = [400, 700] as const;
export type FontWeight = (typeof fontWeights)[number];

export interface FontDeclaration {
  id: FontId;
  /** The family name the renderer registers the font under. */
  family: string;
  label: string;
  kind: 'sans-serif' | 'serif' | 'display';
  /** npm package the files come from; its LICENSE travels with it. */
  package: string;
  licence: 'OFL-1.1';
}

export const fonts: Record<FontId, FontDeclaration> = {
  inter: {
    id: 'inter',
    family: 'Inter',
    label: 'Inter',
    kind: 'sans-serif',
    package: '@fontsource/inter',
    licence: 'OFL-1.1',
  },
  montserrat: {
    id: 'montserrat',
    family: 'Montserrat',
    label: 'Montserrat',
    kind: 'sans-serif',
    package: '@fontsource/montserrat',
    licence: 'OFL-1.1',
  },
  'playfair-display': {
    id: 'playfair-display',
    family: 'Playfair Display',
    label: 'Playfair Display',
    kind: 'serif',
    package: '@fontsource/playfair-display',
    licence: 'OFL-1.1',
  },
  oswald: {
    id: 'oswald',
    family: 'Oswald',
    label: 'Oswald',
    kind: 'display',
    package: '@fontsource/oswald',
    licence: 'OFL-1.1',
  },
  lora: { id: 'lora', family: 'Lora', label: 'Lora', kind: 'serif', package: '@fontsource/lora', licence: 'OFL-1.1' },
};

/** The file of one font at one weight inside its package, e.g. `files/inter-latin-700-normal.woff`. */
export function fontFilePath(id: FontId, weight: FontWeight): string {
  return `files/${id}-latin-${weight}-normal.woff`;
}
