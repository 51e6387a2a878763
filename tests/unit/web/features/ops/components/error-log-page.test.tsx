import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_LOG_REFRESH_MS, ErrorLogPage } from '@web/features/ops/components/error-log-page';
import { appendErrorLog, clearErrorLog, getErrorLog, type ErrorLogEntry } from '@web/lib/errors/error-log';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn() } }));

const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const entry = (minutesAgo: number, code: string, message: string): ErrorLogEntry => ({
  message,
  code,
  context: { component: 'Test', url: 'http://localhost/dashboard', userAgent: 'jsdom' },
  timestamp: new Date(NOW - minutesAgo * 60_000).toISOString(),
});

beforeEach(() => {
  clearErrorLog();
  vi.mocked(toast.success).mockReset();
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

const count = (label: string) => screen.getByLabelText(label).textContent;

describe('error log page', () => {
  it('says so when nothing went wrong, with Clear disabled', () => {
    render(<ErrorLogPage />);
    expect(screen.getByText(/No errors logged/)).toBeInTheDocument();
    expect(count('Errors in the last 5 minutes')).toBe('0');
    expect(count('Errors in the last 24 hours')).toBe('0');
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
  });

  it('counts the last 5 minutes and 24 hours and lists entries newest first with their severity', () => {
    appendErrorLog(entry(26 * 60, 'OLD_ERROR', 'from yesterday'));
    appendErrorLog(entry(60, 'NETWORK_ERROR', 'an hour ago'));
    appendErrorLog(entry(2, 'CRITICAL_FAILURE', 'just now'));
    render(<ErrorLogPage />);

    expect(count('Errors in the last 5 minutes')).toBe('1');
    expect(count('Errors in the last 24 hours')).toBe('2');
    const items = within(screen.getByRole('list', { name: 'Error log entries' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('code')?.textContent)).toEqual([
      'CRITICAL_FAILURE',
      'NETWORK_ERROR',
      'OLD_ERROR',
    ]);
    expect(within(items[0]!).getByText('critical')).toBeInTheDocument();
    expect(within(items[1]!).getByText('warning')).toBeInTheDocument();
    expect(within(items[2]!).getByText('info')).toBeInTheDocument();
    expect(within(items[0]!).getByText(/Test · http:\/\/localhost\/dashboard/)).toBeInTheDocument();
  });

  it('picks up new errors and moves the windows on its 30-second refresh', () => {
    appendErrorLog(entry(3, 'UNKNOWN_ERROR', 'three minutes ago'));
    render(<ErrorLogPage />);
    expect(count('Errors in the last 5 minutes')).toBe('1');

    appendErrorLog(entry(0, 'VALIDATION_ERROR', 'new one'));
    act(() => vi.advanceTimersByTime(ERROR_LOG_REFRESH_MS - 1));
    expect(screen.queryByText('new one')).not.toBeInTheDocument();

    // Three minutes later the first entry has left the 5-minute window; the new one is listed.
    vi.setSystemTime(NOW + 3 * 60_000);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('new one')).toBeInTheDocument();
    expect(count('Errors in the last 5 minutes')).toBe('1');
    expect(count('Errors in the last 24 hours')).toBe('2');
  });

  it('clears the log with the toast "Error log cleared"', async () => {
    vi.useRealTimers();
    appendErrorLog(entry(1, 'UNKNOWN_ERROR', 'something'));
    render(<ErrorLogPage />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear' }));
    expect(getErrorLog()).toEqual([]);
    expect(screen.getByText(/No errors logged/)).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Error log cleared');
  });
});
