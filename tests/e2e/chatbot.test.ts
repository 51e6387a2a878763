import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { plans } from '@shared/plans';
import { launchBrowser } from '../support/chromium';

const { web } = inject('e2e');
const SCREENSHOTS = 'test-results';
let browser: Browser;

describe('the chatbot widget on the twin', () => {
  beforeAll(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens from the keyboard, streams a grounded answer, closes with Escape and keeps the conversation for the tab', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const scripts: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${web}/pricing`);
    await page.getByRole('heading', { level: 1, name: /Simple plans/ }).waitFor();
    const launcher = page.getByRole('button', { name: 'Ask the Adsmith assistant' });
    await launcher.waitFor();
    // Nothing of the widget's panel is downloaded until it is opened.
    expect(scripts.filter((s) => /chat-panel/.test(s))).toEqual([]);

    await launcher.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Adsmith assistant' });
    await dialog.waitFor();
    expect(scripts.some((s) => /chat-panel/.test(s))).toBe(true);
    // Focus moves into the question box, so a keyboard user can type at once.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('placeholder')))
      .toBe('Ask a question…');
    await page.keyboard.type('How much does the Pro plan cost?');
    await page.keyboard.press('Enter');

    const log = dialog.getByRole('log', { name: 'Conversation' });
    const price = `$${plans.pro.priceCents.monthly / 100} a month`;
    await expect.poll(() => log.textContent(), { timeout: 30_000 }).toContain(price);
    await dialog.getByText(/Offline demo model/).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/chatbot-answer.png` });

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Ask the Adsmith assistant',
    );

    // Another page of the same tab: the conversation is still there.
    await page.goto(`${web}/blog`);
    await page.getByRole('button', { name: 'Ask the Adsmith assistant' }).click();
    await expect.poll(() => page.getByRole('log', { name: 'Conversation' }).textContent()).toContain(price);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('answers a suggested question on a phone-sized screen', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await page.goto(`${web}/`);
    await page.getByRole('button', { name: 'Ask the Adsmith assistant' }).click();
    const box = page.getByRole('textbox', { name: 'Your question' });
    await box.waitFor();
    expect(await box.getAttribute('maxlength')).toBe('1000');
    await page.getByRole('button', { name: 'What does Adsmith cost?' }).click();
    await expect
      .poll(() => page.getByRole('log', { name: 'Conversation' }).textContent(), { timeout: 30_000 })
      .toMatch(/Free plan: free forever/);
    await page.screenshot({ path: `${SCREENSHOTS}/chatbot-mobile.png` });
    await page.close();
  });
});
