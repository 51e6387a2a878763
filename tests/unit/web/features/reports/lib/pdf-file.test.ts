import { describe, expect, it } from 'vitest';
import { pdfBlob } from '@web/features/reports/lib/pdf-file';

describe('pdfBlob', () => {
  it('gives back the bytes the base64 carried, every byte value included', async () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const base64 = btoa(String.fromCharCode(...bytes));
    const blob = pdfBlob(base64);
    expect(blob.type).toBe('application/pdf');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
  });
});
