import { describe, expect, it } from 'vitest';
import { approvalEmail, expiryText } from '@lambdas/lib/approvals/approval-email';

const base = {
  kind: 'campaign_plan' as const,
  name: 'Sourdough <launch>',
  count: 1,
  senderName: 'Northwind Media',
  link: 'https://app.example.com/approve/abc',
  expiresAt: '2026-12-05T14:05:00.000Z',
};

describe('the approval email', () => {
  it('says who asks, what is asked, the link and when it expires', () => {
    const { subject, text, html } = approvalEmail(base);
    expect(subject).toBe('Northwind Media asks for your approval: Sourdough <launch>');
    expect(text).toContain('Northwind Media sent you a campaign plan (budget, schedule, audiences and ads)');
    expect(text).toContain('https://app.example.com/approve/abc');
    expect(text).toContain('expires on 5 December 2026, 14:05 UTC');
    expect(html).toContain('<a href="https://app.example.com/approve/abc">');
    // The campaign's name is the agency's text: escaped in the HTML.
    expect(html).toContain('Sourdough &#60;launch&#62;');
    expect(html).not.toContain('<launch>');
  });

  it('names a set of recommendations by its size, and an agent proposal as a change', () => {
    expect(approvalEmail({ ...base, kind: 'recommendations', count: 3 }).text).toContain(
      'sent you 3 recommended changes to your ads',
    );
    expect(approvalEmail({ ...base, kind: 'recommendations', count: 1 }).text).toContain(
      'sent you a recommended change to your ads',
    );
    expect(approvalEmail({ ...base, kind: 'agent_proposal' }).text).toContain('sent you a proposed change to your ads');
  });

  it('writes the expiry in UTC, whatever the server’s zone', () => {
    expect(expiryText('2026-01-31T23:59:00.000Z')).toBe('31 January 2026, 23:59 UTC');
  });
});
