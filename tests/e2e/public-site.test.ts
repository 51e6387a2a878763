import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { recordPage, useBrowserJourney } from './support/browser';
import { coveredByChatLauncher } from './support/layout';
import { e2e } from './support/environment';

const { web } = e2e();
const journey = useBrowserJourney({ viewport: { width: 1280, height: 900 }, contextPer: 'test' });

/** The journey's fresh page, recording every script it loads and every error it reports. */
async function openPage(viewport?: { width: number; height: number }) {
  const { page } = journey;
  if (viewport) await page.setViewportSize(viewport);
  return { page, ...recordPage(page) };
}

/** A top-level alias of a post, read from the build's manifest of prerendered pages. */
async function someAlias(page: Page): Promise<string> {
  const manifest = (await (await page.request.get(`${web}/prerendered.json`)).json()) as { pages: string[] };
  const pages = ['/', '/about', '/how-it-works', '/pricing', '/contact', '/blog', '/privacy', '/terms', '/security'];
  const alias = manifest.pages.find((p) => !p.startsWith('/blog/') && !pages.includes(p));
  if (!alias) throw new Error('No post alias was prerendered');
  return alias;
}

describe('the public site in a real browser', () => {
  it('home → pricing → blog → a post → its alias, without loading auth code, errors or hydration mismatches', async () => {
    const { page, scripts, errors } = await openPage();
    const home = await page.goto(`${web}/`);
    expect(home?.status()).toBe(200);
    // The prerendered HTML already holds the page: the heading is there before any script runs.
    expect(await home?.text()).toContain('crafted by AI');
    await page.getByRole('heading', { level: 1, name: /Facebook and Instagram ads/ }).waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await page.getByRole('heading', { level: 1, name: /Simple plans/ }).waitFor();
    await expect.poll(() => page.title()).toMatch(/^Pricing/);
    // A click on the prerendered page before React has hydrated it does nothing: click (it only ever chooses
    // yearly) until the page answers, rather than hoping hydration beat the click (it did not on a loaded machine).
    const yearly = page.getByRole('button', { name: /Yearly/ });
    await expect
      .poll(async () => {
        await yearly.click();
        return yearly.getAttribute('aria-pressed');
      })
      .toBe('true');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await page.getByRole('heading', { level: 1, name: /Guides for better/ }).waitFor();
    const firstPost = page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 }).first();
    const postTitle = (await firstPost.textContent())!.trim();
    await firstPost.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: postTitle }).waitFor();
    expect(page.url()).toMatch(/\/blog\/[a-z0-9-]+$/);
    await journey.screenshot('public-post');

    // The alias answers with the post itself and points search engines at /blog/{slug}.
    const alias = await someAlias(page);
    const aliasResponse = await page.goto(`${web}${alias}`);
    expect(aliasResponse?.status()).toBe(200);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toMatch(/\/blog\/[a-z0-9-]+$/);
    // The post's heading, not the loading screen's, which can show for a moment while a chunk loads.
    const postHeading = page.getByRole('heading', { level: 1 }).filter({ hasNotText: /^Adsmith$/ });
    const aliasTitle = await postHeading.textContent();
    await page.goto(`${web}${new URL(canonical!).pathname}`);
    await expect.poll(() => postHeading.textContent()).toBe(aliasTitle);

    expect(scripts.filter((s) => /\/(amplify|zod|recharts|cognito|auth-runtime|signed-in-layout)-/.test(s))).toEqual(
      [],
    );
    expect(errors).toEqual([]);
  });

  it('every public page is readable at 360 px without sideways scrolling', async () => {
    const { page, errors } = await openPage({ width: 360, height: 760 });
    for (const path of ['/', '/pricing', '/blog', '/about', '/how-it-works', '/privacy', '/terms', '/security']) {
      await page.goto(`${web}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      // Scrolled to the end, the chat launcher leaves every footer line and link uncovered.
      expect(await coveredByChatLauncher(page), path).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${web}/pricing`);
    expect(await coveredByChatLauncher(page), '/pricing at 1280 px').toEqual([]);
    await page.setViewportSize({ width: 360, height: 760 });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Pricing' }).click();
    await page.getByRole('heading', { level: 1, name: /Simple plans/ }).waitFor();
    await journey.screenshot('public-pricing-360', { fullPage: true });
    expect(errors).toEqual([]);
  });

  it('links the security & data and how-it-works pages from the footer, with real, small screenshots', async () => {
    const { page, errors } = await openPage();
    await page.goto(`${web}/`);
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Security & data' }).click();
    await page.getByRole('heading', { level: 1, name: 'Security & data' }).waitFor();
    // What the infrastructure code sets up, in words: self-hosted, KMS at rest, TLS in transit, hashed lists.
    const body = (await page.getByRole('main').textContent())!;
    for (const fact of [
      'your own AWS account',
      'customer-managed AWS KMS key',
      'TLS',
      'SHA-256 hashed',
      'never stored',
    ]) {
      expect(body, fact).toContain(fact);
    }
    await journey.screenshot('public-security', { fullPage: true });

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How it works' }).click();
    await page.getByRole('heading', { level: 1, name: /screen by screen/ }).waitFor();
    const images = page.getByRole('main').getByRole('img');
    expect(await images.count()).toBeGreaterThanOrEqual(3);
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1280);
      const response = await page.request.get(new URL((await image.getAttribute('src'))!, web).toString());
      expect(response.status()).toBe(200);
      expect((await response.body()).length, (await image.getAttribute('src'))!).toBeLessThan(150_000);
    }
    await journey.screenshot('public-how-it-works', { fullPage: true });

    const sitemap = await (await page.request.get(`${web}/sitemap.xml`)).text();
    expect(sitemap).toContain('/security</loc>');
    expect(sitemap).toContain('/how-it-works</loc>');
    expect(errors).toEqual([]);
  });

  it('shows the not-found page, with a 404, for an unknown path', async () => {
    const { page } = await openPage();
    const response = await page.goto(`${web}/no-such-page-here`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.getByText('/no-such-page-here').count()).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.getByRole('heading', { level: 1, name: /Facebook and Instagram ads/ }).waitFor();
  });
});
