import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ShownOnceLink } from '@web/components/shown-once-link';

describe('ShownOnceLink', () => {
  it('shows the link read-only under its label, copies it, and a new link starts as not copied', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const { rerender } = render(<ShownOnceLink label="Approval link" url="https://app.example.com/approve/one" />);
    const box = screen.getByRole('textbox', { name: 'Approval link' });
    expect(box).toHaveValue('https://app.example.com/approve/one');
    expect(box).toHaveAttribute('readonly');
    expect(screen.getByText('Shown once: send it to your client now.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('https://app.example.com/approve/one');
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();

    rerender(<ShownOnceLink label="Onboarding link" url="https://app.example.com/onboard/two" />);
    expect(screen.getByRole('textbox', { name: 'Onboarding link' })).toHaveValue('https://app.example.com/onboard/two');
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });
});
