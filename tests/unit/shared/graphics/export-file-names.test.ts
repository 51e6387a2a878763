import { describe, expect, it } from 'vitest';
import { exportFileName, exportZipName } from '@shared/graphics/export-file-names';

describe('export file names (one module for the server export and the browser downloads)', () => {
  it.each([
    ['square', 'png', 'adsmith-product-hero-1080x1080.png'],
    ['portrait', 'jpg', 'adsmith-product-hero-1080x1350.jpg'],
    ['story', 'png', 'adsmith-product-hero-1080x1920.png'],
    ['landscape', 'jpg', 'adsmith-product-hero-1200x628.jpg'],
  ] as const)('names the %s size by its pixels and format', (sizeId, extension, expected) => {
    expect(exportFileName('product-hero', sizeId, extension)).toBe(expected);
  });

  it('names a ZIP after the design, with its version when it is a saved version', () => {
    expect(exportZipName('Spring Sale!', 3)).toBe('adsmith-spring-sale-v3.zip');
    expect(exportZipName('Spring Sale!')).toBe('adsmith-spring-sale.zip');
  });

  it('keeps only safe characters, folds accents and falls back to "design"', () => {
    expect(exportZipName('Café  Crème / Été', 1)).toBe('adsmith-cafe-creme-ete-v1.zip');
    expect(exportZipName('✨✨', 2)).toBe('adsmith-design-v2.zip');
    expect(exportZipName('a'.repeat(100)).length).toBe('adsmith-'.length + 60 + '.zip'.length);
  });
});
