import { describe, expect, it } from 'vitest';
import { plans } from '@shared/plans';
import { recordPage, useBrowserJourney } from './support/browser';
import { e2e } from './support/environment';

const { web } = e2e();
const journey = useBrowserJourney({ viewport: { width: 1280, height: 900 }, contextPer: 'test' });

describe('the chatbot widget on the twin', () => {
  it('opens from the keyboard, streams a grounded answer, closes with Escape and keeps the conversation for the tab', async () => {
    const { page } = journey;
    const { scripts, errors } = recordPage(page);

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
    await journey.screenshot('chatbot-answer');

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
  });

  it('answers a suggested question on a phone-sized screen', async () => {
    const { page } = journey;
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${web}/`);
    await page.getByRole('button', { name: 'Ask the Adsmith assistant' }).click();
    const box = page.getByRole('textbox', { name: 'Your question' });
    await box.waitFor();
    expect(await box.getAttribute('maxlength')).toBe('1000');
    await page.getByRole('button', { name: 'What does Adsmith cost?' }).click();
    await expect
      .poll(() => page.getByRole('log', { name: 'Conversation' }).textContent(), { timeout: 30_000 })
      .toMatch(/Free plan: free forever/);
    await journey.screenshot('chatbot-mobile');
  });
});
