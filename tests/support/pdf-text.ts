import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of each page of a PDF as a reader extracts it (Mozilla's pdf.js, not our renderer's own account of
 * what it drew): items of a page joined by spaces, in the order pdf.js reads them.
 */
export async function pdfPageTexts(pdf: Uint8Array): Promise<string[]> {
  // verbosity 0: errors only (text extraction needs no font files or canvas, which pdf.js warns about).
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .filter((text) => text.length > 0)
          .join(' ')
          .replace(/\s+/g, ' '),
      );
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

/** How many pictures each page paints (pdf.js's operator list: image XObjects drawn), e.g. a logo and thumbnails. */
export async function pdfPageImageCounts(pdf: Uint8Array): Promise<number[]> {
  const { OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const counts: number[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const list = await (await document.getPage(number)).getOperatorList();
      counts.push(list.fnArray.filter((op) => op === OPS.paintImageXObject).length);
    }
    return counts;
  } finally {
    await document.destroy();
  }
}
