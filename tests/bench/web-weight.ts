import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../support/chromium';

export interface WebWeight {
  scripts: number;
  rawBytes: number;
  gzipBytes: number;
}

/** What `/` really loads: every script response a real browser fetched, gzipped as a CDN would. */
export async function measureWebWeight(siteUrl: string): Promise<WebWeight> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const bodies: Promise<Buffer>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && response.ok()) bodies.push(response.body());
    });
    await page.goto(siteUrl, { waitUntil: 'networkidle' });
    const scripts = await Promise.all(bodies);
    return {
      scripts: scripts.length,
      rawBytes: scripts.reduce((sum, b) => sum + b.length, 0),
      gzipBytes: scripts.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0),
    };
  } finally {
    await browser.close();
  }
}
